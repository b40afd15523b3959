import type { Resolvers } from '../__generated__/resolvers-types';

/** Statement fields: the rows store `<name>Cents`, GraphQL answers `<name>` as Money (cents). */
export const statementResolvers: Resolvers = {
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
  },
};
