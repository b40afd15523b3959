/**
 * Operations and inputs of the fund's statement and member import (decision 0057), shared by
 * tests/api/fund-import.test.ts and tests/security/fund-import-hostile-input.test.ts.
 */

export const IMPORT_STATEMENT = `mutation Import($input: ImportStatementInput!) {
  importStatement(input: $input) {
    ok { personId fund contractNumber stichtag statementId documentId notice pdfSha256 }
    error { code message field }
  }
}`;

export const UPSERT_MEMBER = `mutation Upsert($input: UpsertMemberInput!) {
  upsertMember(input: $input) {
    ok { personId svnr created changed registrationLetterQueued }
    error { code message field }
  }
}`;

/** A small valid PDF (header, one empty object, trailer): what the import's content check accepts. */
export function minimalPdf(marker = 'statement'): Buffer {
  return Buffer.from(`%PDF-1.4\n% ${marker}\n1 0 obj\n<< /Type /Catalog >>\nendobj\ntrailer\n<< /Root 1 0 R >>\n%%EOF\n`, 'latin1');
}

/** The PK figures of a year after a statement with total capital `previousTotal` that add up. */
export function pkFiguresAfter(previousTotal: number) {
  const flows = {
    employerContributionsCents: 120_000,
    employeeContributionsCents: 30_000,
    employerTransfersCents: 0,
    employeeTransfersCents: 0,
    premium108aCents: 1_275,
    investmentResultCents: 5_017,
    costsCents: 2_503,
    pensionPaymentsCents: 0,
  };
  const total = previousTotal + 120_000 + 30_000 + 1_275 + 5_017 - 2_503;
  return { ...flows, reserveCents: total - 10_001, fluctuationReserveCents: 10_001, totalCapitalCents: total, shortfallCents: 0, projectedYearlyPensionCents: 345_678 };
}

/** VK figures of a year after a statement with the given balances, that add up. */
export function vkFiguresAfter(previous: { total: number; guaranteed: number; paidOut: number }) {
  const flows = {
    contributionsCents: 61_200,
    transfersInCents: 0,
    administrationCostsCents: 1_100,
    svCarrierCostsCents: 184,
    investmentResultCents: 2_345,
    payoutCents: 0,
    loyaltyBonusCents: 0,
    surplusShareCents: 12,
  };
  return {
    ...flows,
    totalEntitlementCents: previous.total + 61_200 + 2_345 + 12 - 1_100 - 184,
    guaranteedCapitalCents: previous.guaranteed + 61_200,
    paidOutTotalCents: previous.paidOut,
  };
}

/** A new person with one PK contract and one VK account, as the core system would send it. */
export function newMemberInput(svnr: string) {
  return {
    svnr,
    lfn: 990_001,
    gender: 'FEMALE',
    titlePrefix: 'Mag.',
    firstName: 'Theresia',
    lastName: 'Neumitglied',
    birthDate: '1988-04-12',
    address: { street: 'Praterstraße 1', postcode: '1020', city: 'Wien', country: 'AT' },
    pensionContracts: [
      {
        contractNumber: 'PK-9900001',
        vrg: 1,
        employer: { customerNumber: 'K-990001', name: 'Neue Firma GmbH', city: 'Wien' },
        calculationInterestRateBp: 200,
        widowTransitionPercent: 60,
        partnerRule: 'SPOUSE',
        role: 'MEMBER',
        startDate: '2024-01-01',
      },
    ],
    severanceAccounts: [
      {
        accountNumber: 'VK-99000001',
        employer: { customerNumber: 'K-990001', name: 'Neue Firma GmbH', city: 'Wien' },
        startDate: '2024-02-01',
        status: 'ACTIVE',
      },
    ],
  };
}
