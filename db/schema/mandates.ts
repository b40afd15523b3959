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
    /**
     * ACTIVE (running or a one-off not yet due), CANCELLED (by the member), COLLECTED (a one-off that was debited),
     * LAPSED (36 months without a collection, SEPA rulebook).
     */
    status: text({ enum: ['ACTIVE', 'CANCELLED', 'COLLECTED', 'LAPSED'] }).notNull(),
    createdAt: text().notNull(),
    /** ISO date the member signed the mandate (the day it was given in the portal). */
    signedOn: text(),
    /** DRAWN or TYPED signature of the mandate (the PDF in the documents archive shows it). */
    signatureKind: text({ enum: ['DRAWN', 'TYPED'] }),
    /** Id of the signed mandate's PDF in the documents archive. */
    documentId: integer(),
  },
  (t) => [uniqueIndex('mandates_reference_uq').on(t.mandateReference), index('mandates_person_idx').on(t.personId)],
);

export type MandateRow = typeof mandates.$inferSelect;

/**
 * One SEPA debit of a mandate (decision 0016): created by the collection run (`npm run fund -- collect`) up to 14
 * days before it is due, pre-notified by an inbox message, then recorded as collected on a run on or after its date. Amount in cents; one row per mandate and due date.
 */
export const mandateDebits = table(
  'mandate_debits',
  {
    id: integer().primaryKey({ autoIncrement: true }),
    mandateId: integer()
      .notNull()
      .references(() => mandates.id, { onDelete: 'cascade' }),
    personId: integer()
      .notNull()
      .references(() => persons.id, { onDelete: 'cascade' }),
    /** ISO date of the debit. */
    dueDate: text().notNull(),
    amountCents: integer().notNull(),
    /** PRE_NOTIFIED (the inbox message went out), then COLLECTED on the due date. */
    status: text({ enum: ['PRE_NOTIFIED', 'COLLECTED'] }).notNull(),
    /** Id of the pre-notification inbox message. */
    messageId: integer(),
    /** ISO instant of the pre-notification. */
    preNotifiedAt: text().notNull(),
    /** ISO date the debit was recorded as collected; null before. */
    collectedOn: text(),
  },
  (t) => [uniqueIndex('mandate_debits_mandate_due_uq').on(t.mandateId, t.dueDate), index('mandate_debits_person_idx').on(t.personId, t.dueDate)],
);

export type MandateDebitRow = typeof mandateDebits.$inferSelect;

/**
 * The § 108a EStG premium application (decision 0016, step 5 of `/eigenbeitraege`): needed once per person
 * (spec 001 section 4), so the person id is unique.
 */
export const premiumApplications = table(
  'premium_applications',
  {
    id: integer().primaryKey({ autoIncrement: true }),
    personId: integer()
      .notNull()
      .references(() => persons.id, { onDelete: 'cascade' }),
    street: text().notNull(),
    postcode: text().notNull(),
    city: text().notNull(),
    country: text().notNull(),
    /** ISO birth date, read from the DDMMYY the member typed. */
    birthDate: text().notNull(),
    signatureKind: text({ enum: ['DRAWN', 'TYPED'] }).notNull(),
    /** The typed name (TYPED) or the PNG data URL (DRAWN). */
    signature: text().notNull(),
    signedAt: text().notNull(),
  },
  (t) => [uniqueIndex('premium_applications_person_uq').on(t.personId)],
);

export type PremiumApplicationRow = typeof premiumApplications.$inferSelect;
