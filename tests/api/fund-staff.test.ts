import { Secret, TOTP } from 'otpauth';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createStaffService } from '../../server/fund/staff/staff.service';
import { createStaffStore } from '../../server/fund/staff/staff.store';
import { createFundTestClient } from '../helpers/fund-client';
import { sqlAll, sqlRun } from '../helpers/raw-sql';
import { loginAs } from '../helpers/scenarios';
import { startTestServer, type TestServer } from '../helpers/test-server';

/**
 * Staff of the workbench (decision 0054): password and TOTP sign-in (RFC 6238), forced password change, replayed codes,
 * lockout, idle end, disable, separation from members, role scopes at /fund/graphql, and the append-only audit trail.
 */
let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({ members: 1 });
});
afterAll(async () => {
  await server.close();
});

const NEW_PASSWORD = 'Arbeitsplatz#2026sicher';
const staffService = () => createStaffService({ store: createStaffStore(server.db), clock: server.clock, lockout: { threshold: 5, ms: 3_600_000 } });

/** The current TOTP code of an `otpauth://` URI at the server's clock, `stepOffset` steps later. */
function codeOf(uri: string, stepOffset = 0): string {
  const secret = new URL(uri).searchParams.get('secret')!;
  return new TOTP({ secret: Secret.fromBase32(secret), digits: 6, period: 30, algorithm: 'SHA1' }).generate({ timestamp: server.clock.now() + stepOffset * 30_000 });
}

async function post(path: string, body: unknown, cookie?: string) {
  const res = await fetch(`${server.url}${path}`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', ...(cookie ? { Cookie: cookie } : {}) },
    body: JSON.stringify(body),
  });
  const text = await res.text();
  return { status: res.status, cookie: res.headers.get('set-cookie')?.split(';')[0], body: text ? (JSON.parse(text) as Record<string, unknown>) : {} };
}
const EVENTS = JSON.stringify({ query: '{ events(first: 1) { pageInfo { hasNextPage } } }' });
const fundGraphql = (cookie: string, body = EVENTS, type = 'application/json') =>
  fetch(`${server.url}/fund/graphql`, { method: 'POST', headers: { 'Content-Type': type, Cookie: cookie }, body });

/** Creates a staff person, signs in with password and code, sets the new password; resolves to the session cookie. */
async function staffSession(role: string, email: string): Promise<{ cookie: string; uri: string }> {
  const created = await staffService().create({ email, name: `Test ${role}`, role });
  const signIn = await post('/fund/staff/sign-in', { email, password: created.initialPassword, code: codeOf(created.totpUri) });
  expect(signIn.status).toBe(200);
  await post('/fund/staff/password', { currentPassword: created.initialPassword, newPassword: NEW_PASSWORD }, signIn.cookie);
  server.clock.advance(30_000);
  return { cookie: signIn.cookie!, uri: created.totpUri };
}

describe('staff sign-in (password and TOTP)', () => {
  it('signs in with password and a computed code; the first sign-in forces a new password; a used code is refused', async () => {
    const created = await staffService().create({ email: 'sb@fund.example', name: 'Sabine Sachbearbeiterin', role: 'CLERK' });
    expect(created.totpUri).toMatch(/^otpauth:\/\/totp\/.+\?.*secret=[A-Z2-7]+/);
    expect((await post('/fund/staff/sign-in', { email: 'sb@fund.example', password: created.initialPassword, code: '000000' })).status).toBe(401);
    const code = codeOf(created.totpUri);
    const signIn = await post('/fund/staff/sign-in', { email: 'sb@fund.example', password: created.initialPassword, code });
    expect(signIn).toMatchObject({ status: 200, body: { mustChangePassword: true, role: 'CLERK' } });
    // Before the new password: no scope at all.
    expect((await fundGraphql(signIn.cookie!)).status).toBe(403);
    expect((await post('/fund/staff/password', { currentPassword: created.initialPassword, newPassword: 'kurz' }, signIn.cookie)).body.error).toBe('PASSWORD_TOO_SHORT');
    expect((await post('/fund/staff/password', { currentPassword: 'falsch', newPassword: NEW_PASSWORD }, signIn.cookie)).body.error).toBe('PASSWORD_INCORRECT');
    expect((await post('/fund/staff/password', { currentPassword: created.initialPassword, newPassword: NEW_PASSWORD }, signIn.cookie)).status).toBe(200);
    expect((await fundGraphql(signIn.cookie!)).status).toBe(200);
    // The same code again (same 30-second step) is refused, even with the right password.
    expect((await post('/fund/staff/sign-in', { email: 'sb@fund.example', password: NEW_PASSWORD, code })).status).toBe(401);
    server.clock.advance(30_000);
    expect((await post('/fund/staff/sign-in', { email: 'sb@fund.example', password: NEW_PASSWORD, code: codeOf(created.totpUri) })).status).toBe(200);
  });

  it('locks after 5 wrong attempts as for members; unknown e-mail gets the same answer as a wrong password', async () => {
    const created = await staffService().create({ email: 'lock@fund.example', name: 'Lena Lock', role: 'CLERK' });
    expect((await post('/fund/staff/sign-in', { email: 'nobody@fund.example', password: 'x', code: '123456' })).status).toBe(401);
    for (let i = 0; i < 5; i++) expect((await post('/fund/staff/sign-in', { email: 'lock@fund.example', password: 'falsch', code: '123456' })).status).toBe(401);
    const locked = await post('/fund/staff/sign-in', { email: 'lock@fund.example', password: created.initialPassword, code: codeOf(created.totpUri) });
    // The workbench shows "Gesperrt bis …" from the answer's instant: the lock's end, one hour after the fifth attempt.
    expect(locked).toMatchObject({ status: 423, body: { error: 'LOCKED', lockedUntil: new Date(server.clock.now() + 3_600_000).toISOString() } });
  });

  it('ends an idle session after 15 minutes, and every session of a disabled account at once', async () => {
    const { cookie } = await staffSession('CLERK', 'idle@fund.example');
    expect((await fundGraphql(cookie)).status).toBe(200);
    server.clock.advance(14 * 60_000);
    expect((await fundGraphql(cookie)).status).toBe(200);
    server.clock.advance(15 * 60_000);
    expect((await fundGraphql(cookie)).status).toBe(401);
    const second = await staffSession('CLERK', 'gone@fund.example');
    expect((await fundGraphql(second.cookie)).status).toBe(200);
    expect(await staffService().disable('gone@fund.example')).toBe(true);
    expect((await fundGraphql(second.cookie)).status).toBe(401);
    expect((await post('/fund/staff/sign-in', { email: 'gone@fund.example', password: NEW_PASSWORD, code: codeOf(second.uri, 1) })).status).toBe(403);
  });
});

describe('staff and members are separate principals; roles decide the scopes', () => {
  it('a staff session opens nothing of the members endpoints and a member session nothing of the staff', async () => {
    const { cookie } = await staffSession('SUPERVISOR', 'sep@fund.example');
    const me = await fetch(`${server.url}/graphql`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Cookie: cookie },
      body: JSON.stringify({ query: '{ me { id } }' }),
    });
    expect(((await me.json()) as { errors?: { extensions?: { code?: string } }[] }).errors?.[0]?.extensions?.code).toBe('UNAUTHENTICATED');
    const anna = await loginAs(server, 'anna');
    const memberCookie = [...anna.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
    expect((await fundGraphql(memberCookie)).status).toBe(401);
    expect((await fetch(`${server.url}/fund/staff/me`, { headers: { Cookie: memberCookie } })).status).toBe(401);
    // A cookie-carried POST must be JSON (no cross-site form).
    expect((await fundGraphql(cookie, 'query=%7B__typename%7D', 'application/x-www-form-urlencoded')).status).toBe(401);
  });

  it('AUDITOR reads, ADMIN reads no member data (403 naming the scope)', async () => {
    expect((await fundGraphql((await staffSession('AUDITOR', 'aud@fund.example')).cookie)).status).toBe(200);
    const admin = await fundGraphql((await staffSession('ADMIN', 'adm@fund.example')).cookie);
    expect(admin.status).toBe(403);
    expect(((await admin.json()) as { errors: { extensions: { scope: string } }[] }).errors[0]!.extensions.scope).toBe('events:read');
  });
});

describe('audit trail (append-only)', () => {
  it('records a staff read with who and what, and refuses every change or deletion of a record', async () => {
    const { cookie } = await staffSession('AUDITOR', 'trail@fund.example');
    const { id: staffId } = (await sqlAll<{ id: number }>(server.db, `SELECT id FROM staff_accounts WHERE email = 'trail@fund.example'`))[0]!;
    expect((await fundGraphql(cookie)).status).toBe(200);
    const rows = await sqlAll<{ kind: string; what: string }>(server.db, 'SELECT kind, what FROM staff_audit WHERE staff_id = ?', staffId);
    expect(rows).toEqual([{ kind: 'READ', what: 'events' }]);
    await expect(sqlRun(server.db, `UPDATE staff_audit SET what = 'nothing' WHERE staff_id = ${staffId}`)).rejects.toThrow(/append-only/);
    await expect(sqlRun(server.db, `DELETE FROM staff_audit WHERE staff_id = ${staffId}`)).rejects.toThrow(/append-only/);
    expect(await sqlAll(server.db, 'SELECT kind FROM staff_audit WHERE staff_id = ?', staffId)).toHaveLength(1);
  });
});

describe('the trail of an Apollo Client query', () => {
  it('records the root fields only, not the __typename Apollo Client adds to every selection', async () => {
    const { cookie } = await staffSession('CLERK', 'apollo@fund.example');
    const { id: staffId } = (await sqlAll<{ id: number }>(server.db, `SELECT id FROM staff_accounts WHERE email = 'apollo@fund.example'`))[0]!;
    const body = JSON.stringify({ query: '{ __typename events(first: 1) { __typename pageInfo { __typename hasNextPage } } }' });
    expect((await fundGraphql(cookie, body)).status).toBe(200);
    expect(await sqlAll(server.db, 'SELECT kind, what FROM staff_audit WHERE staff_id = ?', staffId)).toEqual([{ kind: 'READ', what: 'events' }]);
  });
});

describe('the trail of a repeated work-list read', () => {
  it('records each of two identical claims reads (the fund read memo serves machine clients only, decision 0060)', async () => {
    const { cookie } = await staffSession('CLERK', 'memo@fund.example');
    const { id: staffId } = (await sqlAll<{ id: number }>(server.db, `SELECT id FROM staff_accounts WHERE email = 'memo@fund.example'`))[0]!;
    const body = JSON.stringify({ query: '{ claims(first: 5) { edges { node { id status } } } }' });
    for (let i = 0; i < 2; i++) expect((await fundGraphql(cookie, body)).status).toBe(200);
    expect(await sqlAll(server.db, 'SELECT kind, what FROM staff_audit WHERE staff_id = ?', staffId)).toEqual([
      { kind: 'READ', what: 'claims' },
      { kind: 'READ', what: 'claims' },
    ]);
  });
});

describe('the auditor view of the trail (staffAudit)', () => {
  const TRAIL = `query($staffId: Int, $first: Int, $after: String) {
    staffAudit(staffId: $staffId, first: $first, after: $after) { edges { node { id staffId kind what } } pageInfo { hasNextPage endCursor } }
  }`;
  const trail = (cookie: string, variables: Record<string, unknown>) => fundGraphql(cookie, JSON.stringify({ query: TRAIL, variables }));
  type Trail = {
    data: { staffAudit: { edges: { node: { id: string; staffId: number; kind: string; what: string } }[]; pageInfo: { hasNextPage: boolean; endCursor: string | null } } } | null;
    errors?: { extensions: { code: string } }[];
  };

  it('an auditor reads the trail of one staff person page by page; a clerk, a supervisor and a machine client are refused', async () => {
    const clerk = await staffSession('CLERK', 'watched@fund.example');
    const { id: clerkId } = (await sqlAll<{ id: number }>(server.db, `SELECT id FROM staff_accounts WHERE email = 'watched@fund.example'`))[0]!;
    for (let i = 0; i < 3; i++) expect((await fundGraphql(clerk.cookie)).status).toBe(200);
    const auditor = await staffSession('AUDITOR', 'auditor@fund.example');

    const first = (await (await trail(auditor.cookie, { staffId: clerkId, first: 2 })).json()) as Trail;
    expect(first.data?.staffAudit.edges.map((e) => e.node)).toEqual([
      { id: expect.any(String), staffId: clerkId, kind: 'READ', what: 'events' },
      { id: expect.any(String), staffId: clerkId, kind: 'READ', what: 'events' },
    ]);
    expect(first.data?.staffAudit.pageInfo.hasNextPage).toBe(true);
    const rest = (await (await trail(auditor.cookie, { staffId: clerkId, first: 2, after: first.data!.staffAudit.pageInfo.endCursor })).json()) as Trail;
    expect(rest.data?.staffAudit.edges).toHaveLength(1);
    expect(rest.data?.staffAudit.pageInfo.hasNextPage).toBe(false);

    const refusedClerk = (await (await trail(clerk.cookie, { staffId: clerkId })).json()) as Trail;
    expect(refusedClerk.errors?.[0]?.extensions.code).toBe('FORBIDDEN');
    const supervisor = await staffSession('SUPERVISOR', 'sup-trail@fund.example');
    expect(((await (await trail(supervisor.cookie, {})).json()) as Trail).errors?.[0]?.extensions.code).toBe('FORBIDDEN');
    const machine = await createFundTestClient(server, 'events:read');
    const byMachine = (await machine.query(TRAIL, { staffId: clerkId })) as { body: Trail };
    expect(byMachine.body.errors?.[0]?.extensions.code).toBe('FORBIDDEN');
    const bad = (await (await trail(auditor.cookie, { after: 'x' })).json()) as Trail;
    expect(bad.errors?.[0]?.extensions.code).toBe('BAD_USER_INPUT');
  });
});
