import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_PASSWORD, PortalClient } from '../helpers/client';
import { emptyZipBytes, multipart, pdfBytes, zipBytes } from '../helpers/files';
import { emailOf } from '../helpers/scenarios';
import { startTestServer, type TestServer } from '../helpers/test-server';
import { hostileRequest, scalar } from './hostile-bodies';
import { sqlGet, sqlRun } from '../helpers/raw-sql';

/**
 * `POST /webportal/upload` (decision 0014) is not a REST-registry method, so the REST suite does not reach it: here
 * it gets the generated hostile bodies (FUZZ_RUNS, default 1,000; form, JSON, truncated, wrong content types), half
 * with a session, and multipart bodies whose file name, purpose and content are hostile. Pass: no 5xx, no stack trace
 * or file path, every answer within 2 s, and nothing stored unless the answer was 200 with a stored upload's shape.
 */
const RUNS = Number(process.env.FUZZ_RUNS ?? 1000);
const LEAK = /node_modules|\/work\/|\.ts:\d+|\bat [\w.<>]+ \(|SqliteError|TypeError|ReferenceError/;

let server: TestServer;
let anna: PortalClient;

beforeAll(async () => {
  server = await startTestServer({ members: 2 });
  anna = new PortalClient(server.url);
  await anna.rest('login', { user: emailOf('anna'), password: DEMO_PASSWORD });
});
afterAll(async () => {
  await server.close();
});

const stored = async () => ((await sqlGet(server.db, 'SELECT count(*) n FROM uploads')) as { n: number }).n;

async function send(body: BodyInit, contentType: string | null, withSession: boolean, query = 'purpose=inbox-attachment&lng=de') {
  const before = await stored();
  const headers: Record<string, string> = { 'x-application-version': 'Portal' };
  if (contentType) headers['content-type'] = contentType;
  if (withSession) headers.cookie = [...anna.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
  const started = performance.now();
  const res = await fetch(`${server.url}/webportal/upload?${query}`, { method: 'POST', headers, body });
  const text = await res.text();
  const elapsed = performance.now() - started;
  expect(res.status).toBeLessThan(500);
  expect(text).not.toMatch(LEAK);
  expect(elapsed).toBeLessThan(2000);
  if (res.status === 200) {
    expect(JSON.parse(text)).toMatchObject({ id: expect.stringMatching(/^[0-9a-f]{32}$/), contentType: expect.stringMatching(/^application\/(pdf|zip)$/) });
    expect(await stored()).toBe(before + 1);
    await sqlRun(server.db, 'DELETE FROM uploads');
  } else {
    expect(await stored()).toBe(before);
  }
  return res.status;
}

describe('webportal/upload hostile input (property-based)', () => {
  it('survives hostile bodies', async () => {
    await fc.assert(
      fc.asyncProperty(hostileRequest(['file', 'purpose']), fc.boolean(), async (request, withSession) => {
        await send(request.body as BodyInit, request.contentType, withSession);
      }),
      { numRuns: RUNS },
    );
  }, 300_000);

  it('survives hostile file names, purposes and contents in a well-formed multipart body', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.oneof(scalar.map(String), fc.constant('brief.pdf')),
        fc.oneof(scalar.map(String), fc.constantFrom('inbox-attachment', 'claim-document', 'merge-document')),
        fc.oneof(
          fc.uint8Array({ maxLength: 300 }).map((a) => Buffer.from(a)),
          fc.constant(pdfBytes()),
          // A polyglot: a PDF with a ZIP archive appended (refused for every purpose without ZIP).
          fc.constant(Buffer.concat([pdfBytes(), emptyZipBytes()])),
          // ZIP archives with hostile entry names and contents (inspected on merge-document).
          fc
            .tuple(fc.string({ maxLength: 40 }), fc.uint8Array({ maxLength: 200 }), fc.boolean())
            .map(([name, body, deflate]) => zipBytes([{ name: name || 'x', body: Buffer.from(body), deflate }])),
          fc.uint8Array({ maxLength: 300 }).map((a) => Buffer.concat([zipBytes([{ name: 'a.pdf', body: pdfBytes() }]).subarray(0, 40), Buffer.from(a)])),
        ),
        async (fileName, purpose, content) => {
          const { body, contentType } = multipart([{ name: 'file', fileName: fileName.replace(/["\r\n]/g, ''), contentType: 'application/pdf', body: content }]);
          // A lone surrogate cannot be percent-encoded (URIError); it stands for itself as U+FFFD, as a browser sends it.
          const wellFormed = purpose.replace(/[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g, '\ufffd');
          await send(body, contentType, true, `purpose=${encodeURIComponent(wellFormed)}&lng=de`);
        },
      ),
      { numRuns: Math.ceil(RUNS / 4) },
    );
  }, 300_000);
});
