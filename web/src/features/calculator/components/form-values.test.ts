import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import type { CalculatorInput } from '@contract/calculator';
import { calculatorFormSchema, centsToText, parseGermanNumber, readCalculatorForm, toFormValues } from './form-values';
import { SAMPLE_CALCULATOR_INPUT } from './sample-input';

describe('calculator form values', () => {
  it('reads German rates with comma, grouping dots and signs', () => {
    expect(parseGermanNumber('1.234,56')).toBe(1234.56);
    expect(parseGermanNumber('1234,5')).toBe(1234.5);
    expect(parseGermanNumber('1234.56')).toBe(1234.56);
    expect(parseGermanNumber('1.234.567')).toBe(1234567);
    expect(parseGermanNumber('−2,5 %')).toBe(-2.5);
    expect(parseGermanNumber('')).toBeNaN();
    expect(parseGermanNumber('viel')).toBeNaN();
    expect(parseGermanNumber('1,2,3')).toBeNaN();
  });
  it('shows cents as the form text that reads back', () => {
    expect(centsToText(240_000)).toBe('2400,00');
  });
  it('round-trips the input through the form', () => {
    // The amounts and rates that the form turns into German text and back.
    const input = { ...SAMPLE_CALCULATOR_INPUT, employerAnnualContribution: 123_456, expectedReturn: 3.25, severanceCapital: 1_000_000, severanceContributing: false };
    const form = toFormValues(input);
    expect(form.employerAnnualContribution).toBe('1234,56');
    expect(form.expectedReturn).toBe('3,25');
    expect(form.transferDate).toBe('');
    expect(readCalculatorForm(form)).toEqual({ input, amountErrors: new Map() });

    // Amounts as Austrians type them (decision 0042): `1.200` is 1.200,00 €, not 1,20 €.
    const schema = calculatorFormSchema(z.custom<CalculatorInput>());
    expect(schema.parse({ ...form, ownAnnualContribution: '1.200' }).ownAnnualContribution).toBe(120_000);
    expect(schema.parse({ ...form, ownAnnualContribution: '1 200,5' }).ownAnnualContribution).toBe(120_050);
    const refused = schema.safeParse({ ...form, ownAnnualContribution: '1200.5', transferAmount: '' });
    expect(refused.success).toBe(false);
    expect(refused.error?.issues.map((i) => [i.path.join('.'), i.message])).toEqual([
      ['ownAnnualContribution', 'amountInput.AMBIGUOUS'],
      ['transferAmount', 'REQUIRED'],
    ]);
  });
});
