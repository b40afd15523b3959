import { z } from 'zod';
import { amountIssue, parseAmount } from '@contract/amount';
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
 * A typed German rate as a JS number: `2,5`, `2.5`, `-2,5`, `−2,5 %`; NaN when it is none (the shared rules then
 * answer INVALID). Amounts are read by `parseAmount` (@contract/amount), never by this.
 */
export function parseGermanNumber(text: string): number {
  let s = text.replace(/[\s\u00A0€%]/g, '').replace('−', '-');
  if (s === '') return Number.NaN;
  if (s.includes(',')) s = s.replace(/\./g, '').replace(',', '.');
  else if ((s.match(/\./g) ?? []).length > 1) s = s.replace(/\./g, '');
  return /^-?\d+(\.\d+)?$/.test(s) ? Number(s) : Number.NaN;
}

/** Cents → the form's text `1234,56` (read back by `parseAmount`). */
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

/**
 * The form values as the calculator's input, and the amounts that could not be read (field → catalogue key
 * `amountInput.<code>`, or `REQUIRED` for an empty field). An unread amount is 0 in the input, so that the other
 * fields are still checked.
 */
export function readCalculatorForm(values: CalculatorFormValues): { input: CalculatorInput; amountErrors: Map<MoneyField, string> } {
  const input: Record<string, unknown> = { ...values, transferDate: values.transferDate ? values.transferDate : null };
  const amountErrors = new Map<MoneyField, string>();
  for (const f of MONEY_FIELDS) {
    const reading = parseAmount(values[f]);
    input[f] = reading.ok ? reading.cents : 0;
    if (!reading.ok) amountErrors.set(f, reading.code === 'EMPTY' ? 'REQUIRED' : amountIssue(reading.code));
  }
  for (const f of RATE_FIELDS) input[f] = parseGermanNumber(values[f]);
  return { input: input as unknown as CalculatorInput, amountErrors };
}

/**
 * The form's schema: the amounts read by `parseAmount`, then the shared rules (`rules`, @contract/calculator) over the
 * input. Issues carry the code (or the `amountInput.<code>` key) as message and the field as path; an unread amount's
 * issue replaces the rules' issue of the same field.
 */
export function calculatorFormSchema(rules: z.ZodType<CalculatorInput>) {
  return z.custom<CalculatorFormValues>().transform((values, ctx) => {
    const { input, amountErrors } = readCalculatorForm(values);
    for (const [field, message] of amountErrors) ctx.addIssue({ code: 'custom', path: [field], message });
    const checked = rules.safeParse(input);
    if (!checked.success) {
      for (const issue of checked.error.issues) {
        if (!amountErrors.has(issue.path[0] as MoneyField)) ctx.addIssue({ code: 'custom', path: issue.path as PropertyKey[], message: issue.message });
      }
      return z.NEVER;
    }
    return amountErrors.size > 0 ? z.NEVER : checked.data;
  });
}
