/**
 * The state pension projection of the pension calculator (spec 001 section 9; decision 0017): the Pensionskonto up to
 * the state pension start. Pure: no I/O; every date is an ISO date passed in, money integer cents, growth bp a year.
 *
 * - **State pension (Pensionskonto, § 11 APG)**: each calendar year's contribution base × 1.78 % is credited; the
 *   base is the year's income share, at most the year's Höchstbeitragsgrundlage (§ 45 ASVG; 14 × the monthly cap)
 *   for the months of the year. The total credit (the entered credit and the new credits) is revalued on each
 *   1 January after the calculation date and before the state pension start with that year's Aufwertungszahl
 *   (§ 15 APG, § 108a ASVG). Known years take cap and Aufwertungszahl from the legal figures
 *   (@contract/legal-figures); later years assume both grow with the assumed income growth (the cap follows the
 *   Aufwertungszahl by § 108 (3) ASVG, and that follows the average contribution base). The total at the start is
 *   the yearly gross pension, ÷ 14 the monthly amount (docs/decisions/0043-legal-figures-by-year.md).
 */
import { isoOf, monthsBetween, parseIsoDate } from '@contract/dates';
import { latestLegalFigures, legalFiguresFor } from '@contract/legal-figures';
import { PAYMENTS_PER_YEAR } from './annuity.rules';

/** 1.78 % of each year's contribution base (§ 11 APG, Kontoprozentsatz), in bp. */
export const PENSION_ACCOUNT_RATE_BP = 178;

/** A yearly legal figure of the projection: from the legal figures table (`assumed` false) or assumed. */
export interface ProjectedFigure {
  year: number;
  value: number;
  /** True for a year after the table: the latest known value grown by the assumed income growth. */
  assumed: boolean;
}

/** Whole years from the latest known year to `year` (0 within and before the table). */
const yearsAfterTable = (year: number) => Math.max(0, year - latestLegalFigures().year);

/**
 * The yearly Höchstbeitragsgrundlage (14 × the monthly cap) of `year`, cents: the table's value of the year (a year
 * before the table: its first year); after the table the latest known cap × (1 + growth)^(years after it), rounded
 * to cents (decision 0043: the cap follows the Aufwertungszahl, assumed to follow the income growth).
 */
export function projectedCapCents(year: number, growthBp: number): ProjectedFigure {
  const after = yearsAfterTable(year);
  const base = legalFiguresFor(year).maxContributionBaseYearlyCents;
  return { year, value: Math.round(base * Math.pow(1 + growthBp / 10_000, after)), assumed: after > 0 };
}

/**
 * The Aufwertungszahl of `year` as a factor (1.073 for 2026): the table's value; after the table 1 + the assumed
 * income growth (decision 0043); a year before the table takes its first year's.
 */
export function projectedRevaluation(year: number, growthBp: number): ProjectedFigure {
  if (yearsAfterTable(year) > 0) return { year, value: 1 + growthBp / 10_000, assumed: true };
  return { year, value: legalFiguresFor(year).revaluationFactorPermille / 1000, assumed: false };
}

/** What the state pension projection needs; dates ISO, money cents, growth bp per year. */
export interface StatePensionPlan {
  /** Pensionskonto total credit (Gesamtgutschrift) at the calculation date, yearly gross. */
  accountCreditCents: number;
  /** Yearly gross income (the contribution base before the cap) in the calculation date's year; grows yearly. */
  yearlyGrossIncomeCents: number;
  incomeGrowthBp: number;
  /** The day after the calculation date: contributions and revaluations count from here. */
  from: string;
  /** End of contributions (exclusive): the earlier of retirement and the state pension start. */
  contributionsEnd: string;
  /** State pension start (exclusive for revaluations). */
  startDate: string;
}

/** One calendar year of the state pension projection (cents). */
export interface StatePensionYear {
  year: number;
  /** Months of the year with contributions. */
  months: number;
  /** The year's cap for those months (cap × months / 12). */
  capCents: number;
  /** The income share, capped: the credited base. */
  baseCents: number;
  /** 1.78 % of the base. */
  creditCents: number;
  /** The Aufwertungszahl applied on 1 January of the year, or null when that day lies outside the window. */
  revaluation: number | null;
}

/** The result of `projectStatePension`. */
export interface StatePensionProjection {
  /** The total credit at the state pension start = the yearly gross state pension, cents. */
  yearlyCents: number;
  /** The entered credit alone after all revaluations, cents. */
  revaluedCreditCents: number;
  years: StatePensionYear[];
}

/**
 * The Pensionskonto up to the state pension start (formulas in the module comment): for each calendar year from
 * `from`, first the revaluation of the total on its 1 January (when that day lies in [from, startDate)), then the
 * credit of 1.78 % of min(income of the year, the year's cap) for the months in [from, contributionsEnd). The income
 * of the calculation date's year is the entered one; each later year's grows by the income growth.
 */
export function projectStatePension(plan: StatePensionPlan): StatePensionProjection {
  const firstYear = parseIsoDate(plan.from).y;
  const lastYear = parseIsoDate(plan.startDate).y;
  const growth = 1 + plan.incomeGrowthBp / 10_000;
  let total = plan.accountCreditCents;
  let credit = plan.accountCreditCents;
  const years: StatePensionYear[] = [];
  for (let year = firstYear; year <= lastYear; year++) {
    const jan1 = isoOf(year, 1, 1);
    let revaluation: number | null = null;
    if (jan1 >= plan.from && jan1 < plan.startDate) {
      revaluation = projectedRevaluation(year, plan.incomeGrowthBp).value;
      total *= revaluation;
      credit *= revaluation;
    }
    const start = jan1 > plan.from ? jan1 : plan.from;
    const nextJan1 = isoOf(year + 1, 1, 1);
    const end = nextJan1 < plan.contributionsEnd ? nextJan1 : plan.contributionsEnd;
    const months = end > start ? Math.max(0, monthsBetween(start, end)) : 0;
    const capCents = Math.round((projectedCapCents(year, plan.incomeGrowthBp).value * months) / 12);
    const incomeCents = Math.round((plan.yearlyGrossIncomeCents * Math.pow(growth, year - firstYear) * months) / 12);
    const baseCents = Math.min(incomeCents, capCents);
    const creditCents = Math.round((baseCents * PENSION_ACCOUNT_RATE_BP) / 10_000);
    total += creditCents;
    years.push({ year, months, capCents, baseCents, creditCents, revaluation });
  }
  return { yearlyCents: Math.round(total), revaluedCreditCents: Math.round(credit), years };
}

/** Monthly amount of a yearly pension paid 14 times: yearly ÷ 14, rounded to cents. */
export function monthlyOf(yearlyCents: number): number {
  return Math.round(yearlyCents / PAYMENTS_PER_YEAR);
}
