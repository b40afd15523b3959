import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../helpers/test-server';
import { hostileRequest, scalar } from './hostile-bodies';

/**
 * `POST /oauth/token` (decision 0050, RFC 6749 section 4.4) is no REST-registry method: here it gets the generated
 * hostile bodies (form, JSON, multipart, truncated, wrong content types) with hostile `Authorization` headers, half
 * with a real client's id. Pass: no 5xx, no stack trace or path, an RFC 6749 section 5.2 error body on every refusal,
 * and never a token without the client's secret.
 */
const RUNS = Number(process.env.FUZZ_RUNS ?? 500);
const LEAK = /node_modules|\/work\/|\.ts:\d+|\bat [\w.<>]+ \(|SqliteError|TypeError|ReferenceError/;
const OAUTH_ERRORS = ['invalid_request', 'invalid_client', 'invalid_grant', 'unauthorized_client', 'unsupported_grant_type', 'invalid_scope'];

let server: TestServer;
let clientId: string;

beforeAll(async () => {
  server = await startTestServer({ members: 1, env: { FUND_TOKEN_IP_MAX_PER_MINUTE: '1000000' } });
  const { createFundTokens } = await import('../../server/fund/access/fund-tokens');
  const { createFundAccessStore } = await import('../../server/fund/access/fund-access.store');
  const tokens = createFundTokens({ store: createFundAccessStore(server.db), clock: server.clock, origin: server.url });
  clientId = (await tokens.createClient('Hostile', 'claims:read')).clientId;
});
afterAll(async () => {
  await server.close();
});

describe('/oauth/token hostile input (property-based)', () => {
  it('refuses hostile bodies and credentials with RFC 6749 errors, never a token', async () => {
    const authorization = fc.oneof(
      fc.constant(undefined),
      scalar.map((v) => `Basic ${Buffer.from(`${String(v)}:${String(v)}`).toString('base64')}`),
      fc.constant(`Basic ${Buffer.from(`${'x'}:`).toString('base64')}`),
      scalar.map((v) => `Bearer ${String(v)}`.slice(0, 4000)),
      scalar.map((v) => String(v).slice(0, 4000)),
    );
    await fc.assert(
      fc.asyncProperty(hostileRequest(['grant_type', 'client_id', 'client_secret', 'scope']), authorization, fc.boolean(), async (request, auth, withId) => {
        const headers: Record<string, string> = {};
        if (request.contentType) headers['content-type'] = request.contentType;
        if (auth && /^[\x20-\x7e]*$/.test(auth)) headers.authorization = auth;
        let body = request.body;
        if (withId && typeof body === 'string' && request.kind === 'form') body = `${body}&client_id=${encodeURIComponent(clientId)}&grant_type=client_credentials`;
        const res = await fetch(`${server.url}/oauth/token`, { method: 'POST', headers, body: body as BodyInit });
        const text = await res.text();
        expect(res.status, `${request.kind} → ${res.status}: ${text.slice(0, 200)}`).toBeLessThan(500);
        expect(text).not.toMatch(LEAK);
        expect(res.status).not.toBe(200);
        if (res.status === 400 || res.status === 401) expect(OAUTH_ERRORS).toContain((JSON.parse(text) as { error: string }).error);
      }),
      { numRuns: RUNS },
    );
  }, 300_000);
});
