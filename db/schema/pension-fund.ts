import { sql } from 'drizzle-orm';
import { check, index, integer, table, text, uniqueIndex } from './kit';
import { employers } from './employers';
import { persons } from './persons';

/** Veranlagungs- und Risikogemeinschaft (VRG): the investment and risk community of a Pensionskasse contract. */
export const vrgs = table('vrgs', {
  /** VRG number as used in the route /veranlagung/pensionskasse/vrg{vrg}. */
  number: integer().primaryKey(),
  name: text().notNull(),
  /** Target share of equities in percent; shown with the investment information. */
  equityTargetPercent: integer().notNull(),
  /** False once the VRG is closed or being wound up: the pension calculator is refused (spec 001 section 6). */
  active: integer({ mode: 'boolean' }).notNull().default(true),
});

/** Pensionskasse contract of a person (spec 001 section 3 "Contract (pension)"). */
export const pkContracts = table(
  'pk_contracts',
  {
    id: integer().primaryKey({ autoIncrement: true }),
    personId: integer()
      .notNull()
      .references(() => persons.id, { onDelete: 'cascade' }),
    contractNumber: text().notNull(),
    vrg: integer()
      .notNull()
      .references(() => vrgs.number),
    employerId: integer()
      .notNull()
      .references(() => employers.id),
    /** The contracting customer (Kunde). */
    customerId: integer()
      .notNull()
      .references(() => employers.id),
    /** Rechnungszins in basis points per year (200 = 2.00 % p.a.). */
    calculationInterestRateBp: integer().notNull(),
    /** Widow/widower transition (Witwen-/Witwerübergang) in percent of the pension; 0 when none. */
    widowTransitionPercent: integer().notNull(),
    /** Partner rule of the pension plan (who counts as surviving partner). */
    partnerRule: text({ enum: ['NONE', 'SPOUSE', 'SPOUSE_OR_REGISTERED_PARTNER', 'SPOUSE_OR_COHABITANT'] }).notNull(),
    /** MEMBER (Anwartschaftsberechtigte/r, AWB) or BENEFICIARY (Leistungsberechtigte/r, LB). */
    role: text({ enum: ['MEMBER', 'BENEFICIARY'] }).notNull(),
    startDate: text().notNull(),
    /** First day of the pension, for beneficiaries. */
    pensionStartDate: text(),
    /** Current gross monthly pension in cents (paid 14 times a year), for beneficiaries. */
    monthlyPensionCents: integer(),
    /**
     * Pension calculator offered for this contract (spec 001 section 6): FULL, OWN_CONTRIBUTIONS_ONLY (the restricted
     * calculator: own contributions only) or NONE.
     */
    calculatorAccess: text({ enum: ['FULL', 'OWN_CONTRIBUTIONS_ONLY', 'NONE'] })
      .notNull()
      .default('FULL'),
  },
  (t) => [
    uniqueIndex('pk_contracts_number_uq').on(t.contractNumber),
    index('pk_contracts_person_idx').on(t.personId),
    check('pk_contracts_rate', sql`${t.calculationInterestRateBp} between 0 and 600`),
  ],
);

/**
 * Yearly account statement of a Pensionskasse contract at the Stichtag 31.12. (spec 001 section 3
 * "Account info, pension fund"). All amounts are integer cents.
 *
 * Invariants (checked for every seeded member by tests/unit/seed-roll-forward.test.ts):
 * - totalCapital = reserve + fluctuationReserve;
 * - totalCapital = previous totalCapital + employerContributions + employeeContributions + employerTransfers
 *   + employeeTransfers + premium108a + investmentResult - costs - pensionPayments.
 */
export const pkStatements = table(
  'pk_statements',
  {
    id: integer().primaryKey({ autoIncrement: true }),
    contractId: integer()
      .notNull()
      .references(() => pkContracts.id, { onDelete: 'cascade' }),
    /** Reference date, always YYYY-12-31. */
    stichtag: text().notNull(),
    /** Deckungsrückstellung (actuarial reserve) at the Stichtag. */
    reserveCents: integer().notNull(),
    /** Schwankungsrückstellung (fluctuation reserve) share at the Stichtag; may be negative. */
    fluctuationReserveCents: integer().notNull(),
    /** Total pension capital = reserve + fluctuation reserve. */
    totalCapitalCents: integer().notNull(),
    /** Employer contributions paid in the year. */
    employerContributionsCents: integer().notNull(),
    /** Employee (own) contributions (Eigenbeiträge) paid in the year. */
    employeeContributionsCents: integer().notNull(),
    /** Transfers in (Übertragungen) from the employer and from the employee in the year. */
    employerTransfersCents: integer().notNull(),
    employeeTransfersCents: integer().notNull(),
    /** State premium under § 108a EStG credited in the year. */
    premium108aCents: integer().notNull(),
    /** Net investment result allocated in the year (may be negative). */
    investmentResultCents: integer().notNull(),
    /** Administration costs charged in the year. */
    costsCents: integer().notNull(),
    /** Pension payments in the year (beneficiaries). */
    pensionPaymentsCents: integer().notNull(),
    /** Outstanding shortfall (Fehlbetrag) from a change of calculation bases, amortised by at least a tenth a year. */
    shortfallCents: integer().notNull(),
    /** Projected yearly pension at retirement age from this statement (cents per year, 14 payments). */
    projectedYearlyPensionCents: integer().notNull(),
  },
  (t) => [uniqueIndex('pk_statements_contract_stichtag_uq').on(t.contractId, t.stichtag)],
);

export type VrgRow = typeof vrgs.$inferSelect;
export type PkContractRow = typeof pkContracts.$inferSelect;
export type PkStatementRow = typeof pkStatements.$inferSelect;
