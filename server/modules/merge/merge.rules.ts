import { mergeEligibleFrom } from '@contract/merge';

/**
 * Why a member may or may not merge (GraphQL `MergeEligibility.reason`). NOT_OFFERED is the service's, for a tenant
 * without the merge (server/tenants.ts `severanceMerge`); the rule below never answers it.
 */
export type MergeReason = 'ELIGIBLE' | 'REQUEST_PENDING' | 'NO_DORMANT_ACCOUNT' | 'NO_CURRENT_ACCOUNT' | 'TOO_RECENT' | 'CLAIM_OPEN' | 'NOT_OFFERED';

/** A Vorsorgekasse account as the rule reads it (`vk_accounts`). */
export interface MergeAccountFacts {
  id: number;
  accountNumber: string;
  status: 'ACTIVE' | 'DORMANT' | 'CLOSED';
  /** Last day of the last contribution month; null while contributions flow. */
  endDate: string | null;
}

/** One dormant account with its merge facts. */
export interface DormantAccountVerdict {
  id: number;
  accountNumber: string;
  /** Last day of the last contribution month (ISO). */
  endDate: string;
  /** First day the account has been contribution-free for 3 years (`mergeEligibleFrom`). */
  eligibleFrom: string;
  /** A severance claim on the account is being processed: it is decided on there, not merged. */
  claimOpen: boolean;
  eligible: boolean;
}

/** The verdict of `mergeEligibility`. */
export interface MergeVerdict {
  eligible: boolean;
  reason: MergeReason;
  /** Every DORMANT account of the member, oldest end first. */
  dormantAccounts: DormantAccountVerdict[];
  /** The ACTIVE account the dormant ones go into (the first by id); null without one. */
  target: { id: number; accountNumber: string } | null;
}

/**
 * May the member merge (§ 17 (2a) BMSVG, DOMAIN.md "Merging dormant accounts")? A DORMANT account whose last
 * contribution month ended at least 3 years ago (`mergeEligibleFrom(endDate) <= today`) and that has no severance
 * claim in progress is mergeable; the member needs at least one and an ACTIVE account in this Vorsorgekasse to merge
 * into (the portal's reading: the request to the fund the contributions go to now). A pending merge request blocks a
 * second. The reason names the first obstacle in this order: REQUEST_PENDING, NO_DORMANT_ACCOUNT, NO_CURRENT_ACCOUNT,
 * then TOO_RECENT (no dormant account old enough) or CLAIM_OPEN (the old enough ones all have a claim in progress).
 * `today` is an ISO date (Vienna).
 */
export function mergeEligibility(accounts: readonly MergeAccountFacts[], today: string, openClaimAccountIds: ReadonlySet<number>, requestPending: boolean): MergeVerdict {
  const dormantAccounts = accounts
    .filter((a): a is MergeAccountFacts & { endDate: string } => a.status === 'DORMANT' && a.endDate !== null)
    .map((a) => {
      const eligibleFrom = mergeEligibleFrom(a.endDate);
      const claimOpen = openClaimAccountIds.has(a.id);
      return { id: a.id, accountNumber: a.accountNumber, endDate: a.endDate, eligibleFrom, claimOpen, eligible: eligibleFrom <= today && !claimOpen };
    })
    .sort((x, y) => (x.endDate < y.endDate ? -1 : x.endDate > y.endDate ? 1 : x.id - y.id));
  const active = accounts.filter((a) => a.status === 'ACTIVE').sort((x, y) => x.id - y.id)[0];
  const target = active ? { id: active.id, accountNumber: active.accountNumber } : null;
  const reason: MergeReason = requestPending
    ? 'REQUEST_PENDING'
    : dormantAccounts.length === 0
      ? 'NO_DORMANT_ACCOUNT'
      : !target
        ? 'NO_CURRENT_ACCOUNT'
        : dormantAccounts.some((a) => a.eligible)
          ? 'ELIGIBLE'
          : dormantAccounts.some((a) => a.eligibleFrom <= today)
            ? 'CLAIM_OPEN'
            : 'TOO_RECENT';
  return { eligible: reason === 'ELIGIBLE', reason, dormantAccounts, target };
}
