import type { CalculatorInput } from '@contract/calculator';

/**
 * A complete calculator input of a member born 1984 (retirement June 2049, employer and own contributions, an
 * active Vorsorgekasse account), valid on 22 November 2026 with data of 31 December 2025 (spec 001 section 3
 * "Pension calculator"). For tests of the input rules and the form conversion; amounts in cents, rates in percent.
 */
export const SAMPLE_CALCULATOR_INPUT: CalculatorInput = {
  birthDate: '1984-05-17',
  retirementDate: '2049-06-01',
  employerAnnualContribution: 200_000,
  employerPaymentEnd: '2049-06-01',
  employerGrowthRate: 2,
  ownAnnualContribution: 60_000,
  ownContributionStart: '2026-01-01',
  ownContributionEnd: '2049-06-01',
  ownGrowthRate: 0,
  transferAmount: 0,
  transferDate: null,
  expectedReturn: 3,
  severanceActive: true,
  severanceCapital: 0,
  severanceContributing: true,
  otherFundsCapital: 0,
  otherFundsAnnualContribution: 0,
  yearlyGrossIncome: 5_000_000,
  incomeGrowthRate: 2,
  statePensionStart: '2049-06-01',
  accountCredit: 0,
  otherYearlyIncome: 0,
};
