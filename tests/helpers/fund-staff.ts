import { Secret, TOTP } from 'otpauth';
import type { StaffRole } from '../../server/fund/staff/roles';
import { createStaffService } from '../../server/fund/staff/staff.service';
import { createStaffStore } from '../../server/fund/staff/staff.store';
import type { FundAnswer } from './fund-client';
import type { TestServer } from './test-server';

/** The new password every test staff person sets at the first sign-in (passes the portal's rules). */
export const STAFF_TEST_PASSWORD = 'Arbeitsplatz#2026sicher';

/** The current TOTP code (RFC 6238: 30 s, 6 digits, SHA-1) of an `otpauth://` URI at the test server's clock. */
export function totpCodeOf(server: TestServer, uri: string): string {
  const secret = new URL(uri).searchParams.get('secret')!;
  return new TOTP({ secret: Secret.fromBase32(secret), digits: 6, period: 30, algorithm: 'SHA1' }).generate({ timestamp: server.clock.now() });
}

/** A signed-in staff person of the workbench: id, cookie and a GraphQL call to /fund/graphql with the cookie. */
export interface StaffTestSession {
  staffId: number;
  cookie: string;
  query<T = Record<string, unknown>>(query: string, variables?: Record<string, unknown>): Promise<FundAnswer<T>>;
}

/**
 * Signs in with password and TOTP at POST /fund/staff/sign-in (decision 0054): the account `email` is created with
 * `role` and `name` unless `initial` (the answer of a creation elsewhere) is given; the forced new password is set,
 * and the clock moves one TOTP step on so the next sign-in gets a fresh code.
 */
export async function staffTestSession(
  server: TestServer,
  role: StaffRole,
  email: string,
  name = `Test ${role}`,
  initial?: { initialPassword: string; totpUri: string },
): Promise<StaffTestSession> {
  const staff = createStaffService({ store: createStaffStore(server.db), clock: server.clock, lockout: { threshold: 5, ms: 3_600_000 } });
  const created = initial ?? (await staff.create({ email, name, role }));
  const post = (path: string, body: unknown, cookie?: string) =>
    fetch(`${server.url}${path}`, { method: 'POST', headers: { 'Content-Type': 'application/json', ...(cookie ? { Cookie: cookie } : {}) }, body: JSON.stringify(body) });
  const signIn = await post('/fund/staff/sign-in', { email, password: created.initialPassword, code: totpCodeOf(server, created.totpUri) });
  if (signIn.status !== 200) throw new Error(`staff sign-in failed: ${signIn.status} ${await signIn.text()}`);
  const cookie = signIn.headers.get('set-cookie')!.split(';')[0]!;
  const changed = await post('/fund/staff/password', { currentPassword: created.initialPassword, newPassword: STAFF_TEST_PASSWORD }, cookie);
  if (changed.status !== 200) throw new Error(`staff password change failed: ${changed.status}`);
  server.clock.advance(30_000);
  const row = await createStaffStore(server.db).byEmail(email.toLowerCase());
  return {
    staffId: row!.id,
    cookie,
    async query<T>(query: string, variables: Record<string, unknown> = {}): Promise<FundAnswer<T>> {
      const answer = await fetch(`${server.url}/fund/graphql`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', Cookie: cookie },
        body: JSON.stringify({ query, variables }),
      });
      const text = await answer.text();
      return { status: answer.status, headers: answer.headers, body: text ? (JSON.parse(text) as FundAnswer<T>['body']) : {} };
    },
  };
}
