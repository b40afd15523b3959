import { request as httpRequest } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { postFundMessage } from '../../server/cli/fund';
import { graphql } from '../gql';
import type { PortalClient } from '../helpers/client';
import { sqlRun, sqlValue } from '../helpers/raw-sql';
import { emailOf, loginAs } from '../helpers/scenarios';
import { TEST_ENGINE } from '../helpers/test-db';
import { startTestServer, TEST_TODAY, type TestServer } from '../helpers/test-server';
import { sessionCookieName } from '../../server/platform/request-context';
import { hashToken } from '../../server/modules/session/session-token';
import { sessionGateReader } from '../../server/http/response-cache';
import { CHANGE_ADDRESS } from './profile-operations';
import { cachedRequests, tablesRead, type CachedRequest } from './response-cache-requests';

/**
 * The per-process response cache of the hot reads (server/http/response-cache.ts, decision 0038) on
 * the engine of the run: a hit answers what the normal path answered, byte for byte, reading only the session and
 * the data versions; every kind of write to the person's data (GraphQL and REST mutations, the operator command, a
 * direct SQL write) is seen by the next read; logout, time-out, another person's session and a new Vienna day never
 * get a stored answer. Two processes: tests/cluster/response-cache.test.ts; which tables carry version triggers:
 * tests/api/response-cache-guard.test.ts.
 */
let server: TestServer;
let requests: Record<string, CachedRequest>;

beforeAll(async () => {
  server = await startTestServer({ members: 3, background: false });
  requests = cachedRequests();
});
afterAll(async () => {
  await server.close();
});

const LOGOUT = graphql(`
  mutation ResponseCacheLogout {
    logout {
      ok {
        loggedOut
      }
    }
  }
`);

/** Sends `request` on `client` and answers status, body text, the headers that matter and the tables it read. */
async function send(client: PortalClient, request: CachedRequest) {
  let res!: Response;
  const tables = await tablesRead(server.db, async () => {
    res = await client.fetch(request.path, request.init);
  });
  const text = await res.text();
  const headers = Object.fromEntries(['content-type', 'content-encoding', 'cache-control', 'vary', 'content-security-policy'].map((h) => [h, res.headers.get(h)]));
  return { status: res.status, text, headers, tables, setCookie: res.headers.getSetCookie() };
}

/**
 * Sends `request` over node:http (which keeps the header lines as the server wrote them, unlike fetch) and answers the
 * header names in their order and spelling, without those node:http writes itself for every answer.
 */
function rawHeaderNames(client: PortalClient, request: CachedRequest, acceptEncoding: string): Promise<string[]> {
  const init = request.init;
  const headers: Record<string, string> = {
    ...(init.headers as Record<string, string> | undefined),
    'x-application-version': 'Portal',
    cookie: [...client.cookies].map(([k, v]) => `${k}=${v}`).join('; '),
    'accept-encoding': acceptEncoding,
  };
  const body = typeof init.body === 'string' ? init.body : '';
  return new Promise((resolve, reject) => {
    const req = httpRequest(client.baseUrl + request.path, { method: init.method ?? 'GET', headers: { ...headers, 'content-length': String(Buffer.byteLength(body)) } }, (res) => {
      res.resume();
      res.on('end', () => resolve(res.rawHeaders.filter((_, i) => i % 2 === 0).filter((name) => !['Date', 'Connection', 'Keep-Alive', 'Transfer-Encoding'].includes(name))));
      res.on('error', reject);
    });
    req.on('error', reject);
    req.end(body);
  });
}

/**
 * The tables of a hit: the session check and the data versions. On SQLite the session's gate row is kept until the
 * next commit (db/read-memo.ts, whose tests show the re-read after every kind of commit), so a hit reads those two
 * tables when something was committed since the last request, and no table otherwise.
 */
const GATE = ['data_versions', 'sessions'];

/** Whether `tables` are what a hit reads (`GATE`, or on SQLite possibly nothing). */
function isHit(tables: string[]): boolean {
  return (TEST_ENGINE === 'sqlite' && tables.length === 0) || (tables.length === GATE.length && tables.every((t, i) => t === GATE[i]));
}

describe(`response cache on ${TEST_ENGINE}`, () => {
  it('answers a repeated read from the cache with the same bytes and headers, reading only the session and the versions', async () => {
    const anna = await loginAs(server, 'anna');
    for (const [name, request] of Object.entries(requests)) {
      const miss = await send(anna, request);
      expect(miss.status, name).toBe(200);
      expect(miss.tables.length, name).toBeGreaterThan(GATE.length);
      const hit = await send(anna, request);
      expect(isHit(hit.tables), name).toBe(true);
      // SQLite: with nothing committed since the previous request, the kept gate row answers (no table read).
      if (TEST_ENGINE === 'sqlite') expect((await send(anna, request)).tables, name).toEqual([]);
      expect(hit.text, name).toBe(miss.text);
      expect(hit.headers, name).toEqual(miss.headers);
      expect(hit.setCookie, name).toEqual([]);
    }
  });

  it('shows a change made through GraphQL and through REST at the next read', async () => {
    const anna = await loginAs(server, 'anna');
    await send(anna, requests.personalData!);
    const address = { street: 'Cachegasse 1', postcode: '1010', city: 'Wien', country: 'AT', poBox: null, validFrom: TEST_TODAY };
    expect((await anna.operation(CHANGE_ADDRESS, { input: address })).body.data?.changeAddress.ok).toBeTruthy();
    expect((await send(anna, requests.personalData!)).text).toContain('Cachegasse 1');
    const form = { ...address, street: 'Restgasse 2', poBox: '' };
    expect((await anna.rest('changeAddress', form)).json).toMatchObject({ ok: true });
    expect((await send(anna, requests.personalData!)).text).toContain('Restgasse 2');
  });

  it('shows a message posted by the operator command and a document changed by SQL at the next read', async () => {
    const anna = await loginAs(server, 'anna');
    const unread = async () => (JSON.parse((await send(anna, requests.dashboardGet!)).text) as { data: { me: { unreadMessageCount: number } } }).data.me.unreadMessageCount;
    const before = await unread();
    expect(await unread()).toBe(before);
    await postFundMessage(server.deps, { to: emailOf('anna'), from: 'PENSION_FUND', subject: 'Cache', body: 'Neu', attachments: [] });
    expect(await unread()).toBe(before + 1);

    const overview = async () => (await send(anna, requests.documentsPost!)).text;
    const first = await overview();
    const annaId = await sqlValue<number>(server.db, 'SELECT id FROM persons WHERE email = ?', emailOf('anna'));
    await sqlRun(server.db, `UPDATE documents SET title = 'Per SQL geändert' WHERE id = (SELECT max(id) FROM documents WHERE person_id = ?)`, annaId);
    const second = await overview();
    expect(second).not.toBe(first);
    expect(second).toContain('Per SQL geändert');
  });

  it('answers the session error after logout, not the stored answer', async () => {
    const anna = await loginAs(server, 'anna');
    expect(isHit((await send(anna, requests.dashboardPost!)).tables)).toBe(false);
    const cookies = new Map(anna.cookies);
    expect(isHit((await send(anna, requests.dashboardPost!)).tables)).toBe(true);
    await anna.operation(LOGOUT);
    anna.cookies = cookies;
    const after = await send(anna, requests.dashboardPost!);
    // Every root field of the dashboard (person, calculator access) answers the session error, none a stored value.
    const afterLogout = JSON.parse(after.text) as { data: unknown; errors: { extensions: { code: string } }[] };
    expect(afterLogout.data).toBeNull();
    expect(new Set(afterLogout.errors.map((e) => e.extensions.code))).toEqual(new Set(['UNAUTHENTICATED']));
    const rest = await send(anna, requests.personalData!);
    expect(rest.status).toBe(406);
  });

  it('reads the gate rows of the lookups of one event-loop turn with one query, each its own row', async () => {
    const anna = await loginAs(server, 'anna');
    const bernd = await loginAs(server, 'bernd');
    const cookieName = sessionCookieName(server.deps.config);
    const [annaHash, berndHash] = [anna, bernd].map((client) => hashToken(client.cookies.get(cookieName)!));
    const gate = sessionGateReader(server.db);
    const statements: string[] = [];
    const stop = server.db.watchStatements((s) => statements.push(s.sql));
    const rows = await Promise.all([gate(annaHash!), gate(berndHash!), gate(annaHash!), gate('0'.repeat(64))]);
    stop();
    expect(statements).toHaveLength(1);
    expect(statements[0]).toMatch(/from\s+"sessions"/i);
    const ids = await Promise.all((['anna', 'bernd'] as const).map((who) => sqlValue<number>(server.db, 'SELECT id FROM persons WHERE email = ?', emailOf(who))));
    expect(rows.map((row) => row?.personId)).toEqual([ids[0], ids[1], ids[0], undefined]);
  });

  it("never answers another person's session with anna's entry", async () => {
    const anna = await loginAs(server, 'anna');
    const bernd = await loginAs(server, 'bernd');
    for (const [name, request] of Object.entries(requests)) {
      const annas = await send(anna, request);
      await send(anna, request);
      const bernds = await send(bernd, request);
      expect(isHit(bernds.tables), name).toBe(false);
      expect(bernds.text, name).not.toBe(annas.text);
    }
  });

  it('writes the header names of a hit as the normal path writes them (Content-Type, not content-type; same order uncompressed)', async () => {
    for (const [name, request] of Object.entries(requests)) {
      const anna = await loginAs(server, 'anna');
      const miss = await rawHeaderNames(anna, request, 'identity');
      const hit = await rawHeaderNames(anna, request, 'identity');
      expect(miss, name).toContain('Content-Security-Policy');
      expect(hit, name).toEqual(miss);
      const missGzip = await rawHeaderNames(anna, request, 'gzip');
      const hitGzip = await rawHeaderNames(anna, request, 'gzip');
      // Compressed, the normal path streams (chunked) and the hit sends Content-Length: the other names are the same.
      const withoutLength = (names: string[]) => names.filter((n) => n !== 'Content-Length').sort();
      expect(withoutLength(hitGzip), name).toEqual(withoutLength(missGzip));
    }
  });

  it('answers a hit in the encoding the request accepts, with the headers and bytes of the normal path', async () => {
    for (const encoding of ['br', 'gzip', 'deflate', 'identity', 'gzip;q=0, br;q=0.5']) {
      for (const [name, request] of Object.entries(requests)) {
        const anna = await loginAs(server, 'anna');
        const init = { ...request.init, headers: { ...(request.init.headers as Record<string, string>), 'accept-encoding': encoding } };
        const miss = await send(anna, { ...request, init });
        const hit = await send(anna, { ...request, init });
        expect(isHit(hit.tables), `${name} ${encoding}`).toBe(true);
        expect(hit.text, `${name} ${encoding}`).toBe(miss.text);
        expect(hit.headers, `${name} ${encoding}`).toEqual(miss.headers);
        const large = Buffer.byteLength(miss.text) >= server.deps.config.COMPRESSION_THRESHOLD_BYTES;
        const expected = !large || encoding === 'identity' ? null : encoding.startsWith('gzip;') ? 'br' : encoding;
        expect(hit.headers['content-encoding'], `${name} ${encoding}`).toBe(expected);
        expect(hit.headers.vary, `${name} ${encoding}`).toMatch(/Accept-Encoding/);
      }
    }
  });

  it('takes the normal path, which touches the session, once the session is due for its last-seen write', async () => {
    const anna = await loginAs(server, 'anna');
    await send(anna, requests.dashboardGet!);
    expect(isHit((await send(anna, requests.dashboardGet!)).tables)).toBe(true);
    server.clock.advance(16_000);
    const statements: string[] = [];
    const stop = server.db.watchStatements((s) => statements.push(s.sql));
    const due = await send(anna, requests.dashboardGet!);
    stop();
    expect(due.status).toBe(200);
    expect(statements.some((sql) => /^update\s+"sessions"\s+set\s+"last_seen_at"/i.test(sql))).toBe(true);
    expect(isHit((await send(anna, requests.dashboardGet!)).tables)).toBe(true);
  });

  it('answers SESSION_TIMEOUT after the idle time-out, and computes anew on a new Vienna day', async () => {
    const anna = await loginAs(server, 'anna');
    await send(anna, requests.dashboardGet!);
    expect(isHit((await send(anna, requests.dashboardGet!)).tables)).toBe(true);
    server.clock.advance(15 * 60_000);
    const timedOut = await send(anna, requests.dashboardGet!);
    const timedOutAnswer = JSON.parse(timedOut.text) as { data: unknown; errors: { extensions: { code: string } }[] };
    expect(timedOutAnswer.data).toBeNull();
    expect(new Set(timedOutAnswer.errors.map((e) => e.extensions.code))).toEqual(new Set(['SESSION_TIMEOUT']));
    expect((await send(anna, requests.personalData!)).status).toBe(423);

    // 23:55 Vienna (UTC+1 in November), then ten minutes later: the same session on the next day.
    server.clock.set(Date.parse(`${TEST_TODAY}T22:55:00Z`));
    const late = await loginAs(server, 'anna');
    await send(late, requests.dashboardGet!);
    expect(isHit((await send(late, requests.dashboardGet!)).tables)).toBe(true);
    server.clock.advance(10 * 60_000);
    const nextDay = await send(late, requests.dashboardGet!);
    expect(nextDay.status).toBe(200);
    expect(isHit(nextDay.tables)).toBe(false);
    expect(isHit((await send(late, requests.dashboardGet!)).tables)).toBe(true);
  });
});
