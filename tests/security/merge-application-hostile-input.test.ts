import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PortalClient } from '../helpers/client';
import { loginAs } from '../helpers/scenarios';
import { startTestServer, type TestServer } from '../helpers/test-server';
import { scalar } from './hostile-bodies';

/**
 * `GET /webportal/zusammenlegung-antrag` (decision 0023 "Printable application") is not a REST-registry method: here
 * it gets hostile query strings, methods and bodies, with bernd's session (who may merge), anna's (who may not) and
 * none. Pass: no 5xx, no stack trace or path, a PDF only for a session that may merge or for `blank=1`, and a blank
 * PDF never names a member.
 */
const RUNS = Number(process.env.FUZZ_RUNS ?? 300);
const LEAK = /node_modules|\/work\/|\.ts:\d+|\bat [\w.<>]+ \(|SqliteError|TypeError|ReferenceError/;

let server: TestServer;
let bernd: PortalClient;
let anna: PortalClient;

beforeAll(async () => {
  server = await startTestServer({ members: 2 });
  [bernd, anna] = await Promise.all([loginAs(server, 'bernd'), loginAs(server, 'anna')]);
});
afterAll(async () => {
  await server.close();
});

describe('webportal/zusammenlegung-antrag hostile input (property-based)', () => {
  it('survives hostile query strings, methods and bodies', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(fc.tuple(fc.oneof(fc.constant('blank'), fc.string({ maxLength: 10 })), scalar.map(String)), { maxLength: 4 }),
        fc.constantFrom('GET', 'HEAD', 'POST', 'PUT', 'DELETE'),
        fc.constantFrom('bernd', 'anna', 'none'),
        async (params, method, who) => {
          const query = new URLSearchParams(params.map(([k, v]) => [k, v.slice(0, 2000)])).toString();
          const client = who === 'bernd' ? bernd : who === 'anna' ? anna : new PortalClient(server.url);
          const res = await client.fetch(`/webportal/zusammenlegung-antrag?${query}`, { method, ...(method === 'POST' || method === 'PUT' ? { body: query } : {}) });
          const bytes = Buffer.from(await res.arrayBuffer());
          expect(res.status, `${method} ${who} ${query}`).toBeLessThan(500);
          expect(bytes.toString('latin1')).not.toMatch(LEAK);
          const blank = new URLSearchParams(query).get('blank') === '1';
          if (res.status === 200) {
            expect(method === 'GET' || method === 'HEAD').toBe(true);
            expect(blank || who === 'bernd').toBe(true);
            if (method === 'GET') expect(bytes.subarray(0, 5).toString()).toBe('%PDF-');
          }
        },
      ),
      { numRuns: RUNS },
    );
  }, 300_000);
});
