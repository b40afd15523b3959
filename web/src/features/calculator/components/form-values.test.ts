import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import type { CalculatorInput } from '@contract/calculator';
import { calculatorFormSchema, centsToText, parseGermanNumber, readCalculatorForm, toFormValues } from './form-values';

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
    const input = {
      birthDate: '1984-05-17',
      retirementDate: '2049-06-01',
      employerAnnualContribution: 123_456,
      employerPaymentEnd: '2049-06-01',
      employerGrowthRate: 2,
      ownAnnualContribution: 60_000,
      ownContributionStart: '2026-01-01',
      ownContributionEnd: '2049-06-01',
      ownGrowthRate: 0,
      transferAmount: 0,
      transferDate: null,
      expectedReturn: 3.25,
      severanceActive: true,
      severanceCapital: 1_000_000,
      severanceContributing: false,
      otherFundsCapital: 0,
      otherFundsAnnualContribution: 0,
      yearlyGrossIncome: 5_000_000,
      incomeGrowthRate: 2,
      statePensionStart: '2049-06-01',
      accountCredit: 0,
      otherYearlyIncome: 0,
    };
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
