import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LOGIN_PRODUCT_METHOD, REST_METHODS, type RestMethod } from '../../server/rest/registry';
import { TENANTS } from '../../server/tenants';
import { DEMO_PASSWORD, PortalClient } from '../helpers/client';
import { emailOf } from '../helpers/scenarios';
import { startTestServer, type TestServer } from '../helpers/test-server';
import { MALFORMED_CONTENT_TYPE, MALFORMED_MULTIPART_BODIES } from './malformed-multipart';
import { hostileRequest } from './hostile-bodies';
import { StateWatch } from './graphql-operations';

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
/** The stored state a refused call must not change (every table but the security log, which records refusals). */
let state: StateWatch;
const rejections: unknown[] = [];
const onRejection = (reason: unknown) => rejections.push(reason);

beforeAll(async () => {
  process.on('unhandledRejection', onRejection);
  server = await startTestServer({ members: 2, background: false });
  loggedIn = new PortalClient(server.url);
  await loggedIn.rest('login', { user: emailOf('anna'), password: DEMO_PASSWORD });
  state = new StateWatch(server);
});
afterAll(async () => {
  process.off('unhandledRejection', onRejection);
  await server.close();
});

const fieldsOf = (m: RestMethod): string[] => Object.keys((m.input as unknown as { shape?: Record<string, unknown> }).shape ?? {});
const LEAK = /node_modules|\/work\/|\.ts:\d+|\bat [\w.<>]+ \(|SqliteError|TypeError|ReferenceError/;

describe('REST malformed multipart bodies (decision 0045)', () => {
  it('every method refuses each of them with a 4xx, with and without a session, and changes nothing', async () => {
    for (const { name } of METHODS) {
      for (const [kind, body] of Object.entries(MALFORMED_MULTIPART_BODIES)) {
        for (const withSession of [false, true]) {
          const before = await state.before();
          const headers: Record<string, string> = { 'x-application-version': 'Portal', 'content-type': MALFORMED_CONTENT_TYPE };
          if (withSession) headers.cookie = [...loggedIn.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
          const res = await fetch(`${server.url}/rest/${name}`, { method: 'POST', headers, body });
          const text = await res.text();
          expect(res.status, `${name} ${kind} → ${res.status}: ${text.slice(0, 200)}`).toBeGreaterThanOrEqual(400);
          expect(res.status, `${name} ${kind}`).toBeLessThan(500);
          expect(text).not.toMatch(LEAK);
          expect(await state.changedBy(before), `${name} ${kind} changed state`).toBeNull();
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
          const before = await state.before();
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
            expect(await state.changedBy(before), `${request.kind} refused with ${res.status} but changed state`).toBeNull();
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
