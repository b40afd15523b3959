import { and, asc, eq, gte, inArray, lte } from 'drizzle-orm';
import { writeTransaction, type Db } from '../../../db/client';
import { documents, mandateDebits, mandates, premiumApplications, type MandateDebitRow, type MandateRow, type PremiumApplicationRow } from '../../../db/schema';

/** A new mandate as the service stores it. */
export type NewMandate = Omit<typeof mandates.$inferInsert, 'id' | 'documentId'>;

/**
 * Own-contribution mandates, their debits and the § 108a application (decision 0016). Person ids come from the caller's
 * session (or the operator's collection run); every read of one mandate checks the owner in SQL.
 */
export function createOwnContributionsStore(db: Db) {
  return {
    /** The person's mandates, oldest first. */
    async mandatesOf(personId: number): Promise<MandateRow[]> {
      return db.select().from(mandates).where(eq(mandates.personId, personId)).orderBy(asc(mandates.id));
    },

    /** Mandate `id` when it is the person's; undefined otherwise. */
    async findOwn(id: number, personId: number): Promise<MandateRow | undefined> {
      return (
        await db
          .select()
          .from(mandates)
          .where(and(eq(mandates.id, id), eq(mandates.personId, personId)))
          .limit(1)
      )[0];
    },

    /**
     * Stores `mandate` unless `conflict` (called inside the write transaction with the person's current mandates)
     * returns a refusal; then also its document row (category TAX_CONFIRMATION, source `mandates`). Two concurrent
     * requests are serialised, so two monthly mandates cannot both pass the check.
     */
    async insertChecked<C>(
      mandate: NewMandate,
      document: { title: string; fileName: string },
      conflict: (existing: MandateRow[]) => C | null,
    ): Promise<{ ok: true; mandate: MandateRow } | { ok: false; conflict: C }> {
      return writeTransaction(db, async () => {
        const existing = await db.select().from(mandates).where(eq(mandates.personId, mandate.personId));
        const refusal = conflict(existing);
        if (refusal !== null) return { ok: false as const, conflict: refusal };
        const row = (await db.insert(mandates).values(mandate).returning())[0]!;
        const doc = (
          await db
            .insert(documents)
            .values({
              personId: mandate.personId,
              category: 'TAX_CONFIRMATION',
              fund: 'PK',
              title: document.title,
              documentDate: mandate.signedOn ?? mandate.createdAt.slice(0, 10),
              sourceTable: 'mandates',
              sourceId: row.id,
              fileName: document.fileName,
              createdAt: mandate.createdAt,
              readAt: null,
            })
            .returning({ id: documents.id })
        )[0]!;
        await db.update(mandates).set({ documentId: doc.id }).where(eq(mandates.id, row.id));
        return { ok: true as const, mandate: { ...row, documentId: doc.id } };
      });
    },

    /** Whether a mandate reference is taken (references are unique across the fund). */
    async referenceTaken(reference: string): Promise<boolean> {
      return (await db.select({ id: mandates.id }).from(mandates).where(eq(mandates.mandateReference, reference)).limit(1)).length > 0;
    },

    /** Sets fields of the person's mandate `id`; false when it is not theirs. */
    async update(
      id: number,
      personId: number,
      patch: Partial<Pick<MandateRow, 'amountCents' | 'iban' | 'accountOwner' | 'startDate' | 'endDate' | 'status' | 'phone'>>,
    ): Promise<boolean> {
      const rows = await writeTransaction(db, () =>
        db
          .update(mandates)
          .set(patch)
          .where(and(eq(mandates.id, id), eq(mandates.personId, personId)))
          .returning({ id: mandates.id }),
      );
      return rows.length > 0;
    },

    /** Debits of the person with a due date from `from` to `to` (ISO, inclusive). */
    async debitsOf(personId: number, from: string, to: string): Promise<MandateDebitRow[]> {
      return db
        .select()
        .from(mandateDebits)
        .where(and(eq(mandateDebits.personId, personId), gte(mandateDebits.dueDate, from), lte(mandateDebits.dueDate, to)))
        .orderBy(asc(mandateDebits.dueDate));
    },

    /** All debits of the mandates `ids`. */
    async debitsOfMandates(ids: readonly number[]): Promise<MandateDebitRow[]> {
      if (ids.length === 0) return [];
      return db
        .select()
        .from(mandateDebits)
        .where(inArray(mandateDebits.mandateId, [...ids]));
    },

    /** Removes pre-notified (not yet collected) debits of a mandate due after `after` (a cancelled or changed mandate). */
    async dropPreNotifiedAfter(mandateId: number, after: string): Promise<void> {
      await writeTransaction(db, async () => {
        const rows = await db.select().from(mandateDebits).where(eq(mandateDebits.mandateId, mandateId));
        const ids = rows.filter((r) => r.status === 'PRE_NOTIFIED' && r.dueDate > after).map((r) => r.id);
        if (ids.length > 0) await db.delete(mandateDebits).where(inArray(mandateDebits.id, ids));
      });
    },

    /** Mandates the collection run looks at: ACTIVE ones. */
    async activeMandates(): Promise<MandateRow[]> {
      return db.select().from(mandates).where(eq(mandates.status, 'ACTIVE')).orderBy(asc(mandates.id));
    },

    /** Sets the status of mandate `id` (collection run: COLLECTED, CANCELLED after the end date, LAPSED). */
    async setStatus(id: number, status: MandateRow['status']): Promise<void> {
      await writeTransaction(db, () => db.update(mandates).set({ status }).where(eq(mandates.id, id)));
    },

    /** Inserts a PRE_NOTIFIED debit unless the mandate already has one on that date; the new row, or undefined. */
    async insertDebit(debit: Omit<MandateDebitRow, 'id' | 'messageId' | 'collectedOn' | 'status'>): Promise<MandateDebitRow | undefined> {
      const rows = await writeTransaction(db, () =>
        db
          .insert(mandateDebits)
          .values({ ...debit, status: 'PRE_NOTIFIED' })
          .onConflictDoNothing()
          .returning(),
      );
      return rows[0];
    },

    async setDebitMessage(id: number, messageId: number): Promise<void> {
      await writeTransaction(db, () => db.update(mandateDebits).set({ messageId }).where(eq(mandateDebits.id, id)));
    },

    /**
     * Marks every PRE_NOTIFIED debit due on or before `date` that `collectable` accepts as collected on `date`, in one
     * write transaction. `collected`: the rows marked; `held`: the due rows `collectable` refused (their
     * pre-notification is younger than the period, decision 0044), left PRE_NOTIFIED for a later run.
     */
    async collectDue(date: string, collectable: (debit: MandateDebitRow) => boolean): Promise<{ collected: MandateDebitRow[]; held: MandateDebitRow[] }> {
      return writeTransaction(db, async () => {
        const due = await db
          .select()
          .from(mandateDebits)
          .where(and(eq(mandateDebits.status, 'PRE_NOTIFIED'), lte(mandateDebits.dueDate, date)))
          .orderBy(asc(mandateDebits.id));
        const ids = due.filter(collectable).map((d) => d.id);
        const collected =
          ids.length === 0
            ? []
            : await db
                .update(mandateDebits)
                .set({ status: 'COLLECTED', collectedOn: date })
                .where(and(eq(mandateDebits.status, 'PRE_NOTIFIED'), inArray(mandateDebits.id, ids)))
                .returning();
        return { collected, held: due.filter((d) => !ids.includes(d.id)) };
      });
    },

    async application(personId: number): Promise<PremiumApplicationRow | undefined> {
      return (await db.select().from(premiumApplications).where(eq(premiumApplications.personId, personId)).limit(1))[0];
    },

    /** Stores the application unless the person has one; false when one was there. */
    async insertApplication(row: Omit<PremiumApplicationRow, 'id'>): Promise<boolean> {
      const rows = await writeTransaction(db, () => db.insert(premiumApplications).values(row).onConflictDoNothing().returning({ id: premiumApplications.id }));
      return rows.length > 0;
    },
  };
}

export type OwnContributionsStore = ReturnType<typeof createOwnContributionsStore>;
