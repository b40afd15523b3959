import { FUND_SCOPES, type FundScope } from '../access/scopes';

/** The workbench roles (decision 0054). */
export const STAFF_ROLES = ['CLERK', 'SUPERVISOR', 'AUDITOR', 'ADMIN'] as const;
export type StaffRole = (typeof STAFF_ROLES)[number];

const READS = FUND_SCOPES.filter((s) => s.endsWith(':read'));
const QUEUE_WORK: FundScope[] = [...READS, 'claims:write', 'messages:write', 'documents:write', 'mandates:write', 'bank:write', 'work:assign'];

/**
 * The fund scopes of each role, so a staff person reaches the fund's operations exactly as a machine client with these
 * scopes would (decision 0054): CLERK works the queues; SUPERVISOR the same, and approves (a role check in the
 * services, not a scope: the four-eyes rule needs the person, not a permission); AUDITOR reads everything and
 * changes nothing; ADMIN manages staff accounts (`staff:admin`, a scope no machine client may hold) and reads no member
 * data. CLERK and SUPERVISOR enter bank accounts (`bank:write`); a staff-entered one waits for a second SUPERVISOR
 * (decision 0059); they take items of the queues (`work:assign`, decision 0058).
 */
export const ROLE_SCOPES: Record<StaffRole, readonly FundScope[]> = {
  CLERK: QUEUE_WORK,
  SUPERVISOR: QUEUE_WORK,
  AUDITOR: READS,
  ADMIN: ['staff:admin'],
};

/** True for a role name. */
export function isStaffRole(value: string): value is StaffRole {
  return (STAFF_ROLES as readonly string[]).includes(value);
}
