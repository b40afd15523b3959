import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pdfTrailer, runLoad, samePdf, type LoadSpec } from '../../bench/load';

/** A PDF-like text: a binary middle (multi-byte and invalid UTF-8) and an ASCII trailer, as pdfkit writes it. */
function pdf(middle: Buffer, size = 12, offset = 1234): Buffer {
  return Buffer.concat([
    Buffer.from('%PDF-1.3\n%\xff\xff\xff\xff\n', 'latin1'),
    middle,
    Buffer.from(`\ntrailer\n<<\n/Size ${size}\n/Root 2 0 R\n/ID [<ab> <ab>]\n>>\nstartxref\n${offset}\n%%EOF\n`, 'latin1'),
  ]);
}

/** Decodes like autocannon: each chunk on its own as UTF-8, then joined. */
function decodeInChunks(bytes: Buffer, size: number): string {
  let text = '';
  for (let i = 0; i < bytes.length; i += size) text += bytes.subarray(i, i + size).toString('utf8');
  return text;
}

describe('the bench PDF body check', () => {
  const middle = Buffer.from([0xc3, 0xa4, 0xe2, 0x82, 0xac, 0xf0, 0x9f, 0x98, 0x80, 0x80, 0xff, 0x00, 0x41, 0xe2, 0x82, 0xac]);
  const expected = pdf(middle).toString('utf8');

  it('accepts the same PDF however the load generator splits it into chunks', () => {
    for (const size of [1, 2, 3, 5, 7, 64]) expect(samePdf(decodeInChunks(pdf(middle), size), pdfTrailer(expected)), `chunks of ${size}`).toBe(true);
  });

  it('refuses a body that is not a PDF, a PDF of another length, another document and a truncated one', () => {
    const trailer = pdfTrailer(expected);
    expect(samePdf('{"error":"NOT_FOUND"}', trailer)).toBe(false);
    expect(samePdf(pdf(middle, 12, 1300).toString('utf8'), trailer)).toBe(false);
    expect(samePdf(pdf(middle, 13).toString('utf8'), trailer)).toBe(false);
    expect(samePdf(expected.slice(0, -6), trailer)).toBe(false);
    expect(samePdf(expected, '')).toBe(false);
  });
});

describe('the bench load spread over sessions (--sessions)', () => {
  // A real node:http server on loopback that answers `{}` (a write: `{"data":{"w":{"ok":{}}}}`) and records which
  // cookie each connection sent, in order.
  const byConnection = new Map<object, string[]>();
  let server: Server;
  let url: string;
  beforeAll(async () => {
    server = createServer((req, res) => {
      const seen = byConnection.get(req.socket) ?? [];
      seen.push(req.headers.cookie ?? '');
      byConnection.set(req.socket, seen);
      req.resume();
      req.on('end', () => res.writeHead(200, { 'content-type': 'application/json' }).end(req.method === 'POST' ? '{"data":{"w":{"ok":{}}}}' : '{}'));
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/x`;
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  const spec = (over: Partial<LoadSpec>): LoadSpec => ({
    url,
    method: 'GET',
    headers: { cookie: 's=0' },
    duration: 10,
    amount: 120,
    connections: 4,
    expected: '{}',
    sampleEvery: 1,
    ...over,
  });

  it('gives connection i session i modulo their number, for every request it sends', async () => {
    byConnection.clear();
    const result = await runLoad(spec({ cookies: ['s=a', 's=b'] }));
    expect(result.bodyMismatches).toBe(0);
    const perConnection = [...byConnection.values()];
    expect(perConnection).toHaveLength(4);
    for (const seen of perConnection) expect(new Set(seen).size).toBe(1);
    expect(perConnection.map((seen) => seen[0]).sort()).toEqual(['s=a', 's=a', 's=b', 's=b']);
  });

  it("sends the request's own cookie without sessions, and spreads mixed traffic by request count", async () => {
    byConnection.clear();
    await runLoad(spec({}));
    expect(new Set([...byConnection.values()].flat())).toEqual(new Set(['s=0']));
    byConnection.clear();
    const write = { method: 'POST' as const, path: '/x', headers: { cookie: 's=0', 'content-type': 'application/json' }, body: '{}' };
    const result = await runLoad(spec({ cookies: ['s=a', 's=b', 's=c'], writes: { every: 2, field: 'w', requests: [write] } }));
    expect(result.writes?.refused).toBe(0);
    const all = [...byConnection.values()].flat();
    expect(new Set(all)).toEqual(new Set(['s=a', 's=b', 's=c']));
    for (const cookie of ['s=a', 's=b', 's=c']) expect(all.filter((c) => c === cookie).length).toBeGreaterThanOrEqual(35);
  });
});

describe('the bench load rotating over many members (bench/members.ts)', () => {
  // Answers `{"member":"<cookie>"}`, or for the cookie `m=liar` another member's answer (a session mix-up).
  const cookiesSeen: string[] = [];
  let server: Server;
  let url: string;
  beforeAll(async () => {
    server = createServer((req, res) => {
      const cookie = req.headers.cookie ?? '';
      cookiesSeen.push(cookie);
      req.resume();
      req.on('end', () => res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ member: cookie === 'm=liar' ? 'm=0' : cookie })));
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/x`;
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  const run = (cookies: string[]) =>
    runLoad({
      url,
      method: 'GET',
      headers: {},
      duration: 5,
      amount: 120,
      connections: 4,
      expected: '',
      sampleEvery: 1,
      rotation: { cookies, expected: cookies.map((c) => JSON.stringify({ member: c })) },
    });

  it('sends each session in turn, request by request, and checks every answer against that member’s own', async () => {
    cookiesSeen.length = 0;
    const cookies = Array.from({ length: 7 }, (_, i) => `m=${i}`);
    const result = await run(cookies);
    expect(result.bodyMismatches).toBe(0);
    expect(result.bodiesChecked).toBe(120);
    // 120 requests over 7 members: every member asked 17 or 18 times, whichever connection sent it.
    const counts = cookies.map((c) => cookiesSeen.filter((seen) => seen === c).length);
    expect(Math.min(...counts)).toBeGreaterThanOrEqual(17);
    expect(Math.max(...counts)).toBeLessThanOrEqual(18);
  });

  it('counts an answer that belongs to another member as wrong', async () => {
    const result = await run(['m=0', 'm=1', 'm=liar']);
    expect(result.bodyMismatches).toBe(40);
    expect(result.firstMismatch).toContain('"member":"m=0"');
  });
});
