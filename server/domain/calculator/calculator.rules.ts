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
 * - **Annuity factor ä14(x, i)** per 1 EUR of yearly pension: the present value at age x of 12 monthly payments of
 *   1/14 at the start of each month and 2 special payments of 1/14 with the 4th and 10th monthly payment of each
 *   pension year, as long as the person lives: ä14 = 1/14 Σ_k v^k · kp_x · Σ_payments v^(t) · (1 − t · q_(x+k)),
 *   v = 1/(1+i), t the payment's time in the year (0, 1/12, …, 11/12; 3/12 and 9/12 for the special payments);
 *   within a year deaths are spread evenly (uniform distribution of deaths). Survival from the public life table
 *   (./life-table-at-2010-12.json, Statistik Austria 2010/2012), not the fund's licensed AVÖ table (DOMAIN.md).
 *   A fractional age interpolates linearly between the whole ages.
 * - **Fictitious calculator** (spec 001 section 9): for persons without a PK entitlement the PK capital grows at the
 *   return (default +2.00 %) plus the cost bonus of the contract year: +0.05 from year 1, +0.08 from year 3, +0.11
 *   from year 5, +0.14 after year 10 (percentage points per year).
 * - **Severance fund (VK, BMSVG)**: contributions of 1.53 % of the yearly gross pay (§ 6 BMSVG) while the toggle is
 *   active, the pay growing yearly; the capital grows at the return minus the fund's management fee (spec 001 section
 *   9: 0.7 % a year) and is annuitised like the PK capital (annuitising at pension start is tax-free, DOMAIN.md).
 *   Other funds' capital and yearly contributions are projected the same way and added to the severance pension.
 * - **State pension (Pensionskonto, § 11 APG)**: each calendar year's contribution base × 1.78 % is credited; the
 *   base is the year's income share, at most the year's Höchstbeitragsgrundlage (§ 45 ASVG; 14 × the monthly cap)
 *   for the months of the year. The total credit (the entered credit and the new credits) is revalued on each
 *   1 January after the calculation date and before the state pension start with that year's Aufwertungszahl
 *   (§ 15 APG, § 108a ASVG). Known years take cap and Aufwertungszahl from the legal figures
 *   (@contract/legal-figures); later years assume both grow with the assumed income growth (the cap follows the
 *   Aufwertungszahl by § 108 (3) ASVG, and that follows the average contribution base). The total at the start is
 *   the yearly gross pension, ÷ 14 the monthly amount (docs/decisions/0043-legal-figures-by-year.md).
 * - **Range**: pessimistic and optimistic use the expected return −/+ RANGE_SPREAD_BP on PK, VK and other funds.
 */
import type { Gender } from '@contract/calculator';
import { addMonths, isoOf, monthsBetween, parseIsoDate } from '@contract/dates';
import { latestLegalFigures, legalFiguresFor } from '@contract/legal-figures';
import lifeTableData from './life-table-at-2010-12.json';

/** 1.78 % of each year's contribution base (§ 11 APG, Kontoprozentsatz), in bp. */
export const PENSION_ACCOUNT_RATE_BP = 178;
/** Severance fund contribution: 1.53 % of gross pay (§ 6 BMSVG), in bp. */
export const SEVERANCE_CONTRIBUTION_RATE_BP = 153;
/** Default severance fund management fee, 0.7 % a year (spec 001 section 9), in bp. */
export const SEVERANCE_FEE_BP = 70;
/** Default return of the fictitious calculator, +2.00 % a year (spec 001 section 9), in bp. */
export const FICTITIOUS_RETURN_BP = 200;
/** Payments of a pension per year (spec 001 section 9). */
export const PAYMENTS_PER_YEAR = 14;
/** Distance of the pessimistic and optimistic scenario from the expected return: 1.5 percentage points. */
export const RANGE_SPREAD_BP = 150;
/** The base data may be up to 15 months old (spec 001 section 9). */
export const MAX_DATA_AGE_MONTHS = 15;

/** The public life table shipped with the calculator (source and year in the JSON). */
export interface LifeTable {
  name: string;
  source: string;
  year: string;
  firstAge: number;
  male: number[];
  female: number[];
}
export const LIFE_TABLE: LifeTable = lifeTableData;

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

// ---------- annuity factor ----------

/** Death probability q(x) of the table for `gender` at whole age `age` (DIVERSE: the mean of both); 1 beyond the table. */
export function deathProbability(table: LifeTable, gender: Gender, age: number): number {
  const i = age - table.firstAge;
  const pick = (qs: number[]) => (i < 0 ? qs[0]! : i >= qs.length ? 1 : qs[i]!);
  if (gender === 'MALE') return pick(table.male);
  if (gender === 'FEMALE') return pick(table.female);
  return (pick(table.male) + pick(table.female)) / 2;
}

/** Times within a pension year of its 14 payments: 12 monthly, plus the special payments with the 4th and 10th. */
const PAYMENT_TIMES = [...Array.from({ length: 12 }, (_, m) => m / 12), 3 / 12, 9 / 12];

/**
 * Annuity factor ä14 at whole age `age` and calculation interest `rateBp`: present value of a lifelong pension of
 * 1 per year paid in 14 equal parts (formula in the module comment). Unit: years of pension.
 */
export function annuityFactor14(table: LifeTable, gender: Gender, age: number, rateBp: number): number {
  const v = 1 / (1 + rateBp / 10_000);
  let survival = 1;
  let sum = 0;
  for (let k = 0; survival > 0 && age + k <= 130; k++) {
    const q = deathProbability(table, gender, age + k);
    let year = 0;
    for (const t of PAYMENT_TIMES) year += Math.pow(v, t) * (1 - t * q);
    sum += Math.pow(v, k) * survival * year;
    survival *= 1 - q;
  }
  return sum / PAYMENTS_PER_YEAR;
}

/** ä14 at an age in months: linear between the whole ages around it. */
export function annuityFactorAtMonths(table: LifeTable, gender: Gender, ageMonths: number, rateBp: number): number {
  const whole = Math.floor(ageMonths / 12);
  const f = (ageMonths - whole * 12) / 12;
  const a = annuityFactor14(table, gender, whole, rateBp);
  return f === 0 ? a : a + (annuityFactor14(table, gender, whole + 1, rateBp) - a) * f;
}

// ---------- state pension (§ 11 APG) ----------

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

// ---------- restrictions (spec 001 section 6) ----------

/** Which calculator a person gets: FULL, the restricted OWN_CONTRIBUTIONS_ONLY, FICTITIOUS (no PK entitlement) or NONE. */
export type CalculatorAccess = 'FULL' | 'OWN_CONTRIBUTIONS_ONLY' | 'FICTITIOUS' | 'NONE';
/** Why the calculator is refused (spec 001 section 8 "Calculator"). */
export type CalculatorRefusal = 'NOT_AUTHORIZED' | 'INACTIVE_VRG' | 'NO_VALID_CONTRACT_DATA' | 'TERMS_NOT_ACCEPTED';

/** The facts the restriction depends on. */
export interface CalculatorAccessFacts {
  membershipActive: boolean;
  termsPending: boolean;
  /** PK contracts on a tenant with the Pensionskasse (none on the regional tenant). */
  pensionContracts: readonly { role: 'MEMBER' | 'BENEFICIARY'; calculatorAccess: 'FULL' | 'OWN_CONTRIBUTIONS_ONLY' | 'NONE'; vrgActive: boolean; hasStatement: boolean }[];
  /** Vorsorgekasse accounts that are not closed, with a statement. */
  severanceAccountsWithData: number;
}

/**
 * The calculator a person may use (spec 001 section 6), in this order: no valid membership → NONE
 * (NO_VALID_CONTRACT_DATA); terms not accepted → NONE (TERMS_NOT_ACCEPTED); no PK contract → FICTITIOUS when a
 * severance account with data exists, else NONE (NO_VALID_CONTRACT_DATA); only beneficiary contracts (the pension
 * is already paid) → NONE (NOT_AUTHORIZED); the member contract's calculator NONE → NOT_AUTHORIZED; its VRG
 * inactive → INACTIVE_VRG; no statement → NO_VALID_CONTRACT_DATA; else the contract's FULL or OWN_CONTRIBUTIONS_ONLY.
 */
export function calculatorAccessOf(f: CalculatorAccessFacts): { access: CalculatorAccess; refusal: CalculatorRefusal | null } {
  const none = (refusal: CalculatorRefusal) => ({ access: 'NONE' as const, refusal });
  if (!f.membershipActive) return none('NO_VALID_CONTRACT_DATA');
  if (f.termsPending) return none('TERMS_NOT_ACCEPTED');
  if (f.pensionContracts.length === 0) return f.severanceAccountsWithData > 0 ? { access: 'FICTITIOUS', refusal: null } : none('NO_VALID_CONTRACT_DATA');
  const member = f.pensionContracts.find((c) => c.role === 'MEMBER');
  if (!member || member.calculatorAccess === 'NONE') return none('NOT_AUTHORIZED');
  if (!member.vrgActive) return none('INACTIVE_VRG');
  if (!member.hasStatement) return none('NO_VALID_CONTRACT_DATA');
  return { access: member.calculatorAccess, refusal: null };
}
