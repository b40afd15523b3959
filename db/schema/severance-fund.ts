import { index, integer, table, text, uniqueIndex } from './kit';
import { employers } from './employers';
import { persons } from './persons';

/** Vorsorgekasse account (Abfertigung neu, BMSVG) of a person with one employer. */
export const vkAccounts = table(
  'vk_accounts',
  {
    id: integer().primaryKey({ autoIncrement: true }),
    personId: integer()
      .notNull()
      .references(() => persons.id, { onDelete: 'cascade' }),
    accountNumber: text().notNull(),
    employerId: integer()
      .notNull()
      .references(() => employers.id),
    /** First contribution month (employment start + 1 month, § 6 BMSVG). */
    startDate: text().notNull(),
    /** Last contribution month when the employment has ended; null while contributions flow. */
    endDate: text(),
    /** ACTIVE (contributions flow), DORMANT (contribution-free) or CLOSED (paid out or transferred). */
    status: text({ enum: ['ACTIVE', 'DORMANT', 'CLOSED'] }).notNull(),
    /** Date from which the member may decide on the entitlement (Verfügungsanspruch, § 14 BMSVG); null when none. */
    rightToDecideSince: text(),
    /**
     * Why the right to decide arose: END_OF_EMPLOYMENT (6 months to decide), PENSION_START (3 months, then a cash
     * order) or NO_CONTRIBUTIONS_5_YEARS (6 months); null reads as END_OF_EMPLOYMENT (DOMAIN.md "Deadlines").
     */
    rightToDecideReason: text({ enum: ['END_OF_EMPLOYMENT', 'PENSION_START', 'NO_CONTRIBUTIONS_5_YEARS'] }),
    /**
     * Account of a self-employed person (Selbständigenvorsorge, §§ 49 ff. BMSVG): no transfer to a pension fund or
     * a company collective insurance (spec 001 section 6).
     */
    selfEmployed: integer({ mode: 'boolean' }).notNull().default(false),
  },
  (t) => [uniqueIndex('vk_accounts_number_uq').on(t.accountNumber), index('vk_accounts_person_idx').on(t.personId)],
);

/**
 * Yearly statement of a Vorsorgekasse account at the Stichtag 31.12. (spec 001 section 3 "Account info,
 * severance fund"). All amounts are integer cents.
 *
 * Invariants (tests/unit/seed-roll-forward.test.ts):
 * - totalEntitlement = previous totalEntitlement + contributions + transfersIn + investmentResult + loyaltyBonus
 *   + surplusShare - administrationCosts - svCarrierCosts - payout;
 * - guaranteedCapital = previous guaranteedCapital + contributions + transfersIn - payout (§ 24 BMSVG capital guarantee);
 * - paidOutTotal = previous paidOutTotal + payout.
 */
export const vkStatements = table(
  'vk_statements',
  {
    id: integer().primaryKey({ autoIncrement: true }),
    accountId: integer()
      .notNull()
      .references(() => vkAccounts.id, { onDelete: 'cascade' }),
    stichtag: text().notNull(),
    /** Gesamtanspruch: total entitlement (Abfertigungsanwartschaft) at the Stichtag. */
    totalEntitlementCents: integer().notNull(),
    /** Garantierte Kapitalsumme: sum of contributions and transfers in, less payouts. */
    guaranteedCapitalCents: integer().notNull(),
    /** Cumulative amount paid out or transferred out up to the Stichtag. */
    paidOutTotalCents: integer().notNull(),
    /** Contributions (1.53 % of gross pay) received in the calendar year. */
    contributionsCents: integer().notNull(),
    /** Contributions transferred in from other Vorsorgekassen in the year. */
    transfersInCents: integer().notNull(),
    /** Administration costs (Verwaltungskosten) charged in the year. */
    administrationCostsCents: integer().notNull(),
    /** Collection fee kept by the social insurance carrier (Einhebungsvergütung) in the year. */
    svCarrierCostsCents: integer().notNull(),
    /** Assigned net investment result (zugewiesenes Veranlagungsergebnis) in the year; may be negative. */
    investmentResultCents: integer().notNull(),
    /** Payout or transfer out in the year. */
    payoutCents: integer().notNull(),
    /** Loyalty bonus (Treuebonus) credited in the year. */
    loyaltyBonusCents: integer().notNull(),
    /** Surplus share (Überschussbeteiligung) credited in the year. */
    surplusShareCents: integer().notNull(),
  },
  (t) => [uniqueIndex('vk_statements_account_stichtag_uq').on(t.accountId, t.stichtag)],
);

export type VkAccountRow = typeof vkAccounts.$inferSelect;
export type VkStatementRow = typeof vkStatements.$inferSelect;
