import { annualisedReturnPercent, bpToPercent, latestYear } from './investment.rules';
import type { Resolvers } from '../../graphql/__generated__/resolvers-types';

/**
 * Investment information (server/modules/investment/investment.graphql). Rates are stored in basis points and answered in percent per
 * year. A VRG is reached through one of the member's contracts or `vrgInvestment`, which checks membership.
 */
export const investmentResolvers: Resolvers = {
  Query: {
    vrgInvestment: async (_p, args, ctx) => await ctx.services.investment.vrgOfPerson(ctx.scope, await ctx.requirePersonId(), args.vrg),
    severanceFundInvestment: async (_p, _a, ctx) => {
      await ctx.requirePersonId();
      return await ctx.services.investment.severanceFund(ctx.scope);
    },
  },
  PensionContract: {
    investment: async (c, _a, ctx) => await ctx.services.investment.forContract(ctx.scope, c),
  },
  VrgInvestment: {
    vrg: (v) => v.number,
    equityTargetPercent: (v) => v.equityTargetPercent,
    performance: async (v, _a, ctx) => await ctx.services.investment.performance(ctx.scope, v),
    annualisedReturnPercent: async (v, args, ctx) => annualisedReturnPercent(await ctx.services.investment.performance(ctx.scope, v), args.years),
    allocation: async (v, args, ctx) => await ctx.services.investment.allocation(ctx.scope, v, args.year),
    report: async (v, args, ctx) => await ctx.services.investment.report(ctx.scope, v, args.year),
    reports: async (v, _a, ctx) => await ctx.services.investment.reports(ctx.scope, v),
  },
  VrgYearPerformance: {
    returnPercent: (p) => bpToPercent(p.returnBp),
    volatilityPercent: (p) => (p.volatilityBp === null ? null : bpToPercent(p.volatilityBp)),
    fluctuationReservePercent: (p) => bpToPercent(p.fluctuationReserveBp),
  },
  AssetAllocation: {
    percent: (a) => bpToPercent(a.shareBp),
  },
  VrgReport: {
    paragraphs: (r) =>
      r.summary
        .split(/\n\s*\n/)
        .map((p) => p.trim())
        .filter(Boolean),
  },
  SeveranceFundInvestment: {
    managementFeePercent: (m) => {
      const latest = latestYear(m.results);
      const row = m.results.find((r) => r.year === latest);
      return row ? bpToPercent(row.managementFeeBp) : null;
    },
    annualisedReturnPercent: (m, args) => annualisedReturnPercent(m.results, args.years),
  },
  SeveranceFundYearResult: {
    returnPercent: (r) => bpToPercent(r.returnBp),
    managementFeePercent: (r) => bpToPercent(r.managementFeeBp),
  },
};
