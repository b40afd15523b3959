import type { PkContractRow, PkStatementRow, VkAccountRow, VkStatementRow } from '../../db/schema';

/**
 * Stored rows the letter templates' unit suites (tests/unit/pdf-templates.test.ts, pdf-catalogue.test.ts) render:
 * one PK member's contract and statement of 2024 and one VK account with its statement of 2025. Money in cents; the
 * PK statement's movements add up to the cent from a previous total capital of 2_035_010.
 */
export const PK_CONTRACT: PkContractRow = {
  id: 1,
  personId: 1,
  contractNumber: 'PK-1234567',
  vrg: 3,
  employerId: 1,
  customerId: 1,
  calculationInterestRateBp: 250,
  widowTransitionPercent: 60,
  partnerRule: 'SPOUSE',
  role: 'MEMBER',
  startDate: '2015-04-01',
  pensionStartDate: null,
  monthlyPensionCents: null,
  calculatorAccess: 'FULL',
};

export const PK_STATEMENT: PkStatementRow = {
  id: 2,
  contractId: 1,
  stichtag: '2024-12-31',
  reserveCents: 2_382_702,
  fluctuationReserveCents: 44_416,
  totalCapitalCents: 2_427_118,
  employerContributionsCents: 215_673,
  employeeContributionsCents: 60_000,
  employerTransfersCents: 1,
  employeeTransfersCents: 2,
  premium108aCents: 2_550,
  investmentResultCents: 121_490,
  costsCents: 7_605,
  pensionPaymentsCents: 3,
  shortfallCents: 4,
  projectedYearlyPensionCents: 736_888,
};

/** An active account without a right to decide. */
export const VK_ACCOUNT: VkAccountRow = {
  id: 1,
  personId: 1,
  accountNumber: 'VK-12345678',
  employerId: 1,
  startDate: '2008-03-01',
  endDate: null,
  status: 'ACTIVE',
  rightToDecideSince: null,
  rightToDecideReason: null,
  selfEmployed: false,
};

export const VK_STATEMENT: VkStatementRow = {
  id: 1,
  accountId: 1,
  stichtag: '2025-12-31',
  totalEntitlementCents: 1_234_567,
  guaranteedCapitalCents: 1_000_000,
  paidOutTotalCents: 0,
  contributionsCents: 98_765,
  transfersInCents: 0,
  administrationCostsCents: 2_345,
  svCarrierCostsCents: 300,
  investmentResultCents: -4_567,
  payoutCents: 0,
  loyaltyBonusCents: 0,
  surplusShareCents: 12,
};
