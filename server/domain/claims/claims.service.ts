import type { TenantDefinition } from '../../tenants';
import type { Clock } from '../shared/clock';
import { isoDateVienna } from '../shared/clock';
import type { Loaders } from '../loaders';
import type { ClaimWithAccount } from './claims.store';
import { isDueDateExceeded, payoutDueDate } from './claims.rules';

/** The read model of `SeveranceClaim` (schema/claim.graphql). */
export interface SeveranceClaimModel {
  id: string;
  option: ClaimWithAccount['option'];
  status: ClaimWithAccount['status'];
  accountNumber: string;
  /** ISO date (Vienna) of the submission. */
  submittedOn: string;
  /** Latest legal payout date (ISO), computed from `submittedOn` by `payoutDueDate`, never stored. */
  dueDate: string;
  dueDateExceeded: boolean;
  definiteDate: string | null;
}

/**
 * Severance claims of the session's person, read-only (spec 001 section 4, the dashboard's claim teaser). Both
 * tenants have the Vorsorgekasse, so both answer.
 */
export function createClaimsService(deps: { loaders: Loaders; clock: Clock; tenant: TenantDefinition }) {
  const { loaders, clock } = deps;
  return {
    /** The newest claim of the person, or null when there is none. */
    async latest(personId: number): Promise<SeveranceClaimModel | null> {
      const row = await loaders.latestClaimByPerson.load(personId);
      if (!row) return null;
      const submittedMs = Date.parse(row.submittedAt);
      const submittedOn = Number.isNaN(submittedMs) ? row.submittedAt.slice(0, 10) : isoDateVienna(submittedMs);
      const dueDate = payoutDueDate(submittedOn);
      return {
        id: String(row.id),
        option: row.option,
        status: row.status,
        accountNumber: row.accountNumber,
        submittedOn,
        dueDate,
        dueDateExceeded: isDueDateExceeded(dueDate, isoDateVienna(clock.now())),
        definiteDate: row.definiteDate,
      };
    },
  };
}

export type ClaimsService = ReturnType<typeof createClaimsService>;
