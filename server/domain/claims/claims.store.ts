import { and, desc, eq, inArray, notInArray, sql, type Placeholder } from 'drizzle-orm';
import { writeTransaction, type Db } from '../../../db/client';
import { preparedBatch, preparedRead } from '../../../db/prepared';
import { claimFiles, severanceClaims, vkAccounts, type SeveranceClaimRow } from '../../../db/schema';
import { FINISHED_CLAIM_STATUSES } from './claims.rules';

/** A new claim as the service stores it (status NEW). */
export type NewClaim = Omit<typeof severanceClaims.$inferInsert, 'id' | 'status' | 'definiteDate'>;

/** A claim row with the number of the Vorsorgekasse account it is for. */
export type ClaimWithAccount = SeveranceClaimRow & { accountNumber: string };

/** Severance-claim queries; the person ids come from the caller's session. */
export function createClaimsStore(db: Db) {
  const latestIn = preparedBatch('claims_latest_in', (ids: readonly (number | Placeholder)[]) =>
    db
      .select({ claim: severanceClaims, accountNumber: vkAccounts.accountNumber })
      .from(severanceClaims)
      .innerJoin(vkAccounts, eq(vkAccounts.id, severanceClaims.accountId))
      .where(inArray(severanceClaims.personId, ids))
      .orderBy(desc(severanceClaims.submittedAt), desc(severanceClaims.id)),
  );
  const unfinishedOf = preparedRead('claims_unfinished', () =>
    db
      .select({ accountId: severanceClaims.accountId })
      .from(severanceClaims)
      .where(and(eq(severanceClaims.personId, sql.placeholder('personId')), notInArray(severanceClaims.status, [...FINISHED_CLAIM_STATUSES]))),
  );
  return {
    /**
     * The newest claim (by submission time, then id) of each person id, in the order of `personIds`; undefined for
     * a person without a claim. One statement for the whole batch.
     */
    async latestByPerson(personIds: readonly number[]): Promise<(ClaimWithAccount | undefined)[]> {
      const rows = await latestIn(personIds);
      const latest = new Map<number, ClaimWithAccount>();
      for (const row of rows) {
        if (!latest.has(row.claim.personId)) latest.set(row.claim.personId, { ...row.claim, accountNumber: row.accountNumber });
      }
      return personIds.map((id) => latest.get(id));
    },

    /** Ids of the person's accounts (of `accountIds`) that have a claim not yet finished (status other than POST_TRANSFER). */
    async openClaimAccounts(personId: number, accountIds: readonly number[]): Promise<Set<number>> {
      if (accountIds.length === 0) return new Set();
      // The person's unfinished claims are few: read them all (one prepared statement) and keep those of `accountIds`.
      const wanted = new Set(accountIds);
      return new Set((await unfinishedOf().execute({ personId })).map((r) => r.accountId).filter((id) => wanted.has(id)));
    },

    /**
     * Stores `claim` with status NEW and its `files` unless the account already has an unfinished claim, in one serialisable write
     * transaction (two concurrent sends of the same claim: one is stored, the other answers `undefined`).
     * @returns the new claim's id, or undefined when a claim was already there.
     */
    async insertUnlessOpen(claim: NewClaim, files: Omit<typeof claimFiles.$inferInsert, 'id' | 'claimId'>[] = []): Promise<number | undefined> {
      return await writeTransaction(db, async () => {
        const open = await db
          .select({ id: severanceClaims.id })
          .from(severanceClaims)
          .where(and(eq(severanceClaims.accountId, claim.accountId), notInArray(severanceClaims.status, [...FINISHED_CLAIM_STATUSES])))
          .limit(1);
        if (open.length > 0) return undefined;
        const [row] = await db
          .insert(severanceClaims)
          .values({ ...claim, status: 'NEW' })
          .returning({ id: severanceClaims.id });
        if (files.length > 0) await db.insert(claimFiles).values(files.map((f) => ({ ...f, claimId: row!.id })));
        return row!.id;
      });
    },
  };
}

export type ClaimsStore = ReturnType<typeof createClaimsStore>;
