import { blob, index, integer, table, text, uniqueIndex } from './kit';
import { persons } from './persons';
import { vkAccounts } from './severance-fund';

/** Options of a severance claim (Geltendmachung, § 17 BMSVG; spec 001 section 3 "Severance claim"). */
export const CLAIM_OPTIONS = ['KEEP', 'TRANSFER_PENSION_FUND', 'TRANSFER_SUPPLEMENTARY_INSURANCE', 'TRANSFER_VORSORGEKASSE', 'PAYOUT'] as const;
/** Claim statuses of the teaser (spec 001 section 4). */
export const CLAIM_STATUSES = ['NEW', 'CHECKING', 'CHECKED', 'PRE_TRANSFER', 'POST_TRANSFER', 'INFORMATION_NEEDED'] as const;

/** A member's claim on a Vorsorgekasse entitlement: keep, transfer or payout. */
export const severanceClaims = table(
  'severance_claims',
  {
    id: integer().primaryKey({ autoIncrement: true }),
    personId: integer()
      .notNull()
      .references(() => persons.id, { onDelete: 'cascade' }),
    accountId: integer()
      .notNull()
      .references(() => vkAccounts.id, { onDelete: 'cascade' }),
    option: text({ enum: CLAIM_OPTIONS }).notNull(),
    /** Receiving institution for transfers. */
    institutionName: text(),
    /** Policy number at a supplementary pension insurance. */
    policyNumber: text(),
    iban: text(),
    bic: text(),
    /** BANK_TRANSFER or CASH_ORDER (Postanweisung, Austrian addresses only). */
    payoutType: text({ enum: ['BANK_TRANSFER', 'CASH_ORDER'] }),
    street: text(),
    postcode: text(),
    city: text(),
    country: text(),
    status: text({ enum: CLAIM_STATUSES }).notNull(),
    /**
     * ISO instant of receipt. The legal payout date is not stored: it follows from this date by the one rule
     * `payoutDueDate` (server/modules/claims/claims.rules.ts, § 16 BMSVG).
     */
    submittedAt: text().notNull(),
    /** Definite payout or transfer date once checked. */
    definiteDate: text(),
    /**
     * ISO instant of the last status change by the fund (null while NEW as received). A member's message to the
     * Vorsorgekasse after the change to INFORMATION_NEEDED is the answer that lets the claim go back to CHECKING
     * (server/modules/claims/claims.status.ts, decision 0056).
     */
    statusChangedAt: text(),
    /**
     * Who set the claim to CHECKED last (`staff:<id>` or `client:<id>`, the event actor's text): the four-eyes rule
     * lets only another person, a SUPERVISOR, approve the payout or transfer (decision 0054).
     */
    checkedBy: text(),
    /** The entitlement (guthaben) when the claim was sent, integer cents: the latest statement's total. */
    entitlementCents: integer(),
    /** Wage tax withheld on a payout (6 %, § 67 (3) EStG as BMSVG payouts are taxed), integer cents; 0 otherwise. */
    taxCents: integer(),
    /** Cost of a cash order (Postanweisung), integer cents; 0 for a bank transfer or a transfer. */
    cashOrderCostCents: integer(),
    /** DRAWN (the PNG is a claim file of kind SIGNATURE_SAMPLE) or TYPED (the typed full name, `signatureName`). */
    signatureKind: text({ enum: ['DRAWN', 'TYPED'] }),
    /** The name a member typed as the signature (keyboard alternative to drawing). */
    signatureName: text(),
  },
  (t) => [
    index('severance_claims_person_idx').on(t.personId),
    index('severance_claims_account_idx').on(t.accountId),
    // The fund's work list `claims` (decision 0056): oldest due date first, which is the order of receipt, then id.
    index('severance_claims_received_idx').on(t.submittedAt, t.id),
  ],
);

/** Files uploaded with a claim: identity document, signature sample, bank confirmation, institution confirmation. */
export const claimFiles = table(
  'claim_files',
  {
    id: integer().primaryKey({ autoIncrement: true }),
    claimId: integer()
      .notNull()
      .references(() => severanceClaims.id, { onDelete: 'cascade' }),
    kind: text({ enum: ['IDENTITY_DOCUMENT', 'SIGNATURE_SAMPLE', 'BANK_CONFIRMATION', 'INSTITUTION_CONFIRMATION'] }).notNull(),
    fileName: text().notNull(),
    contentType: text().notNull(),
    sizeBytes: integer().notNull(),
    content: blob({ mode: 'buffer' }).notNull(),
  },
  (t) => [index('claim_files_claim_idx').on(t.claimId)],
);

export type SeveranceClaimRow = typeof severanceClaims.$inferSelect;

/**
 * Decision-deadline reminders already claimed for sending (decision 0015): one row per account, kind and deadline.
 * The unique index makes the reminder job run once across restarts and processes: only the process whose insert
 * succeeds sends the mail.
 */
export const decisionReminders = table(
  'decision_reminders',
  {
    id: integer().primaryKey({ autoIncrement: true }),
    accountId: integer()
      .notNull()
      .references(() => vkAccounts.id, { onDelete: 'cascade' }),
    /** DAYS_30 (30 days or fewer before the deadline) or DAYS_7 (7 days or fewer). */
    kind: text({ enum: ['DAYS_30', 'DAYS_7'] }).notNull(),
    /** The deadline (ISO date) the reminder is about; a new right to decide gets new reminders. */
    deadline: text().notNull(),
    claimedAt: text().notNull(),
  },
  (t) => [uniqueIndex('decision_reminders_uq').on(t.accountId, t.kind, t.deadline)],
);
