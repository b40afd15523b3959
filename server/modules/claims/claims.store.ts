import { and, desc, eq, gte, inArray, isNull, notInArray, sql, type Placeholder } from 'drizzle-orm';
import { writeTransaction, type Db } from '../../../db/client';
import { preparedBatch, preparedRead } from '../../../db/prepared';
import { claimFiles, messages, persons, severanceClaims, vkAccounts, type PersonRow, type SeveranceClaimRow } from '../../../db/schema';
import { FINISHED_CLAIM_STATUSES } from './claims.rules';

/** A new claim as the service stores it (status NEW). */
export type NewClaim = Omit<typeof severanceClaims.$inferInsert, 'id' | 'status' | 'definiteDate' | 'statusChangedAt'>;

/** A claim row with the number of the Vorsorgekasse account it is for. */
export type ClaimWithAccount = SeveranceClaimRow & { accountNumber: string };

/** A claim with its account number and its member, as a status change needs it (claims.status.ts). */
export type ClaimForChange = ClaimWithAccount & { person: PersonRow };

/** Severance-claim queries; the person ids come from the caller's session (the fund's status changes pass a claim id). */
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

    /** The claim `id` with its account number and member, or undefined (the fund's status change, claims.status.ts). */
    async forChange(id: number): Promise<ClaimForChange | undefined> {
      const [row] = await db
        .select({ claim: severanceClaims, accountNumber: vkAccounts.accountNumber, person: persons })
        .from(severanceClaims)
        .innerJoin(vkAccounts, eq(vkAccounts.id, severanceClaims.accountId))
        .innerJoin(persons, eq(persons.id, severanceClaims.personId))
        .where(eq(severanceClaims.id, id))
        .limit(1);
      return row ? { ...row.claim, accountNumber: row.accountNumber, person: row.person } : undefined;
    },

    /**
     * Moves claim `id` from status `from` to `to` at `changedAt` (ISO instant), with the definite date and the actor
     * who set CHECKED (`checkedBy`, the four-eyes rule of decision 0054) when given.
     * Resolves to false when the claim no longer has status `from` (a concurrent change won): nothing is written.
     */
    async changeStatus(
      id: number,
      from: SeveranceClaimRow['status'],
      to: SeveranceClaimRow['status'],
      changedAt: string,
      definiteDate?: string,
      checkedBy?: string,
    ): Promise<boolean> {
      const rows = await db
        .update(severanceClaims)
        .set({ status: to, statusChangedAt: changedAt, ...(definiteDate === undefined ? {} : { definiteDate }), ...(checkedBy === undefined ? {} : { checkedBy }) })
        .where(and(eq(severanceClaims.id, id), eq(severanceClaims.status, from)))
        .returning({ id: severanceClaims.id });
      return rows.length === 1;
    },

    /**
     * The person's claims waiting for their answer (status INFORMATION_NEEDED, spec 001 section 4), oldest first, with
     * the definite date: what a message of theirs to the Vorsorgekasse moves back to CHECKING (decision 0056).
     */
    async awaitingAnswerOf(personId: number): Promise<Pick<SeveranceClaimRow, 'id' | 'status' | 'definiteDate'>[]> {
      return db
        .select({ id: severanceClaims.id, status: severanceClaims.status, definiteDate: severanceClaims.definiteDate })
        .from(severanceClaims)
        .where(and(eq(severanceClaims.personId, personId), eq(severanceClaims.status, 'INFORMATION_NEEDED')))
        .orderBy(severanceClaims.id);
    },

    /**
     * Whether the person wrote to the Vorsorgekasse from their own member inbox at or after `since` (ISO instant): a
     * message of direction OUTBOUND, counterpart SEVERANCE_FUND, mailbox MEMBER, not a customer's shared mailbox. This
     * is the member's answer to INFORMATION_NEEDED (decision 0056): the inbox is where the member sends the missing
     * documents, as attachments.
     */
    async memberWroteSince(personId: number, since: string): Promise<boolean> {
      const rows = await db
        .select({ id: messages.id })
        .from(messages)
        .where(
          and(
            eq(messages.personId, personId),
            eq(messages.direction, 'OUTBOUND'),
            eq(messages.counterpart, 'SEVERANCE_FUND'),
            eq(messages.mailboxKind, 'MEMBER'),
            isNull(messages.customerDesignation),
            gte(messages.sentAt, since),
          ),
        )
        .limit(1);
      return rows.length > 0;
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
