import { index, integer, table, text, uniqueIndex } from './kit';
import { pkContracts } from './pension-fund';
import { persons } from './persons';

/**
 * SEPA direct-debit mandate for own contributions (Eigenbeiträge) to a Pensionskasse contract
 * (spec 001 section 3 "Own contribution mandate"). Amount in cents.
 */
export const mandates = table(
  'mandates',
  {
    id: integer().primaryKey({ autoIncrement: true }),
    personId: integer()
      .notNull()
      .references(() => persons.id, { onDelete: 'cascade' }),
    contractId: integer()
      .notNull()
      .references(() => pkContracts.id, { onDelete: 'cascade' }),
    /** MONTHLY (10 to 5,000 EUR) or ONE_OFF (10 to 20,000 EUR). */
    type: text({ enum: ['MONTHLY', 'ONE_OFF'] }).notNull(),
    amountCents: integer().notNull(),
    iban: text().notNull(),
    bic: text(),
    accountOwner: text().notNull(),
    /** First (or only) collection date. */
    startDate: text().notNull(),
    /** Date from which a monthly mandate is cancelled; null while running. */
    endDate: text(),
    phone: text(),
    /** SEPA mandate reference, unique per creditor. */
    mandateReference: text().notNull(),
    /** SEPA creditor identifier of the Pensionskasse. */
    creditorId: text().notNull(),
    status: text({ enum: ['ACTIVE', 'CANCELLED', 'COLLECTED'] }).notNull(),
    createdAt: text().notNull(),
  },
  (t) => [uniqueIndex('mandates_reference_uq').on(t.mandateReference), index('mandates_person_idx').on(t.personId)],
);

export type MandateRow = typeof mandates.$inferSelect;
