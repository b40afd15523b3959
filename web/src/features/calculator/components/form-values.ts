import type { CalculatorInput } from '@contract/calculator';

/** Money fields of the calculator (cents in the input, euros with a decimal comma in the form). */
export const MONEY_FIELDS = [
  'employerAnnualContribution',
  'ownAnnualContribution',
  'transferAmount',
  'severanceCapital',
  'otherFundsCapital',
  'otherFundsAnnualContribution',
  'yearlyGrossIncome',
  'accountCredit',
  'otherYearlyIncome',
] as const;
/** Rate fields (percent per year in both). */
export const RATE_FIELDS = ['employerGrowthRate', 'ownGrowthRate', 'expectedReturn', 'incomeGrowthRate'] as const;

type MoneyField = (typeof MONEY_FIELDS)[number];
type RateField = (typeof RATE_FIELDS)[number];

/** The form's values: amounts and rates as typed text, dates ISO ('' when empty), toggles. */
export type CalculatorFormValues = Omit<CalculatorInput, MoneyField | RateField | 'transferDate'> & Record<MoneyField | RateField, string> & { transferDate: string };

/**
 * A typed German number as a JS number: `1.234,56`, `1234,56`, `1234.56`, `-2,5`; NaN when it is none (the shared
 * rules then answer INVALID). A dot followed by exactly three digits groups thousands when a comma is present or
 * more than one dot appears.
 */
export function parseGermanNumber(text: string): number {
  let s = text.replace(/[\s\u00A0€%]/g, '').replace('−', '-');
  if (s === '') return Number.NaN;
  if (s.includes(',')) s = s.replace(/\./g, '').replace(',', '.');
  else if ((s.match(/\./g) ?? []).length > 1) s = s.replace(/\./g, '');
  return /^-?\d+(\.\d+)?$/.test(s) ? Number(s) : Number.NaN;
}

/** Euros typed in the form → cents (NaN for anything but a number with at most two decimals). */
export function eurosToCents(text: string): number {
  const n = parseGermanNumber(text);
  if (!Number.isFinite(n)) return Number.NaN;
  const cents = Math.round(n * 100);
  return Math.abs(cents - n * 100) < 1e-6 ? cents : Number.NaN;
}

/** Cents → the form's text `1234,56`. */
export function centsToText(cents: number): string {
  return (cents / 100).toFixed(2).replace('.', ',');
}

/** A rate → the form's text `2,5`. */
export function rateToText(rate: number): string {
  return String(rate).replace('.', ',');
}

/** The calculator's input (defaults) as form values. */
export function toFormValues(input: CalculatorInput): CalculatorFormValues {
  const values = { ...input, transferDate: input.transferDate ?? '' } as unknown as Record<string, unknown>;
  for (const f of MONEY_FIELDS) values[f] = centsToText(input[f]);
  for (const f of RATE_FIELDS) values[f] = rateToText(input[f]);
  return values as CalculatorFormValues;
}

/** The form values as the calculator's input (`unknown` in, so zod's preprocess can call it on anything). */
export function toCalculatorInput(raw: unknown): unknown {
  if (typeof raw !== 'object' || raw === null) return raw;
  const values = raw as Record<string, unknown>;
  const input: Record<string, unknown> = { ...values, transferDate: values.transferDate ? values.transferDate : null };
  for (const f of MONEY_FIELDS) input[f] = typeof values[f] === 'string' ? eurosToCents(values[f]) : values[f];
  for (const f of RATE_FIELDS) input[f] = typeof values[f] === 'string' ? parseGermanNumber(values[f]) : values[f];
  return input;
}
