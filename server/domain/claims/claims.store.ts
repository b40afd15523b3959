import { desc, eq, inArray } from 'drizzle-orm';
import type { Db } from '../../../db/client';
import { severanceClaims, vkAccounts, type SeveranceClaimRow } from '../../../db/schema';

/** A claim row with the number of the Vorsorgekasse account it is for. */
export type ClaimWithAccount = SeveranceClaimRow & { accountNumber: string };

/** Severance-claim queries (read-only); the person ids come from the caller's session. */
export function createClaimsStore(db: Db) {
  return {
    /**
     * The newest claim (by submission time, then id) of each person id, in the order of `personIds`; undefined for
     * a person without a claim. One statement for the whole batch.
     */
    async latestByPerson(personIds: readonly number[]): Promise<(ClaimWithAccount | undefined)[]> {
      const rows = await db
        .select({ claim: severanceClaims, accountNumber: vkAccounts.accountNumber })
        .from(severanceClaims)
        .innerJoin(vkAccounts, eq(vkAccounts.id, severanceClaims.accountId))
        .where(inArray(severanceClaims.personId, [...personIds]))
        .orderBy(desc(severanceClaims.submittedAt), desc(severanceClaims.id));
      const latest = new Map<number, ClaimWithAccount>();
      for (const row of rows) {
        if (!latest.has(row.claim.personId)) latest.set(row.claim.personId, { ...row.claim, accountNumber: row.accountNumber });
      }
      return personIds.map((id) => latest.get(id));
    },
  };
}

export type ClaimsStore = ReturnType<typeof createClaimsStore>;
