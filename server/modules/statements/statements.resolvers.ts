import { type BalanceChange, pkBalanceChange, previousStatement, vkBalanceChange } from '@contract/balance-steps';
import type { BalanceChange as BalanceChangeType, Resolvers } from '../../graphql/__generated__/resolvers-types';

/** The contract's balance change in the GraphQL shape (`Money` fields without the `Cents` suffix). */
function toGraphql(c: BalanceChange): BalanceChangeType {
  return {
    openingDate: c.openingDate,
    opening: c.openingCents,
    closingDate: c.closingDate,
    closing: c.closingCents,
    firstStatement: c.firstStatement,
    steps: c.steps.map((s) => ({ kind: s.kind, amount: s.amountCents })),
  };
}

/**
 * Statement fields: the rows store `<name>Cents`, GraphQL answers `<name>` as Money (cents). `balanceChange` reads the
 * statements of the same contract or account through the request's DataLoader (one query per request, shared with
 * `statements`) to find the previous one (decision 0049).
 */
export const statementsResolvers: Resolvers = {
  PensionStatement: {
    reserve: (s) => s.reserveCents,
    fluctuationReserve: (s) => s.fluctuationReserveCents,
    totalCapital: (s) => s.totalCapitalCents,
    employerContributions: (s) => s.employerContributionsCents,
    employeeContributions: (s) => s.employeeContributionsCents,
    employerTransfers: (s) => s.employerTransfersCents,
    employeeTransfers: (s) => s.employeeTransfersCents,
    premium108a: (s) => s.premium108aCents,
    investmentResult: (s) => s.investmentResultCents,
    costs: (s) => s.costsCents,
    pensionPayments: (s) => s.pensionPaymentsCents,
    shortfall: (s) => s.shortfallCents,
    projectedYearlyPension: (s) => s.projectedYearlyPensionCents,
    balanceChange: async (s, _args, ctx) => {
      const all = await ctx.scope.loaders.pkStatementsByContract.load(s.contractId);
      return toGraphql(pkBalanceChange(s, previousStatement(all, s.stichtag)));
    },
  },
  SeveranceStatement: {
    totalEntitlement: (s) => s.totalEntitlementCents,
    guaranteedCapital: (s) => s.guaranteedCapitalCents,
    paidOutTotal: (s) => s.paidOutTotalCents,
    contributions: (s) => s.contributionsCents,
    transfersIn: (s) => s.transfersInCents,
    administrationCosts: (s) => s.administrationCostsCents,
    svCarrierCosts: (s) => s.svCarrierCostsCents,
    investmentResult: (s) => s.investmentResultCents,
    payout: (s) => s.payoutCents,
    loyaltyBonus: (s) => s.loyaltyBonusCents,
    surplusShare: (s) => s.surplusShareCents,
    balanceChange: async (s, _args, ctx) => {
      const all = await ctx.scope.loaders.vkStatementsByAccount.load(s.accountId);
      return toGraphql(vkBalanceChange(s, previousStatement(all, s.stichtag)));
    },
  },
};
