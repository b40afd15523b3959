import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LOGIN_PRODUCT_METHOD, REST_METHODS, type RestMethod } from '../../server/rest/registry';
import { TENANTS } from '../../server/tenants';
import { DEMO_PASSWORD, PortalClient } from '../helpers/client';
import { emailOf } from '../helpers/scenarios';
import { startTestServer, type TestServer } from '../helpers/test-server';
import { MALFORMED_CONTENT_TYPE, MALFORMED_MULTIPART_BODIES } from './malformed-multipart';
import { hostileRequest } from './hostile-bodies';
import { sqlAll, sqlGet } from '../helpers/raw-sql';

/**
 * Every method of the REST registry gets at least 1,000 generated hostile bodies (FUZZ_RUNS overrides), half of them
 * with a logged-in session. Pass: no 5xx, no stack trace or file path in any answer, every answer within 2 s, no
 * unhandled rejection, and no stored state changed by a refused (4xx) call. A method added to the registry is
 * covered without touching this file.
 */
const RUNS = Number(process.env.FUZZ_RUNS ?? 1000);
const METHODS: { name: string; method: RestMethod }[] = [
  ...REST_METHODS.map((m) => ({ name: m.name, method: m })),
  { name: `login${TENANTS.main.loginProduct}`, method: LOGIN_PRODUCT_METHOD },
];

let server: TestServer;
let loggedIn: PortalClient;
const rejections: unknown[] = [];
const onRejection = (reason: unknown) => rejections.push(reason);

beforeAll(async () => {
  process.on('unhandledRejection', onRejection);
  server = await startTestServer({ members: 2, background: false });
  loggedIn = new PortalClient(server.url);
  await loggedIn.rest('login', { user: emailOf('anna'), password: DEMO_PASSWORD });
});
afterAll(async () => {
  process.off('unhandledRejection', onRejection);
  await server.close();
});

/** The last fingerprint and the database's write count when it was taken (see `fingerprint`). */
let lastFingerprint: { writes: number; value: string } | undefined;

/**
 * A fingerprint of the stored state a refused call must not change (the security log is excluded: it records
 * refusals). The test server runs in this process on this connection, so SQLite's `total_changes()` counts every
 * row the server wrote: while it has not moved, the last fingerprint still holds (the "before" of a call is then the
 * "after" of the previous one, which halves the queries). On PostgreSQL it is always taken afresh.
 */
async function fingerprint(): Promise<string> {
  const c = server.db;
  const writes = c.dialect === 'sqlite' ? (c.$client.prepare('SELECT total_changes()').pluck().get() as number) : -1;
  if (writes >= 0 && lastFingerprint?.writes === writes) return lastFingerprint.value;
  const value = await takeFingerprint();
  lastFingerprint = { writes, value };
  return value;
}

async function takeFingerprint(): Promise<string> {
  const c = server.db;
  return JSON.stringify([
    await sqlAll(c, `SELECT * FROM persons ORDER BY id`),
    await sqlAll(c, `SELECT person_id, access_status, failed_attempts, locked_until, password_hash FROM credentials ORDER BY person_id`),
    await sqlAll(c, `SELECT token_hash, stage, mailbox_type, selected_duty_id, ended_at FROM sessions ORDER BY token_hash`),
    await sqlGet(c, `SELECT count(*) AS n FROM login_attempts`),
    await sqlAll(c, `SELECT * FROM person_tokens ORDER BY token_hash`),
    await sqlGet(c, `SELECT count(*) AS n FROM messages`),
  ]);
}

const fieldsOf = (m: RestMethod): string[] => Object.keys((m.input as unknown as { shape?: Record<string, unknown> }).shape ?? {});
const LEAK = /node_modules|\/work\/|\.ts:\d+|\bat [\w.<>]+ \(|SqliteError|TypeError|ReferenceError/;

describe('REST malformed multipart bodies (decision 0045)', () => {
  it('every method refuses each of them with a 4xx, with and without a session, and changes nothing', async () => {
    for (const { name } of METHODS) {
      for (const [kind, body] of Object.entries(MALFORMED_MULTIPART_BODIES)) {
        for (const withSession of [false, true]) {
          const before = await fingerprint();
          const headers: Record<string, string> = { 'x-application-version': 'Portal', 'content-type': MALFORMED_CONTENT_TYPE };
          if (withSession) headers.cookie = [...loggedIn.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
          const res = await fetch(`${server.url}/rest/${name}`, { method: 'POST', headers, body });
          const text = await res.text();
          expect(res.status, `${name} ${kind} → ${res.status}: ${text.slice(0, 200)}`).toBeGreaterThanOrEqual(400);
          expect(res.status, `${name} ${kind}`).toBeLessThan(500);
          expect(text).not.toMatch(LEAK);
          expect(await fingerprint(), `${name} ${kind} changed state`).toBe(before);
        }
      }
    }
    expect(rejections).toEqual([]);
  }, 600_000);
});

describe('REST hostile input (property-based)', () => {
  it.each(METHODS.map((m) => [m.name, m.method] as const))(
    '%s survives hostile bodies',
    async (name, method) => {
      let refused = 0;
      await fc.assert(
        fc.asyncProperty(hostileRequest(fieldsOf(method)), fc.boolean(), async (request, withSession) => {
          const before = await fingerprint();
          const started = performance.now();
          const headers: Record<string, string> = { 'x-application-version': 'Portal' };
          if (request.contentType) headers['content-type'] = request.contentType;
          if (withSession) headers.cookie = [...loggedIn.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
          const res = await fetch(`${server.url}/rest/${name}`, { method: 'POST', headers, body: request.body as BodyInit });
          const text = await res.text();
          const elapsed = performance.now() - started;
          expect(res.status, `${request.kind} → ${res.status}: ${text.slice(0, 200)}`).toBeLessThan(500);
          expect(text).not.toMatch(LEAK);
          expect(elapsed).toBeLessThan(2000);
          if (res.status >= 400) {
            refused++;
            expect(await fingerprint(), `${request.kind} refused with ${res.status} but changed state`).toBe(before);
          }
        }),
        { numRuns: RUNS },
      );
      expect(refused).toBeGreaterThan(0);
      expect(rejections).toEqual([]);
    },
    600_000,
  );
});
