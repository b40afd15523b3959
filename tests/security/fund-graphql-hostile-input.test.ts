import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FUND_SCOPES } from '../../server/fund/access/scopes';
import { createStaffService } from '../../server/fund/staff/staff.service';
import { createStaffStore } from '../../server/fund/staff/staff.store';
import { Secret, TOTP } from 'otpauth';
import { createFundTestClient, type FundTestClient } from '../helpers/fund-client';
import { loginAs } from '../helpers/scenarios';
import { startTestServer, type TestServer } from '../helpers/test-server';
import { fundRootOperations } from './fund-operations';
import { hostileRequest, scalar } from './hostile-bodies';

/**
 * The fund's endpoint `/fund/graphql` (decisions 0053, 0054) in the access matrix and the hostile-input suites. Every
 * root field of its schema, found from the SDL (so a new operation is covered without a list to keep): without a token
 * 401; with a member's session cookie 401; with a token holding every scope but the field's own 403 naming that scope;
 * for a staff ADMIN (no member data) 403 but for the ADMIN's own `staff:admin` operations (decision 0059; every role:
 * tests/security/fund-staff-roles.test.ts). Then generated hostile variables for every root field and hostile bodies with
 * a token of every scope: never a 5xx, a stack trace or a path.
 */
const RUNS = Number(process.env.FUZZ_RUNS ?? 200);
const LEAK = /node_modules|\/work\/|\.ts:\d+|\bat [\w.<>]+ \(|SqliteError|TypeError|ReferenceError|DrizzleError/;

let server: TestServer;
let all: FundTestClient;
let memberCookie: string;
let adminCookie: string;

const rootOperations = fundRootOperations;

async function post(body: string, headers: Record<string, string>) {
  const res = await fetch(`${server.url}/fund/graphql`, { method: 'POST', headers: { 'Content-Type': 'application/json', ...headers }, body });
  return { status: res.status, text: await res.text(), headers: res.headers };
}

beforeAll(async () => {
  server = await startTestServer({ members: 1, env: { FUND_TOKEN_IP_MAX_PER_MINUTE: '1000000' } });
  all = await createFundTestClient(server, FUND_SCOPES.join(' '), 'Alle Rechte');
  const anna = await loginAs(server, 'anna');
  memberCookie = [...anna.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
  const staff = createStaffService({ store: createStaffStore(server.db), clock: server.clock, lockout: { threshold: 5, ms: 3_600_000 } });
  const admin = await staff.create({ email: 'admin@fund.example', name: 'Adele Admin', role: 'ADMIN' });
  const code = new TOTP({ secret: Secret.fromBase32(new URL(admin.totpUri).searchParams.get('secret')!) }).generate({ timestamp: server.clock.now() });
  const signIn = await fetch(`${server.url}/fund/staff/sign-in`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ email: admin.email, password: admin.initialPassword, code }),
  });
  adminCookie = signIn.headers.get('set-cookie')!.split(';')[0]!;
  await fetch(`${server.url}/fund/staff/password`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Cookie: adminCookie },
    body: JSON.stringify({ currentPassword: admin.initialPassword, newPassword: 'Verwaltung#2026sicher' }),
  });
});
afterAll(async () => {
  await server.close();
});

describe('/fund/graphql access matrix, every root field from the SDL', () => {
  const operations = rootOperations();

  it('finds root fields, each with a declared scope', () => {
    expect(operations.length).toBeGreaterThan(0);
    for (const op of operations) expect([op.coordinate, typeof op.scope]).toEqual([op.coordinate, 'string']);
  });

  it.each(operations.map((op) => [op.coordinate, op] as const))('%s: 401 without a token or with a member cookie, 403 naming the scope without it', async (_name, op) => {
    const body = JSON.stringify({ query: op.document, variables: {} });
    expect((await post(body, {})).status).toBe(401);
    expect((await post(body, { Cookie: memberCookie })).status).toBe(401);
    const others = FUND_SCOPES.filter((s) => s !== op.scope).join(' ');
    const lacking = await createFundTestClient(server, others, `Ohne ${op.scope}`);
    const refused = await post(body, { Authorization: `Bearer ${lacking.token}` });
    expect(refused.status).toBe(403);
    expect((JSON.parse(refused.text) as { errors: { extensions: { scope: string } }[] }).errors[0]!.extensions.scope).toBe(op.scope);
    const admin = await post(body, { Cookie: adminCookie });
    if (op.scope === 'staff:admin') expect(admin.status).not.toBe(403);
    else expect(admin.status).toBe(403);
  });
});

describe('/fund/graphql hostile input (property-based)', () => {
  const operations = rootOperations().filter((op) => op.args.length > 0);
  const value = fc.oneof(scalar, fc.array(scalar, { maxLength: 3 }), fc.dictionary(fc.string({ maxLength: 20 }), scalar, { maxKeys: 4 }), fc.constant(null));

  it('answers hostile variables of every root field with a clear error, never a 5xx or a leak', async () => {
    if (operations.length === 0) return;
    await fc.assert(
      fc.asyncProperty(fc.constantFrom(...operations), fc.array(value, { minLength: 4, maxLength: 4 }), async (op, values) => {
        const variables = Object.fromEntries(op.args.map((name, i) => [name, values[i % values.length]]));
        const res = await post(JSON.stringify({ query: op.document, variables }), { Authorization: `Bearer ${all.token}` });
        expect(res.status, `${op.coordinate} → ${res.status}: ${res.text.slice(0, 300)}`).toBeLessThan(500);
        expect(res.text).not.toMatch(LEAK);
      }),
      { numRuns: RUNS },
    );
  }, 300_000);

  it('answers hostile bodies with a token of every scope: never a 5xx or a leak', async () => {
    await fc.assert(
      fc.asyncProperty(hostileRequest(['query', 'variables', 'operationName', 'extensions']), async (request) => {
        const headers: Record<string, string> = { Authorization: `Bearer ${all.token}` };
        if (request.contentType) headers['content-type'] = request.contentType;
        const res = await fetch(`${server.url}/fund/graphql`, { method: 'POST', headers, body: request.body as BodyInit });
        const text = await res.text();
        expect(res.status, `${request.kind} → ${res.status}: ${text.slice(0, 200)}`).toBeLessThan(500);
        expect(text).not.toMatch(LEAK);
      }),
      { numRuns: RUNS },
    );
  }, 300_000);
});
