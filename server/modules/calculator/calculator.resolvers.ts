import { CALCULATOR_REFUSAL_MESSAGES } from './calculator.messages';
import { calculatorFailure } from './calculator.rest';
import { LIFE_TABLE } from './annuity.rules';
import { RANGE_SPREAD_BP } from './calculator.rules';
import type { Resolvers } from '../../graphql/__generated__/resolvers-types';

/**
 * The pension calculator (server/modules/calculator/calculator.graphql): thin resolvers over the calculator service. Rates go out in
 * percent per year; money stays in cents.
 */
export const calculatorResolvers: Resolvers = {
  Query: {
    pensionCalculator: async (_p, _a, ctx) => await ctx.services.calculator.view(ctx.scope, await ctx.requirePersonId()),
    projectPension: async (_p, args, ctx) => {
      const outcome = await ctx.services.calculator.project(ctx.scope, await ctx.requirePersonId(), { ...args.input, transferDate: args.input.transferDate ?? null });
      return outcome.ok ? { ok: true, code: null, message: null, fieldErrors: [], projection: outcome.projection } : calculatorFailure(outcome);
    },
  },
  PensionCalculator: {
    refusalMessage: (v) => (v.refusal ? CALCULATOR_REFUSAL_MESSAGES[v.refusal] : null),
    calculationInterestRate: (v) => v.calculationInterestBp / 100,
    earliestRetirementDate: (v) => v.bounds.earliestRetirementDate,
    latestRetirementDate: (v) => v.bounds.latestRetirementDate,
    earliestPaymentEndDate: (v) => v.bounds.earliestPaymentEndDate,
    statutoryRetirementDate: (v) => v.bounds.statutoryRetirementDate,
    defaults: (v) => (v.access === 'NONE' ? null : v.defaults),
    lifeTable: () => LIFE_TABLE,
    rangeSpread: () => RANGE_SPREAD_BP / 100,
  },
  PensionProjection: {
    capitalPath: (p) => p.path.map((c) => ({ date: c.date, pensionFund: c.pensionFundCents, severance: c.severanceCents })),
    revaluedAccountCredit: (p) => p.revaluedAccountCreditCents,
  },
  PensionScenarioResult: {
    pensionFundCapital: (s) => s.pensionFundCapitalCents,
    severanceCapital: (s) => s.severanceCapitalCents,
    pensionFundYearly: (s) => s.pensionFundYearlyCents,
    severanceYearly: (s) => s.severanceYearlyCents,
    stateYearly: (s) => s.stateYearlyCents,
    otherYearly: (s) => s.otherYearlyCents,
    totalYearly: (s) => s.totalYearlyCents,
    totalMonthly: (s) => s.totalMonthlyCents,
  },
};
