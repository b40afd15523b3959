import { and, asc, eq, inArray, type SQL } from 'drizzle-orm';
import { writeTransaction } from '../../../db/client';
import { mandates, persons, pkContracts, type MandateRow } from '../../../db/schema';
import type { AppDeps } from '../../platform/deps';
import { afterKey } from '../shared/keyset';
import { memberColumns, memberOf, type MemberRefModel } from '../shared/member-ref';
import { parseId, refuse, type FundActor, type FundOutcome } from '../shared/outcome';

export type MandateStatus = MandateRow['status'];

/** The GraphQL `Mandate` (mandates.graphql). */
export interface FundMandateModel {
  row: MandateRow;
  member: MemberRefModel | null;
  contractNumber: string;
}

/** Longest note of a status change, characters. */
export const MANDATE_NOTE_MAX = 2_000;

/**
 * The status changes the fund may make (decision 0055, from db/schema/mandates.ts and spec 001 section 4): an ACTIVE
 * mandate LAPSES after 36 months without a collection (SEPA rulebook), an ACTIVE one-off is COLLECTED once debited.
 * CANCELLED is the member's act (spec 001 section 4 "new, change, cancel"); nothing returns to ACTIVE.
 */
export function mandateTransition(mandate: Pick<MandateRow, 'status' | 'type'>, to: MandateStatus): 'ALLOWED' | 'MEMBER_ONLY' | 'TRANSITION_NOT_ALLOWED' {
  if (to === 'CANCELLED') return 'MEMBER_ONLY';
  if (mandate.status !== 'ACTIVE') return 'TRANSITION_NOT_ALLOWED';
  if (to === 'LAPSED') return 'ALLOWED';
  if (to === 'COLLECTED' && mandate.type === 'ONE_OFF') return 'ALLOWED';
  return 'TRANSITION_NOT_ALLOWED';
}

/** Own-contribution mandates on the fund's side (decision 0055): the list and the fund's status changes. */
export function createFundMandatesService(deps: AppDeps) {
  const { db } = deps;

  function select(where: SQL | undefined) {
    return db
      .select({ mandate: mandates, contractNumber: pkContracts.contractNumber, ...memberColumns })
      .from(mandates)
      .innerJoin(pkContracts, eq(pkContracts.id, mandates.contractId))
      .leftJoin(persons, eq(persons.id, mandates.personId))
      .where(where);
  }
  const modelOf = (r: Awaited<ReturnType<typeof select>>[number]): FundMandateModel => ({ row: r.mandate, member: memberOf(r), contractNumber: r.contractNumber });
  /** The mandates in one of `status` (none or empty: all). */
  const withStatus = (status: readonly MandateStatus[] | null) => (status && status.length > 0 ? inArray(mandates.status, [...status]) : undefined);

  return {
    /** Mandates oldest first (given, id); `status`: only these (none or empty: all). */
    async list(filter: { status: readonly MandateStatus[] | null; after: [string, number] | null; limit: number }): Promise<FundMandateModel[]> {
      const parts: (SQL | undefined)[] = [afterKey(mandates.createdAt, mandates.id, filter.after), withStatus(filter.status)];
      const rows = await select(and(...parts))
        .orderBy(asc(mandates.createdAt), asc(mandates.id))
        .limit(filter.limit);
      return rows.map(modelOf);
    },

    /** The number of mandates `list` finds with `status`, on all pages (every mandate has its contract: the join drops none). */
    count(status: readonly MandateStatus[] | null): Promise<number> {
      return db.$count(mandates, withStatus(status));
    },

    /**
     * Sets the status of a mandate when `mandateTransition` allows it, and writes `mandate.changed` (from, to, note) in
     * the same write transaction. Refusals (nothing changed): NOT_FOUND, MEMBER_ONLY, TRANSITION_NOT_ALLOWED (also when
     * the status changed meanwhile), NOTE_TOO_LONG.
     */
    async setStatus(actor: FundActor, input: { mandateId: string; status: MandateStatus; note: string | null }): Promise<FundOutcome<FundMandateModel>> {
      const id = parseId(input.mandateId);
      const mandate = id === null ? undefined : (await db.select().from(mandates).where(eq(mandates.id, id)).limit(1))[0];
      if (!mandate) return refuse('NOT_FOUND', 'No mandate with this id.', 'mandateId');
      const note = input.note?.trim() ?? '';
      if (note.length > MANDATE_NOTE_MAX) return refuse('NOTE_TOO_LONG', `note has more than ${MANDATE_NOTE_MAX} characters.`, 'note');
      const verdict = mandateTransition(mandate, input.status);
      if (verdict === 'MEMBER_ONLY') return refuse('MEMBER_ONLY', 'Only the member cancels a mandate (spec 001 section 4).', 'status');
      const notAllowed = () => refuse('TRANSITION_NOT_ALLOWED', `A ${mandate.type} mandate cannot go from ${mandate.status} to ${input.status}.`, 'status');
      if (verdict !== 'ALLOWED') return notAllowed();
      const changed = await writeTransaction(db, async () => {
        const rows = await db
          .update(mandates)
          .set({ status: input.status })
          .where(and(eq(mandates.id, mandate.id), eq(mandates.status, mandate.status)))
          .returning({ id: mandates.id });
        if (rows.length === 0) return false;
        await deps.events.record({
          type: 'mandate.changed',
          personId: mandate.personId,
          subjectId: mandate.id,
          actor,
          data: { mandateId: mandate.id, from: mandate.status, to: input.status, note: note || null },
        });
        return true;
      });
      if (!changed) return notAllowed();
      return { ok: true, value: modelOf((await select(eq(mandates.id, mandate.id)))[0]!) };
    },
  };
}
