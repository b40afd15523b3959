import { sql } from 'drizzle-orm';
import { check, integer, primaryKey, table, text } from './kit';
import { vrgs } from './pension-fund';

/** Asset classes of a VRG's portfolio (spec 001 section 2 "Investment"). */
export const ASSET_CLASSES = ['EQUITIES', 'BONDS', 'REAL_ESTATE', 'CASH', 'ALTERNATIVES'] as const;
export type AssetClass = (typeof ASSET_CLASSES)[number];

/**
 * Yearly performance of a Veranlagungs- und Risikogemeinschaft (VRG). `returnBp` is the net return credited to
 * every member of the VRG in that calendar year: a member's pk_statements.investment_result_cents equals
 * round(previous total capital × returnBp / 10,000).
 */
export const vrgPerformance = table(
  'vrg_performance',
  {
    vrg: integer()
      .notNull()
      .references(() => vrgs.number),
    year: integer().notNull(),
    /** Net return of the calendar year in basis points per year (523 = 5.23 % p.a.; may be negative). */
    returnBp: integer().notNull(),
    /**
     * Volatility: sample standard deviation of the yearly returns of the five years up to and including `year`, in
     * basis points per year; null when fewer than three years are known.
     */
    volatilityBp: integer(),
    /** Fluctuation reserve (Schwankungsrückstellung) at 31.12. as a share of the capital, in basis points (may be negative). */
    fluctuationReserveBp: integer().notNull(),
  },
  (t) => [primaryKey({ columns: [t.vrg, t.year] })],
);

/** Asset allocation of a VRG at 31.12. of a year; the shares of one VRG and year add up to 10,000 bp (100 %). */
export const vrgAllocations = table(
  'vrg_allocations',
  {
    vrg: integer()
      .notNull()
      .references(() => vrgs.number),
    year: integer().notNull(),
    assetClass: text({ enum: ASSET_CLASSES }).notNull(),
    /** Share of the portfolio in basis points (2,500 = 25 %). */
    shareBp: integer().notNull(),
  },
  (t) => [primaryKey({ columns: [t.vrg, t.year, t.assetClass] }), check('vrg_allocations_share', sql`${t.shareBp} between 0 and 10000`)],
);

/** The yearly investment report of a VRG: a title and a German summary for members. */
export const vrgReports = table(
  'vrg_reports',
  {
    vrg: integer()
      .notNull()
      .references(() => vrgs.number),
    year: integer().notNull(),
    title: text().notNull(),
    /** Plain German text, paragraphs separated by an empty line. */
    summary: text().notNull(),
  },
  (t) => [primaryKey({ columns: [t.vrg, t.year] })],
);

/**
 * Yearly investment result of the Vorsorgekasse (one fund for all accounts). `returnBp` is the rate credited to every
 * account: vk_statements.investment_result_cents = round(previous total entitlement × returnBp / 10,000).
 */
export const vkInvestmentResults = table('vk_investment_results', {
  year: integer().primaryKey(),
  /** Net investment result of the calendar year in basis points per year (may be negative). */
  returnBp: integer().notNull(),
  /** Management fee (Verwaltungskosten auf das Vermögen) in basis points per year of the entitlement (70 = 0.7 % p.a.). */
  managementFeeBp: integer().notNull(),
});

export type VrgPerformanceRow = typeof vrgPerformance.$inferSelect;
export type VrgAllocationRow = typeof vrgAllocations.$inferSelect;
export type VrgReportRow = typeof vrgReports.$inferSelect;
export type VkInvestmentResultRow = typeof vkInvestmentResults.$inferSelect;
