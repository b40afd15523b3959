import { describe, expect, it } from 'vitest';
import { checkPkFigures, checkVkFigures, MAX_FIGURE_CENTS, type PkStatementFigures, type VkStatementFigures } from './statement-figures';
import { decodeStatementPdf, STATEMENT_PDF_MAX_BYTES } from './statement-pdf';

/** The sums of imported statement figures and the PDF check (decision 0057). */

/** PK figures of a year that starts at `opening` and adds up. */
function pk(opening: number): PkStatementFigures {
  const total = opening + 100_000 + 20_000 + 850 + 4_000 - 1_500;
  return {
    reserveCents: total - 3_000,
    fluctuationReserveCents: 3_000,
    totalCapitalCents: total,
    employerContributionsCents: 100_000,
    employeeContributionsCents: 20_000,
    employerTransfersCents: 0,
    employeeTransfersCents: 0,
    premium108aCents: 850,
    investmentResultCents: 4_000,
    costsCents: 1_500,
    pensionPaymentsCents: 0,
    shortfallCents: 0,
    projectedYearlyPensionCents: 99_000,
  };
}

/** VK figures of a year after `previous` that add up. */
function vk(previous: Pick<VkStatementFigures, 'totalEntitlementCents' | 'guaranteedCapitalCents' | 'paidOutTotalCents'>): VkStatementFigures {
  return {
    totalEntitlementCents: previous.totalEntitlementCents + 50_000 + 1_000 - 700 - 120 - 5_000 + 30,
    guaranteedCapitalCents: previous.guaranteedCapitalCents + 50_000 - 5_000,
    paidOutTotalCents: previous.paidOutTotalCents + 5_000,
    contributionsCents: 50_000,
    transfersInCents: 0,
    administrationCostsCents: 700,
    svCarrierCostsCents: 120,
    investmentResultCents: 1_000,
    payoutCents: 5_000,
    loyaltyBonusCents: 30,
    surplusShareCents: 0,
  };
}

const none = { previousYear: null, anyEarlier: false, nextYear: null };

describe('checkPkFigures', () => {
  it('accepts a first statement from 0 and a year that rolls forward from the year before', () => {
    expect(checkPkFigures(pk(0), none)).toBeNull();
    const previous = pk(0);
    expect(checkPkFigures(pk(previous.totalCapitalCents), { previousYear: previous, anyEarlier: true, nextYear: null })).toBeNull();
  });

  it('refuses reserves that do not make the total, and a total one cent off the roll-forward', () => {
    const split = { ...pk(0), reserveCents: pk(0).reserveCents + 1 };
    expect(checkPkFigures(split, none)).toEqual({ code: 'FIGURES_DO_NOT_ADD_UP', field: 'figures.pk.totalCapitalCents' });
    const previous = pk(0);
    const off = pk(previous.totalCapitalCents + 1);
    expect(checkPkFigures(off, { previousYear: previous, anyEarlier: true, nextYear: null })?.code).toBe('FIGURES_DO_NOT_ADD_UP');
  });

  it('does not check the roll-forward after a gap, but checks that the stored year after rolls forward from the new one', () => {
    expect(checkPkFigures(pk(123_456), { previousYear: null, anyEarlier: true, nextYear: null })).toBeNull();
    const year = pk(0);
    const next = pk(year.totalCapitalCents);
    expect(checkPkFigures(year, { ...none, nextYear: next })).toBeNull();
    expect(checkPkFigures(year, { ...none, nextYear: pk(year.totalCapitalCents + 5) })?.code).toBe('FIGURES_DO_NOT_ADD_UP');
  });

  it('refuses negative costs, fractions and amounts above the maximum; allows a negative investment result', () => {
    expect(checkPkFigures({ ...pk(0), costsCents: -1 }, none)).toEqual({ code: 'FIGURE_OUT_OF_RANGE', field: 'figures.pk.costsCents' });
    expect(checkPkFigures({ ...pk(0), shortfallCents: 0.5 }, none)?.code).toBe('FIGURE_OUT_OF_RANGE');
    expect(checkPkFigures({ ...pk(0), projectedYearlyPensionCents: MAX_FIGURE_CENTS + 1 }, none)?.code).toBe('FIGURE_OUT_OF_RANGE');
    const loss = pk(0);
    const negative = { ...loss, investmentResultCents: -10_000, totalCapitalCents: loss.totalCapitalCents - 14_000, reserveCents: loss.reserveCents - 14_000 };
    expect(checkPkFigures(negative, none)).toBeNull();
  });
});

describe('checkVkFigures', () => {
  const zero = { totalEntitlementCents: 0, guaranteedCapitalCents: 0, paidOutTotalCents: 0 };

  it('accepts three balances that roll forward and names the first that does not', () => {
    const first = vk(zero);
    expect(checkVkFigures(first, none)).toBeNull();
    const second = vk(first);
    expect(checkVkFigures(second, { previousYear: first, anyEarlier: true, nextYear: null })).toBeNull();
    expect(checkVkFigures({ ...second, paidOutTotalCents: second.paidOutTotalCents - 1 }, { previousYear: first, anyEarlier: true, nextYear: null })).toEqual({
      code: 'FIGURES_DO_NOT_ADD_UP',
      field: 'figures.vk.paidOutTotalCents',
    });
    expect(checkVkFigures(first, { ...none, nextYear: { ...second, guaranteedCapitalCents: 1 } })).toEqual({
      code: 'FIGURES_DO_NOT_ADD_UP',
      field: 'figures.vk.guaranteedCapitalCents',
    });
  });
});

describe('decodeStatementPdf', () => {
  const pdf = Buffer.from('%PDF-1.7\n1 0 obj\n<<>>\nendobj\ntrailer\n<<>>\n%%EOF\n');

  it('accepts a PDF by its header and trailer and answers its bytes', () => {
    const decoded = decodeStatementPdf(pdf.toString('base64'));
    expect('bytes' in decoded && decoded.bytes.equals(pdf)).toBe(true);
  });

  it('refuses what is no PDF, no strict base64, or larger than the limit (without decoding a huge string)', () => {
    expect(decodeStatementPdf('')).toEqual({ refused: 'PDF_INVALID' });
    expect(decodeStatementPdf(Buffer.from('%PDF-1.7 no trailer').toString('base64'))).toEqual({ refused: 'PDF_INVALID' });
    expect(decodeStatementPdf(Buffer.from('GIF89a %%EOF').toString('base64'))).toEqual({ refused: 'PDF_INVALID' });
    expect(decodeStatementPdf(pdf.toString('base64url').replace(/=+$/, '') + '-_')).toEqual({ refused: 'PDF_INVALID' });
    expect(decodeStatementPdf(`${pdf.toString('base64').slice(0, 20)}\n${pdf.toString('base64').slice(20)}`)).toEqual({ refused: 'PDF_INVALID' });
    expect(decodeStatementPdf('A'.repeat(Math.ceil((STATEMENT_PDF_MAX_BYTES + 10) / 3) * 4))).toEqual({ refused: 'PDF_TOO_LARGE' });
  });
});
