import { and, asc, eq, gt, inArray, or, sql, type Placeholder, type SQL } from 'drizzle-orm';
import type { Db } from '../../../db/client';
import { PREPARED_BATCH_MAX, preparedBatch, preparedRead } from '../../../db/prepared';
import { CLAIM_STATUSES, claimFiles, persons, severanceClaims, vkAccounts, type SeveranceClaimRow } from '../../../db/schema';
import type { ClaimStatus } from '../../modules/claims/claims.status';

/** The member of a claim as the fund's work list shows it: name, insurance number and postal address, nothing more. */
export interface FundClaimMemberRow {
  personId: number;
  svnr: string;
  titlePrefix: string | null;
  firstName: string;
  lastName: string;
  titleSuffix: string | null;
  street: string | null;
  postcode: string | null;
  city: string | null;
  country: string;
}

/** A claim of the fund's work list (`FundClaim`): the claim row, its account number and its member. */
export type FundClaimRow = SeveranceClaimRow & { accountNumber: string; member: FundClaimMemberRow };

/** A file of a claim without its bytes (`FundClaimDocument`). */
export interface FundClaimFileRow {
  id: number;
  claimId: number;
  kind: string;
  fileName: string;
  contentType: string;
  sizeBytes: number;
}

/**
 * The fund's reads of severance claims (decision 0056). The work list's order is the order of receipt
 * (`submittedAt`, then id): the due date follows from the month of receipt alone and grows with it
 * (`payoutDueDate`), so this is oldest due date first, and within one due date first come, first served. The index
 * `severance_claims_received_idx` (submitted_at, id) serves it.
 */
export function createFundClaimsRead(db: Db) {
  /** Claims joined with their account number and member (the work list's columns), filtered by `where`. */
  const claimsWhere = (where: SQL | undefined) =>
    db
      .select({
        claim: severanceClaims,
        accountNumber: vkAccounts.accountNumber,
        member: {
          personId: persons.id,
          svnr: persons.svnr,
          titlePrefix: persons.titlePrefix,
          firstName: persons.firstName,
          lastName: persons.lastName,
          titleSuffix: persons.titleSuffix,
          street: persons.street,
          postcode: persons.postcode,
          city: persons.city,
          country: persons.country,
        },
      })
      .from(severanceClaims)
      .innerJoin(vkAccounts, eq(vkAccounts.id, severanceClaims.accountId))
      .innerJoin(persons, eq(persons.id, severanceClaims.personId))
      .where(where)
      .orderBy(asc(severanceClaims.submittedAt), asc(severanceClaims.id));
  // Prepared once per process (db/prepared.ts): the status list always fills the 6 slots (a status twice in an `IN`
  // list selects nothing twice); one statement for the first page, one for a page after a cursor.
  const statusSlots = CLAIM_STATUSES.map((_, i) => sql.placeholder(`s${i}`));
  const firstPage = preparedRead('fund_claims_first', () => claimsWhere(inArray(severanceClaims.status, statusSlots)).limit(sql.placeholder('limit')));
  const afterAt = sql.placeholder('afterAt');
  const nextPage = preparedRead('fund_claims_after', () =>
    claimsWhere(
      and(
        inArray(severanceClaims.status, statusSlots),
        or(gt(severanceClaims.submittedAt, afterAt), and(eq(severanceClaims.submittedAt, afterAt), gt(severanceClaims.id, sql.placeholder('afterId')))),
      ),
    ).limit(sql.placeholder('limit')),
  );
  const filesIn = preparedBatch('fund_claim_files_in', (ids: readonly (number | Placeholder)[]) =>
    db
      .select({
        id: claimFiles.id,
        claimId: claimFiles.claimId,
        kind: claimFiles.kind,
        fileName: claimFiles.fileName,
        contentType: claimFiles.contentType,
        sizeBytes: claimFiles.sizeBytes,
      })
      .from(claimFiles)
      .where(inArray(claimFiles.claimId, ids))
      .orderBy(asc(claimFiles.claimId), asc(claimFiles.id)),
  );
  const rowOf = (r: { claim: SeveranceClaimRow; accountNumber: string; member: FundClaimMemberRow }): FundClaimRow => ({
    ...r.claim,
    accountNumber: r.accountNumber,
    member: r.member,
  });

  return {
    /**
     * Up to `limit` claims with a status of `statuses` (all when null) after the sort key `after`
     * (`[submittedAt, id]` of the last claim of the previous page), in the work list's order.
     */
    async page(statuses: readonly ClaimStatus[] | null, after: [string, number] | null, limit: number): Promise<FundClaimRow[]> {
      const wanted = statuses === null || statuses.length === 0 ? CLAIM_STATUSES : statuses;
      const values: Record<string, unknown> = { limit };
      statusSlots.forEach((_, i) => (values[`s${i}`] = wanted[Math.min(i, wanted.length - 1)]));
      if (after === null) return (await firstPage().execute(values)).map(rowOf);
      return (await nextPage().execute({ ...values, afterAt: after[0], afterId: after[1] })).map(rowOf);
    },

    /** The number of claims `page` finds with a status of `statuses` (null or empty: all), on all pages. */
    count(statuses: readonly ClaimStatus[] | null): Promise<number> {
      return db.$count(severanceClaims, statuses === null || statuses.length === 0 ? undefined : inArray(severanceClaims.status, [...statuses]));
    },

    /** The claim `id` in the shape of the work list, or undefined. */
    async byId(id: number): Promise<FundClaimRow | undefined> {
      const [row] = await claimsWhere(eq(severanceClaims.id, id)).limit(1);
      return row ? rowOf(row) : undefined;
    },

    /** The files of the claims `claimIds` without their bytes, by claim and id. One statement for the batch. */
    async filesOf(claimIds: readonly number[]): Promise<FundClaimFileRow[]> {
      const rows: FundClaimFileRow[] = [];
      // Prepared batches of up to 64 ids (db/prepared.ts): a page of 101 claims is two statements.
      for (let i = 0; i < claimIds.length; i += PREPARED_BATCH_MAX) rows.push(...(await filesIn(claimIds.slice(i, i + PREPARED_BATCH_MAX))));
      return rows;
    },

    /** One claim file with its bytes and the claim's member (`personId`, for the staff audit trail), or undefined. */
    async file(id: number): Promise<(FundClaimFileRow & { content: Buffer; personId: number }) | undefined> {
      const [row] = await db
        .select({ file: claimFiles, personId: severanceClaims.personId })
        .from(claimFiles)
        .innerJoin(severanceClaims, eq(severanceClaims.id, claimFiles.claimId))
        .where(eq(claimFiles.id, id))
        .limit(1);
      return row ? { ...row.file, personId: row.personId } : undefined;
    },
  };
}

export type FundClaimsRead = ReturnType<typeof createFundClaimsRead>;
