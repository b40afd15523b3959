/**
 * Validation of the pension calculator's inputs (spec 001 section 5 "Calculator", spec 000 section 5 "Calculator
 * dates"). Pure: zod only, no Node imports, so the web form (`zodResolver`) and the server (GraphQL
 * `projectPension`, REST `calcprint`) apply the same rules.
 *
 * The input's shape is the GraphQL `ProjectPensionInput`: money in integer cents, rates in percent per year (two
 * decimals at most), dates ISO. Ranges chosen here (the spec names none, "range not shown"):
 * - growth of contributions and income: 0.00 % to 10.00 % a year; expected return: −5.00 % to +10.00 % a year;
 * - amounts: 0 to 10,000,000.00 €; yearly gross income at most 1,000,000.00 €;
 * - birth date: 15 to 75 years old on the calculation date; retirement at 55 to 75 years of age.
 *
 * The calculation date is the Stichtag of the base data (the latest statement, at most 15 months old) or today
 * without data: "after the calculation date" in spec 001 and "pension-fund end date earliest the start of the
 * current year" in spec 000 then agree for a statement of 31.12. of last year (docs/decisions/0017-pension-calculator.md).
 */
import { z } from 'zod';
import { addDays, addMonths, firstOfNextMonth, isIsoDate as isCalendarDate, monthsBetween, parseIsoDate } from './dates';
import { hasLegalFigures, latestLegalFigures, legalFiguresFor } from './legal-figures';

/** Gender as the calculator's rules distinguish it (the GraphQL enum `Gender`). */
export type Gender = 'MALE' | 'FEMALE' | 'DIVERSE';

// ---------- statutory retirement age (DOMAIN.md "State pension") ----------

/**
 * Statutory retirement age in months: men (and DIVERSE, as in the general pension law) 65 years; women 60 years
 * when born before 1 January 1964, then half a year more per half-year of birth (born 1 Jan to 30 Jun 1964 → 60.5,
 * 1 Jul to 31 Dec 1964 → 61, …, 1 Jan to 30 Jun 1968 → 64.5), 65 when born after 30 June 1968 (Art. 140 B-VG
 * phase-in, DOMAIN.md).
 */
export function statutoryRetirementAgeMonths(gender: Gender, birthDate: string): number {
  if (gender !== 'FEMALE') return 65 * 12;
  const { y, m } = parseIsoDate(birthDate);
  if (y < 1964) return 60 * 12;
  const halfYearsSince1964 = (y - 1964) * 2 + (m >= 7 ? 1 : 0);
  return Math.min(65 * 12, 60 * 12 + 6 * (halfYearsSince1964 + 1));
}

/**
 * The first day on which the statutory pension can start: the day the age is reached when that is the first of a
 * month, otherwise the first of the following month (§ 223 (2) ASVG reading of "first of the month after the age").
 */
export function statutoryRetirementDate(gender: Gender, birthDate: string): string {
  const reached = addMonths(birthDate, statutoryRetirementAgeMonths(gender, birthDate));
  return parseIsoDate(reached).d === 1 ? reached : firstOfNextMonth(reached);
}

/** Field error codes of the calculator (catalogue keys `calculator.fieldErrors.<CODE>`). */
/**
 * Asset-management cost of the Pensionskasse in the calculator's cost example, basis points a year: 0,65 % (spec 001
 * section 9 "Asset management cost: 0.65 percent a year in a sample note"). The projection takes the expected return
 * as net of costs; the example shows the return before costs it stands for.
 */
export const PENSION_FUND_ASSET_COST_BP = 65;

export const CALCULATOR_FIELD_CODES = [
  'REQUIRED',
  'INVALID',
  'OUT_OF_RANGE',
  'TOO_MANY_DECIMALS',
  'NOT_FIRST_OF_MONTH',
  'DATE_IN_PAST',
  'DATE_TOO_EARLY',
  'DATE_TOO_LATE',
  'NOT_AFTER_CALCULATION_DATE',
  'AFTER_RETIREMENT',
  'END_BEFORE_START',
  'BEFORE_STATUTORY_AGE',
  'CREDIT_TOO_HIGH',
] as const;
export type CalculatorFieldCode = (typeof CALCULATOR_FIELD_CODES)[number];

export interface CalculatorFieldError {
  field: keyof CalculatorInput;
  code: CalculatorFieldCode;
}

/** Limits of the inputs (cents, percent per year, years of age). */
export const CALCULATOR_LIMITS = {
  maxAmountCents: 1_000_000_000,
  maxIncomeCents: 100_000_000,
  minGrowthPercent: 0,
  maxGrowthPercent: 10,
  minReturnPercent: -5,
  maxReturnPercent: 10,
  minAge: 15,
  maxAge: 75,
  minRetirementAge: 55,
  maxRetirementAge: 75,
} as const;

/** The calculator's input (GraphQL `ProjectPensionInput`). */
export interface CalculatorInput {
  birthDate: string;
  retirementDate: string;
  employerAnnualContribution: number;
  employerPaymentEnd: string;
  employerGrowthRate: number;
  ownAnnualContribution: number;
  ownContributionStart: string;
  ownContributionEnd: string;
  ownGrowthRate: number;
  transferAmount: number;
  transferDate: string | null;
  expectedReturn: number;
  severanceActive: boolean;
  severanceCapital: number;
  severanceContributing: boolean;
  otherFundsCapital: number;
  otherFundsAnnualContribution: number;
  yearlyGrossIncome: number;
  incomeGrowthRate: number;
  statePensionStart: string;
  accountCredit: number;
  otherYearlyIncome: number;
}

/** What the rules need beside the input: dates from the server's clock and data, the person's gender. */
export interface CalculatorContext {
  /** Today (Vienna). */
  today: string;
  /** Stichtag of the base data, or today without data. */
  calculationDate: string;
  gender: Gender;
  /**
   * False for the restricted and the fictitious calculator, which take no employer contributions: their employer
   * fields are not shown and not checked. @default true
   */
  employerContributions?: boolean;
}

/** Date bounds of the pickers (spec 000 section 5) for a birth date. */
export interface CalculatorDateBounds {
  /** First of next month. */
  earliestRetirementDate: string;
  /** First of the month after the 75th birthday (the "maximum date passed in"). */
  latestRetirementDate: string;
  /** The later of the start of the current year and the day after the calculation date. */
  earliestPaymentEndDate: string;
  /** Statutory state pension start (DOMAIN.md). */
  statutoryRetirementDate: string;
}

/** The pickers' bounds (spec 000 section 5 "Calculator dates"). */
export function calculatorDateBounds(ctx: CalculatorContext, birthDate: string): CalculatorDateBounds {
  const startOfYear = `${ctx.today.slice(0, 4)}-01-01`;
  const dayAfterCalc = addDays(ctx.calculationDate, 1);
  return {
    earliestRetirementDate: firstOfNextMonth(ctx.today),
    latestRetirementDate: firstOfNextMonth(addMonths(birthDate, CALCULATOR_LIMITS.maxRetirementAge * 12)),
    earliestPaymentEndDate: startOfYear > dayAfterCalc ? startOfYear : dayAfterCalc,
    statutoryRetirementDate: statutoryRetirementDate(ctx.gender, birthDate),
  };
}

/** True for a real calendar date written YYYY-MM-DD in the years 1900 to 2200 (the calculator's range). */
function isIsoDate(value: unknown): value is string {
  if (!isCalendarDate(value)) return false;
  const { y } = parseIsoDate(value);
  return y >= 1900 && y <= 2200;
}

const hasTwoDecimals = (n: number) => Math.abs(Math.round(n * 100) - n * 100) < 1e-6;

/**
 * Every rule of spec 001 section 5 "Calculator" and spec 000 section 5 "Calculator dates" over one input; the field
 * errors in field order, one per field (the first that fails).
 */
export function validateCalculatorInput(input: CalculatorInput, ctx: CalculatorContext): CalculatorFieldError[] {
  const errors: CalculatorFieldError[] = [];
  const seen = new Set<string>();
  const fail = (field: keyof CalculatorInput, code: CalculatorFieldCode) => {
    if (!seen.has(field)) errors.push({ field, code });
    seen.add(field);
  };
  const L = CALCULATOR_LIMITS;
  const amount = (field: keyof CalculatorInput, max: number = L.maxAmountCents) => {
    const v = input[field];
    if (typeof v !== 'number' || !Number.isInteger(v)) fail(field, 'INVALID');
    else if (v < 0 || v > max) fail(field, 'OUT_OF_RANGE');
  };
  const rate = (field: keyof CalculatorInput, min: number, max: number) => {
    const v = input[field];
    if (typeof v !== 'number' || !Number.isFinite(v)) fail(field, 'INVALID');
    else if (v < min || v > max) fail(field, 'OUT_OF_RANGE');
    else if (!hasTwoDecimals(v)) fail(field, 'TOO_MANY_DECIMALS');
  };
  const date = (field: keyof CalculatorInput): string | null => {
    const v = input[field];
    if (v === null || v === undefined || v === '') {
      fail(field, 'REQUIRED');
      return null;
    }
    if (!isIsoDate(v)) {
      fail(field, 'INVALID');
      return null;
    }
    return v;
  };

  const birth = date('birthDate');
  if (birth) {
    const age = monthsBetween(birth, ctx.calculationDate);
    if (age < L.minAge * 12 || age > L.maxAge * 12) fail('birthDate', 'OUT_OF_RANGE');
  }
  const bounds = birth && !seen.has('birthDate') ? calculatorDateBounds(ctx, birth) : null;

  const retirement = date('retirementDate');
  if (retirement) {
    if (parseIsoDate(retirement).d !== 1) fail('retirementDate', 'NOT_FIRST_OF_MONTH');
    else if (retirement <= ctx.today) fail('retirementDate', 'DATE_IN_PAST');
    else if (bounds && retirement > bounds.latestRetirementDate) fail('retirementDate', 'DATE_TOO_LATE');
    else if (birth && monthsBetween(birth, retirement) < L.minRetirementAge * 12) fail('retirementDate', 'DATE_TOO_EARLY');
  }
  const retire = retirement && !seen.has('retirementDate') ? retirement : null;
  const inWindow = (field: keyof CalculatorInput, value: string | null) => {
    if (!value) return;
    if (value <= ctx.calculationDate) fail(field, 'NOT_AFTER_CALCULATION_DATE');
    else if (retire && value > retire) fail(field, 'AFTER_RETIREMENT');
  };

  if (ctx.employerContributions !== false) {
    amount('employerAnnualContribution');
    const paymentEnd = date('employerPaymentEnd');
    inWindow('employerPaymentEnd', paymentEnd);
    if (paymentEnd && bounds && paymentEnd < bounds.earliestPaymentEndDate) fail('employerPaymentEnd', 'DATE_TOO_EARLY');
    rate('employerGrowthRate', L.minGrowthPercent, L.maxGrowthPercent);
  }

  amount('ownAnnualContribution');
  const ownStart = date('ownContributionStart');
  inWindow('ownContributionStart', ownStart);
  const ownEnd = date('ownContributionEnd');
  if (ownEnd && ownStart && !seen.has('ownContributionStart') && ownEnd < ownStart) fail('ownContributionEnd', 'END_BEFORE_START');
  if (ownEnd && retire && ownEnd > retire) fail('ownContributionEnd', 'AFTER_RETIREMENT');
  rate('ownGrowthRate', L.minGrowthPercent, L.maxGrowthPercent);

  amount('transferAmount');
  if (input.transferAmount > 0 || (input.transferDate !== null && input.transferDate !== '')) {
    inWindow('transferDate', date('transferDate'));
  }
  rate('expectedReturn', L.minReturnPercent, L.maxReturnPercent);

  amount('severanceCapital');
  amount('otherFundsCapital');
  amount('otherFundsAnnualContribution');
  amount('yearlyGrossIncome', L.maxIncomeCents);
  rate('incomeGrowthRate', L.minGrowthPercent, L.maxGrowthPercent);

  const stateStart = date('statePensionStart');
  if (stateStart && bounds) {
    if (stateStart < bounds.statutoryRetirementDate) fail('statePensionStart', 'BEFORE_STATUTORY_AGE');
    else if (stateStart > bounds.latestRetirementDate) fail('statePensionStart', 'DATE_TOO_LATE');
  }
  amount('accountCredit');
  if (birth && !seen.has('accountCredit') && !seen.has('birthDate')) {
    if (input.accountCredit > possibleAccountCreditCents(birth, ctx.calculationDate, ctx.today)) fail('accountCredit', 'CREDIT_TOO_HIGH');
  }
  amount('otherYearlyIncome');
  return errors;
}

/**
 * The highest Pensionskonto credit possible by `calculationDate`, in cents ("account credit not above the possible
 * annual pension"): 1.78 % of the yearly Höchstbeitragsgrundlage for each (part) year since the 15th birthday. The
 * cap is that of the year of `today` (legal figures, decision 0043): the credit a member reads on the Pensionskonto
 * is revalued every 1 January (§ 15 APG) with the Aufwertungszahl, by which the cap grows too (§ 108 (3) ASVG), so
 * a member at the cap in every year holds about years × 1.78 % × the current cap. Without `today` the calculation
 * date's year.
 */
export function possibleAccountCreditCents(birthDate: string, calculationDate: string, today: string = calculationDate): number {
  const months = Math.max(0, monthsBetween(addMonths(birthDate, 15 * 12), calculationDate) + 1);
  const cap = legalFiguresFor(today > calculationDate ? today : calculationDate).maxContributionBaseYearlyCents;
  return Math.round((cap * 0.0178 * months) / 12);
}

/**
 * The state-pension figures that the calculator's screen and PDF state as assumptions (decision 0043): the latest
 * known Höchstbeitragsgrundlage, the Aufwertungszahl of the first 1 January after the calculation date (null when
 * the legal figures do not have that year yet: then assumed), and the yearly growth assumed for later caps and
 * Aufwertungszahlen, which is the entered income growth.
 */
export interface StatePensionAssumptions {
  capYear: number;
  capMonthlyCents: number;
  capYearlyCents: number;
  revaluationYear: number;
  /** Thousandths (1073 = 1,073), or null when assumed. */
  revaluationFactorPermille: number | null;
  /** Percent per year. */
  growthPercent: number;
}

/** The assumptions of `StatePensionAssumptions` for a calculation date (ISO) and the entered income growth (percent). */
export function statePensionAssumptions(calculationDate: string, incomeGrowthPercent: number): StatePensionAssumptions {
  const latest = latestLegalFigures();
  const revaluationYear = parseIsoDate(calculationDate).y + 1;
  return {
    capYear: latest.year,
    capMonthlyCents: latest.maxContributionBaseMonthlyCents,
    capYearlyCents: latest.maxContributionBaseYearlyCents,
    revaluationYear,
    revaluationFactorPermille: hasLegalFigures(revaluationYear) ? legalFiguresFor(revaluationYear).revaluationFactorPermille : null,
    growthPercent: incomeGrowthPercent,
  };
}

const money = z.number();
const rateField = z.number();
const isoField = z.string();

/** The input's types (not its rules): every field present, numbers finite. */
export const calculatorInputShape = z.object({
  birthDate: isoField,
  retirementDate: isoField,
  employerAnnualContribution: money,
  employerPaymentEnd: isoField,
  employerGrowthRate: rateField,
  ownAnnualContribution: money,
  ownContributionStart: isoField,
  ownContributionEnd: isoField,
  ownGrowthRate: rateField,
  transferAmount: money,
  transferDate: isoField.nullable(),
  expectedReturn: rateField,
  severanceActive: z.boolean(),
  severanceCapital: money,
  severanceContributing: z.boolean(),
  otherFundsCapital: money,
  otherFundsAnnualContribution: money,
  yearlyGrossIncome: money,
  incomeGrowthRate: rateField,
  statePensionStart: isoField,
  accountCredit: money,
  otherYearlyIncome: money,
});

/** The zod schema of the input with every rule: field errors carry the code as message and the field as path. */
export function createCalculatorSchema(ctx: CalculatorContext) {
  return calculatorInputShape.superRefine((input, issues) => {
    for (const e of validateCalculatorInput(input, ctx)) issues.addIssue({ code: 'custom', path: [e.field], message: e.code });
  });
}
