import { Secret, TOTP } from 'otpauth';
import { createStaffService } from '../../server/fund/staff/staff.service';
import { createStaffStore } from '../../server/fund/staff/staff.store';
import type { FundAnswer } from './fund-client';
import type { TestServer } from './test-server';

/** A signed-in staff person of the workbench (decision 0054): their account id, and a call of /fund/graphql with the session cookie. */
export interface StaffTestSession {
  staffId: number;
  name: string;
  query<T = Record<string, unknown>>(query: string, variables?: Record<string, unknown>): Promise<FundAnswer<T>>;
}

/**
 * Creates a staff person with `role` on the test server, signs in with the initial password and a TOTP code computed at
 * the server's clock (RFC 6238), sets a new password, and moves the clock one step on (so the next sign-in's code is
 * fresh). The session calls /fund/graphql as the workbench does, with the `mvbv_staff` cookie.
 */
export async function signInStaff(server: TestServer, role: 'CLERK' | 'SUPERVISOR' | 'AUDITOR' | 'ADMIN', email: string, name: string): Promise<StaffTestSession> {
  const store = createStaffStore(server.db);
  const service = createStaffService({ store, clock: server.clock, lockout: { threshold: 5, ms: 3_600_000 } });
  const created = await service.create({ email, name, role });
  const secret = Secret.fromBase32(new URL(created.totpUri).searchParams.get('secret')!);
  const code = new TOTP({ secret, digits: 6, period: 30, algorithm: 'SHA1' }).generate({ timestamp: server.clock.now() });
  const post = (path: string, body: unknown, cookie?: string) =>
    fetch(`${server.url}${path}`, { method: 'POST', headers: { 'Content-Type': 'application/json', ...(cookie ? { Cookie: cookie } : {}) }, body: JSON.stringify(body) });
  const signIn = await post('/fund/staff/sign-in', { email, password: created.initialPassword, code });
  if (signIn.status !== 200) throw new Error(`staff sign-in failed: ${signIn.status}`);
  const cookie = signIn.headers.get('set-cookie')!.split(';')[0]!;
  await post('/fund/staff/password', { currentPassword: created.initialPassword, newPassword: 'Arbeitsplatz#2026sicher' }, cookie);
  server.clock.advance(30_000);
  const staffId = (await store.byEmail(email))!.id;
  return {
    staffId,
    name,
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
