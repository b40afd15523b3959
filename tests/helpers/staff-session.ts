import type { StaffRole } from '../../server/fund/staff/roles';
import { staffTestSession, type StaffTestSession as SignedInStaff } from './fund-staff';
import type { TestServer } from './test-server';

/** A signed-in staff person of the workbench (decision 0054): their account id, name, and a call of /fund/graphql with the session cookie. */
export interface StaffTestSession extends Pick<SignedInStaff, 'staffId' | 'query'> {
  name: string;
}

/**
 * Creates a staff person with `role` on the test server and signs in as `staffTestSession` (tests/helpers/fund-staff.ts)
 * does: initial password and a TOTP code at the server's clock, the forced new password, the clock one TOTP step on.
 * The session calls /fund/graphql as the workbench does, with the `mvbv_staff` cookie.
 */
export async function signInStaff(server: TestServer, role: StaffRole, email: string, name: string): Promise<StaffTestSession> {
  const { staffId, query } = await staffTestSession(server, role, email, name);
  return { staffId, name, query };
}
