/**
 * The pension calculator's projection (spec 001 sections 3, 5, 9; decision 0017). Pure: no I/O, no clock; every date is
 * an ISO date passed in, money is integer cents at the edges (inside, floating point; results rounded to cents),
 * rates are basis points (bp, 1 bp = 0.01 % per year).
 *
 * Formulas and sources:
 * - **Pension fund (PK)**: the capital grows month by month at the expected return, (1 + r)^(1/12) per month, from
 *   the calculation date (the Stichtag of the latest statement) to the retirement date; employer contributions are
 *   paid monthly (1/12 of the annual amount) from the calculation date up to the payment end, own contributions from
 *   their start to their end; both grow yearly by their growth rate (year j of the projection pays
 *   annual × (1 + g)^j); the transfer is added on its date. At retirement the capital buys a lifelong pension paid
 *   14 times a year: yearly pension = capital ÷ ä14, with ä14 the annuity factor below at the contract's
 *   calculation interest rate (Rechnungszins, § 20 PKG; DOMAIN.md "Pension fund").
 * - **Annuity factor ä14(x, i)**: ./annuity.rules.ts (with the life table).
 * - **Fictitious calculator** (spec 001 section 9): for persons without a PK entitlement the PK capital grows at the
 *   return (default +2.00 %) plus the cost bonus of the contract year: +0.05 from year 1, +0.08 from year 3, +0.11
 *   from year 5, +0.14 after year 10 (percentage points per year).
 * - **Severance fund (VK, BMSVG)**: contributions of 1.53 % of the yearly gross pay (§ 6 BMSVG) while the toggle is
 *   active, the pay growing yearly; the capital grows at the return minus the fund's management fee (spec 001 section
 *   9: 0.7 % a year) and is annuitised like the PK capital (annuitising at pension start is tax-free, DOMAIN.md).
 *   Other funds' capital and yearly contributions are projected the same way and added to the severance pension.
 * - **State pension (Pensionskonto, § 11 APG)**: ./state-pension.rules.ts.
 * - **Range**: pessimistic and optimistic use the expected return −/+ RANGE_SPREAD_BP on PK, VK and other funds.
 *
 * Which calculator a person gets (spec 001 section 6): ./calculator-access.rules.ts.
 */
import type { Gender } from '@contract/calculator';
import { addMonths, isoOf, monthsBetween, parseIsoDate } from '@contract/dates';
import { annuityFactorAtMonths, LIFE_TABLE, type LifeTable } from './annuity.rules';
import { monthlyOf, projectStatePension } from './state-pension.rules';

/** Severance fund contribution: 1.53 % of gross pay (§ 6 BMSVG), in bp. */
export const SEVERANCE_CONTRIBUTION_RATE_BP = 153;
/** Default severance fund management fee, 0.7 % a year (spec 001 section 9), in bp. */
export const SEVERANCE_FEE_BP = 70;
/** Default return of the fictitious calculator, +2.00 % a year (spec 001 section 9), in bp. */
export const FICTITIOUS_RETURN_BP = 200;
/** Distance of the pessimistic and optimistic scenario from the expected return: 1.5 percentage points. */
export const RANGE_SPREAD_BP = 150;
/** The base data may be up to 15 months old (spec 001 section 9). */
export const MAX_DATA_AGE_MONTHS = 15;

/** Age in whole months on `date`. */
export function ageInMonths(birthDate: string, date: string): number {
  return monthsBetween(birthDate, date);
}

// ---------- cost bonus (fictitious calculator) ----------

/**
 * Cost bonus of the fictitious calculator in bp for contract year `year` (1 = the first year): +5 (0.05 %) in years
 * 1–2, +8 in years 3–4, +11 in years 5–10, +14 after year 10 (spec 001 section 9). 0 before year 1.
 */
export function costBonusBp(year: number): number {
  if (year < 1) return 0;
  if (year < 3) return 5;
  if (year < 5) return 8;
  if (year <= 10) return 11;
  return 14;
}

// ---------- projection ----------

/** A stream of yearly payments into a capital, paid monthly in [from, to) and growing yearly by `growthBp`. */
export interface ContributionStream {
  annualCents: number;
  from: string;
  to: string;
  growthBp: number;
}

/** What a capital projection needs; all dates ISO, rates bp. */
export interface CapitalPlan {
  startCents: number;
  /** Expected return per year. */
  returnBp: number;
  /** Deducted from the return each year (VK management fee). */
  feeBp: number;
  /** Adds the fictitious calculator's cost bonus of the contract year to the return. */
  costBonus: boolean;
  contributions: ContributionStream[];
  /** One-off payments in (transfers) on their dates. */
  lumpSums: { cents: number; date: string }[];
}

/** Capital at the end of each calendar year (and at retirement) of a projection, cents. */
export interface CapitalPoint {
  date: string;
  cents: number;
}

/**
 * Projects `plan` month by month over the whole months from `from` to `to`: each month the capital grows by the
 * month's share of the yearly rate (return + shift − fee + cost bonus), then the month's contributions and the
 * transfers dated in it are added. Returns the capital at `to` and at each 31.12. on the way, in cents.
 * `returnShiftBp` moves the return for the range's scenarios.
 */
export function projectCapital(plan: CapitalPlan, from: string, to: string, returnShiftBp = 0): { finalCents: number; path: CapitalPoint[] } {
  const months = Math.max(0, monthsBetween(from, to));
  let capital = plan.startCents;
  const path: CapitalPoint[] = [];
  for (let i = 0; i < months; i++) {
    const monthStart = addMonths(from, i);
    const contractYear = Math.floor(i / 12) + 1;
    const yearlyBp = plan.returnBp + returnShiftBp - plan.feeBp + (plan.costBonus ? costBonusBp(contractYear) : 0);
    capital *= Math.pow(1 + yearlyBp / 10_000, 1 / 12);
    for (const c of plan.contributions) {
      if (monthStart >= c.from && monthStart < c.to) {
        const j = Math.max(0, Math.floor(monthsBetween(from, monthStart) / 12));
        capital += (c.annualCents * Math.pow(1 + c.growthBp / 10_000, j)) / 12;
      }
    }
    const monthEnd = addMonths(from, i + 1);
    for (const l of plan.lumpSums) if (l.date >= monthStart && l.date < monthEnd) capital += l.cents;
    if (parseIsoDate(monthEnd).m === 1 || i === months - 1) path.push({ date: i === months - 1 ? to : isoOf(parseIsoDate(monthEnd).y - 1, 12, 31), cents: Math.round(capital) });
  }
  return { finalCents: Math.round(capital), path };
}

/** The three return scenarios of the range. */
export type Scenario = 'PESSIMISTIC' | 'EXPECTED' | 'OPTIMISTIC';
export const SCENARIO_SHIFT_BP: Record<Scenario, number> = { PESSIMISTIC: -RANGE_SPREAD_BP, EXPECTED: 0, OPTIMISTIC: RANGE_SPREAD_BP };

/** Everything the projection needs (validated by calculator.schemas.ts). */
export interface ProjectionInput {
  /** The calculation date: Stichtag of the base data (or today without data). */
  calculationDate: string;
  birthDate: string;
  gender: Gender;
  /** First day of the pension (first of a month). */
  retirementDate: string;
  /** Annuitisation rate of the PK contract (without one: the year's highest Rechnungszins of the legal figures). */
  calculationInterestBp: number;
  /** FULL: all PK inputs; OWN_ONLY: the restricted calculator (own contributions only); FICTITIOUS: no PK entitlement. */
  mode: 'FULL' | 'OWN_ONLY' | 'FICTITIOUS';
  pensionFund: {
    capitalCents: number;
    employerAnnualCents: number;
    employerPaymentEnd: string;
    employerGrowthBp: number;
    ownAnnualCents: number;
    ownStart: string;
    ownEnd: string;
    ownGrowthBp: number;
    transferCents: number;
    transferDate: string | null;
    expectedReturnBp: number;
  };
  severanceFund: {
    /** Active toggle: counted at all. */
    active: boolean;
    capitalCents: number;
    /** Contributions still flow (1.53 % of pay) until retirement. */
    contributing: boolean;
    yearlyGrossPayCents: number;
    payGrowthBp: number;
    expectedReturnBp: number;
    feeBp: number;
    otherCapitalCents: number;
    otherAnnualContributionCents: number;
  };
  statePension: {
    /** Yearly gross income = contribution base (grows by incomeGrowthBp). */
    yearlyGrossIncomeCents: number;
    incomeGrowthBp: number;
    /** Pensionskonto total credit so far (Gesamtgutschrift), yearly gross. */
    accountCreditCents: number;
    startDate: string;
  };
  otherYearlyIncomeCents: number;
}

/** Yearly gross amounts of one scenario, cents (pension year = 14 payments). */
export interface ScenarioResult {
  scenario: Scenario;
  pensionFundCapitalCents: number;
  severanceCapitalCents: number;
  pensionFundYearlyCents: number;
  severanceYearlyCents: number;
  stateYearlyCents: number;
  otherYearlyCents: number;
  totalYearlyCents: number;
  totalMonthlyCents: number;
}

export interface ProjectionResult {
  ageAtRetirementMonths: number;
  annuityFactor: number;
  scenarios: ScenarioResult[];
  /** Capital of PK and VK (incl. other funds) at each 31.12. and at retirement, expected scenario. */
  path: { date: string; pensionFundCents: number; severanceCents: number }[];
  /** The entered Pensionskonto credit revalued up to the state pension start (`projectStatePension`), cents. */
  revaluedAccountCreditCents: number;
}

/** Runs the projection for all three scenarios (formulas in the module comment). */
export function projectPension(input: ProjectionInput, table: LifeTable = LIFE_TABLE): ProjectionResult {
  const { retirementDate: to, pensionFund: pk, severanceFund: vk } = input;
  // The statement capital is the capital at the end of the calculation date; the projection runs from the next day.
  const { y, m, d } = parseIsoDate(input.calculationDate);
  const from = isoOf(y, m, d + 1);
  const ageAtRetirementMonths = ageInMonths(input.birthDate, to);
  const factor = annuityFactorAtMonths(table, input.gender, ageAtRetirementMonths, input.calculationInterestBp);
  const pkPlan: CapitalPlan = {
    startCents: input.mode === 'FICTITIOUS' ? 0 : pk.capitalCents,
    returnBp: pk.expectedReturnBp,
    feeBp: 0,
    costBonus: input.mode === 'FICTITIOUS',
    contributions: [
      ...(input.mode === 'FULL' ? [{ annualCents: pk.employerAnnualCents, from, to: minDate(pk.employerPaymentEnd, to), growthBp: pk.employerGrowthBp }] : []),
      { annualCents: pk.ownAnnualCents, from: pk.ownStart, to: minDate(pk.ownEnd, to), growthBp: pk.ownGrowthBp },
    ],
    lumpSums: pk.transferDate && pk.transferCents > 0 ? [{ cents: pk.transferCents, date: pk.transferDate }] : [],
  };
  const vkPlan: CapitalPlan = {
    startCents: vk.active ? vk.capitalCents + vk.otherCapitalCents : 0,
    returnBp: vk.expectedReturnBp,
    feeBp: vk.feeBp,
    costBonus: false,
    contributions: vk.active
      ? [
          ...(vk.contributing ? [{ annualCents: (vk.yearlyGrossPayCents * SEVERANCE_CONTRIBUTION_RATE_BP) / 10_000, from, to, growthBp: vk.payGrowthBp }] : []),
          { annualCents: vk.otherAnnualContributionCents, from, to, growthBp: 0 },
        ]
      : [],
    lumpSums: [],
  };
  const sp = input.statePension;
  const state = projectStatePension({
    accountCreditCents: sp.accountCreditCents,
    yearlyGrossIncomeCents: sp.yearlyGrossIncomeCents,
    incomeGrowthBp: sp.incomeGrowthBp,
    from,
    contributionsEnd: minDate(sp.startDate, to),
    startDate: sp.startDate,
  });
  const stateYearly = state.yearlyCents;
  let path: ProjectionResult['path'] = [];
  const scenarios = (Object.keys(SCENARIO_SHIFT_BP) as Scenario[]).map((scenario) => {
    const shift = SCENARIO_SHIFT_BP[scenario];
    const pkCap = projectCapital(pkPlan, from, to, shift);
    const vkCap = projectCapital(vkPlan, from, to, shift);
    if (scenario === 'EXPECTED') path = pkCap.path.map((p, i) => ({ date: p.date, pensionFundCents: p.cents, severanceCents: vkCap.path[i]?.cents ?? 0 }));
    const pensionFundYearlyCents = Math.round(pkCap.finalCents / factor);
    const severanceYearlyCents = Math.round(vkCap.finalCents / factor);
    const totalYearlyCents = pensionFundYearlyCents + severanceYearlyCents + stateYearly + input.otherYearlyIncomeCents;
    return {
      scenario,
      pensionFundCapitalCents: pkCap.finalCents,
      severanceCapitalCents: vkCap.finalCents,
      pensionFundYearlyCents,
      severanceYearlyCents,
      stateYearlyCents: stateYearly,
      otherYearlyCents: input.otherYearlyIncomeCents,
      totalYearlyCents,
      totalMonthlyCents: monthlyOf(totalYearlyCents),
    };
  });
  return { ageAtRetirementMonths, annuityFactor: factor, scenarios, path, revaluedAccountCreditCents: state.revaluedCreditCents };
}

function minDate(a: string, b: string): string {
  return a < b ? a : b;
}
