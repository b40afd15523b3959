import { and, asc, eq } from 'drizzle-orm';
import { maskIban, validateBankDetails } from '@contract/profile';
import { isoDateVienna } from '@contract/dates';
import { writeTransaction } from '../../../db/client';
import { bankAccountChanges, bankAccounts, persons, type BankAccountChangeRow } from '../../../db/schema';
import type { AppDeps } from '../../platform/deps';
import { isoInstant } from '../../platform/shared/clock';
import { actorText } from '../events/event-types';
import { afterKey } from '../shared/keyset';
import { memberColumns, memberOf, type MemberRefModel } from '../shared/member-ref';
import { parseId, refuse, type FundOutcome } from '../shared/outcome';
import type { principalActor } from '../access/scopes';

/** Who enters or decides: a machine client, or a staff person with their role (principalActor). */
export type BankChangeActor = ReturnType<typeof principalActor>;

/** The GraphQL `BankAccountChange` (bank-changes.graphql): the row and its member. */
export interface BankAccountChangeModel {
  row: BankAccountChangeRow;
  member: MemberRefModel;
}

/** Longest reason of a rejection, characters. */
export const BANK_CHANGE_REASON_MAX = 500;

/** The bank account fields of an entry (the members' rules: @contract/profile validateBankDetails). */
export interface BankAccountEntry {
  personId: number;
  accountHolder: string;
  bankName: string;
  iban: string;
  bic: string | null;
  validFrom: string | null;
}

/**
 * Bank accounts staff enter for a member, under the four-eyes rule (decision 0059, as for payouts in decision 0054):
 * a staff person's entry waits as PENDING; only a SUPERVISOR who did not enter it may approve it (then it is added to
 * the member's bank accounts from its `validFrom`) or reject it. A machine client's entry takes effect at once — the
 * fund's core system answers for its own approvals (decision 0056). Every step writes an event in its transaction:
 * `bank.change_entered`, `bank.change_approved`, `bank.change_rejected`.
 */
export function createBankChangesService(deps: AppDeps) {
  const { db } = deps;
  const today = () => isoDateVienna(deps.clock.now());

  const select = (where: ReturnType<typeof and>) =>
    db
      .select({ change: bankAccountChanges, ...memberColumns })
      .from(bankAccountChanges)
      .innerJoin(persons, eq(persons.id, bankAccountChanges.personId))
      .where(where);
  const modelOf = (r: Awaited<ReturnType<typeof select>>[number]): BankAccountChangeModel => ({ row: r.change, member: memberOf(r)! });
  const byId = async (id: number) => (await select(eq(bankAccountChanges.id, id)))[0];
  const eventData = (row: Pick<BankAccountChangeRow, 'id' | 'iban' | 'validFrom' | 'enteredBy'>) => ({
    changeId: row.id,
    iban: maskIban(row.iban),
    validFrom: row.validFrom,
    enteredBy: row.enteredBy,
  });

  /** Adds the approved entry to the member's bank accounts and marks it APPROVED, only while it is PENDING. */
  async function approveRow(row: BankAccountChangeRow, actor: BankChangeActor, at: string): Promise<boolean> {
    const updated = await db
      .update(bankAccountChanges)
      .set({ status: 'APPROVED', decidedBy: actorText(actor), decidedAt: at })
      .where(and(eq(bankAccountChanges.id, row.id), eq(bankAccountChanges.status, 'PENDING')))
      .returning({ id: bankAccountChanges.id });
    if (updated.length === 0) return false;
    await db
      .insert(bankAccounts)
      .values({ personId: row.personId, accountHolder: row.accountHolder, bankName: row.bankName, iban: row.iban, bic: row.bic, validFrom: row.validFrom });
    await deps.events.record({ type: 'bank.change_approved', personId: row.personId, subjectId: row.id, actor, data: eventData(row) });
    return true;
  }

  /** The four-eyes check of a decision: a staff SUPERVISOR who did not enter it (decision 0059). */
  function decisionRefusal(row: BankAccountChangeRow, actor: BankChangeActor) {
    if (actor.kind === 'staff' && actor.role !== 'SUPERVISOR')
      return refuse('ROLE_NOT_ALLOWED', 'Only a supervisor may approve or reject a bank account change (four-eyes rule).', 'changeId');
    if (row.enteredBy === actorText(actor))
      return refuse('FOUR_EYES_REQUIRED', 'A bank account change must be decided by a supervisor other than the person who entered it (four-eyes rule).', 'changeId');
    if (row.status !== 'PENDING') return refuse('NOT_PENDING', `The bank account change is ${row.status} already.`, 'changeId');
    return null;
  }

  return {
    /** The changes with `status` (PENDING when absent), oldest first, keyset-paged by (enteredAt, id). */
    async list(filter: { status: BankAccountChangeRow['status']; after: [string, number] | null; limit: number }): Promise<BankAccountChangeModel[]> {
      const rows = await select(and(eq(bankAccountChanges.status, filter.status), afterKey(bankAccountChanges.enteredAt, bankAccountChanges.id, filter.after)))
        .orderBy(asc(bankAccountChanges.enteredAt), asc(bankAccountChanges.id))
        .limit(filter.limit);
      return rows.map(modelOf);
    },

    /** The number of changes `list` finds with `status`, on all pages. */
    count(status: BankAccountChangeRow['status']): Promise<number> {
      return db.$count(bankAccountChanges, eq(bankAccountChanges.status, status));
    },

    /** The change `id`, or undefined (the audit trail's state before a decision). */
    async byId(id: number): Promise<BankAccountChangeModel | undefined> {
      const row = await byId(id);
      return row ? modelOf(row) : undefined;
    },

    /**
     * Enters a bank account for the member `personId`, checked by the members' rules (spec 001 section 5 "Bank data":
     * holder and bank name, IBAN with its check digits, BIC where required, `validFrom` from today up to 12 months
     * ahead, today when absent). A staff person's entry is PENDING; a machine client's is APPROVED at once and in force
     * from `validFrom`. Refusals (nothing changed): NOT_FOUND (no such member), BANK_DATA_INVALID with the field and
     * the rule's code in the message.
     */
    async enter(actor: BankChangeActor, input: BankAccountEntry): Promise<FundOutcome<BankAccountChangeModel>> {
      const person = (await db.select({ id: persons.id }).from(persons).where(eq(persons.id, input.personId)).limit(1))[0];
      if (!person) return refuse('NOT_FOUND', 'No member with this personId.', 'personId');
      const checked = validateBankDetails({ ...input, currentPassword: null }, today());
      if (!checked.ok) {
        const first = checked.fieldErrors[0]!;
        return refuse('BANK_DATA_INVALID', `${first.field}: ${first.code}`, first.field);
      }
      const b = checked.value;
      const at = isoInstant(deps.clock.now());
      const id = await writeTransaction(db, async () => {
        const [row] = await db
          .insert(bankAccountChanges)
          .values({
            personId: person.id,
            accountHolder: b.accountHolder,
            bankName: b.bankName,
            iban: b.iban!,
            bic: b.bic,
            validFrom: b.validFrom ?? today(),
            status: 'PENDING',
            enteredBy: actorText(actor),
            enteredAt: at,
            decidedBy: null,
            decidedAt: null,
            reason: null,
          })
          .returning();
        await deps.events.record({ type: 'bank.change_entered', personId: person.id, subjectId: row!.id, actor, data: eventData(row!) });
        // The machine door keeps its direct path (decision 0059): the core system answers for its own approvals.
        if (actor.kind === 'client') await approveRow(row!, actor, at);
        return row!.id;
      });
      return { ok: true, value: modelOf((await byId(id))!) };
    },

    /**
     * Approves the PENDING change `changeId`: the entry is added to the member's bank accounts. Refusals (nothing
     * changed): NOT_FOUND, ROLE_NOT_ALLOWED (a staff person who is no SUPERVISOR), FOUR_EYES_REQUIRED (the person who
     * entered it), NOT_PENDING (approved or rejected already, also by someone else meanwhile).
     */
    async approve(actor: BankChangeActor, changeId: string): Promise<FundOutcome<BankAccountChangeModel>> {
      const id = parseId(changeId);
      const found = id === null ? undefined : await byId(id);
      if (!found) return refuse('NOT_FOUND', 'No bank account change with this id.', 'changeId');
      const refusal = decisionRefusal(found.change, actor);
      if (refusal) return refusal;
      const done = await writeTransaction(db, () => approveRow(found.change, actor, isoInstant(deps.clock.now())));
      if (!done) return refuse('NOT_PENDING', 'The bank account change was decided meanwhile.', 'changeId');
      return { ok: true, value: modelOf((await byId(found.change.id))!) };
    },

    /**
     * Rejects the PENDING change `changeId` with an optional `reason` (at most 500 characters); the member's bank
     * accounts stay. Refusals as `approve`, and REASON_TOO_LONG.
     */
    async reject(actor: BankChangeActor, changeId: string, reasonText: string | null): Promise<FundOutcome<BankAccountChangeModel>> {
      const id = parseId(changeId);
      const found = id === null ? undefined : await byId(id);
      if (!found) return refuse('NOT_FOUND', 'No bank account change with this id.', 'changeId');
      const reason = reasonText?.trim() ?? '';
      if (reason.length > BANK_CHANGE_REASON_MAX) return refuse('REASON_TOO_LONG', `reason has more than ${BANK_CHANGE_REASON_MAX} characters.`, 'reason');
      const refusal = decisionRefusal(found.change, actor);
      if (refusal) return refusal;
      const at = isoInstant(deps.clock.now());
      const done = await writeTransaction(db, async () => {
        const updated = await db
          .update(bankAccountChanges)
          .set({ status: 'REJECTED', decidedBy: actorText(actor), decidedAt: at, reason: reason || null })
          .where(and(eq(bankAccountChanges.id, found.change.id), eq(bankAccountChanges.status, 'PENDING')))
          .returning({ id: bankAccountChanges.id });
        if (updated.length === 0) return false;
        await deps.events.record({
          type: 'bank.change_rejected',
          personId: found.change.personId,
          subjectId: found.change.id,
          actor,
          data: { ...eventData(found.change), reason: reason || null },
        });
        return true;
      });
      if (!done) return refuse('NOT_PENDING', 'The bank account change was decided meanwhile.', 'changeId');
      return { ok: true, value: modelOf((await byId(found.change.id))!) };
    },
  };
}
