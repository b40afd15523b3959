import { describe, expect, it } from 'vitest';
import { pkRolledForward, vkRolledForward } from '../../server/fund/statements/statement-figures';
import { type BalanceChange, balanceChangeRows, pkBalanceChange, previousStatement, vkBalanceChange, type PkBalanceFigures, type VkBalanceFigures } from '@contract/balance-steps';

/**
 * The steps of "Warum sich Ihr Guthaben verändert hat" (decision 0049): the sum of the steps is exactly closing −
 * opening for every statement, the steps are the statement's own movements, and only a remainder the movements do
 * not explain becomes the explicit step OTHER_CHANGE.
 */

/** Deterministic generator (mulberry32) so a failing case can be replayed. */
function rng(seed: number) {
  let a = seed >>> 0;
  return (max: number): number => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return Math.floor((((t ^ (t >>> 14)) >>> 0) / 4294967296) * max);
  };
}

const sum = (c: BalanceChange) => c.steps.reduce((s, x) => s + x.amountCents, 0);

/**
 * A PK history rolled forward as the fund's statement check requires (server/fund/statements/statement-figures.ts,
 * decision 0057; the seed alike, README "Seed data"), with negative investment results now and then.
 */
function pkHistory(seed: number, years: number): PkBalanceFigures[] {
  const r = rng(seed);
  const out: PkBalanceFigures[] = [];
  let total = 0;
  for (let i = 0; i < years; i++) {
    const f = {
      employerContributionsCents: r(500_000),
      employeeContributionsCents: r(3) === 0 ? r(120_000) : 0,
      employerTransfersCents: r(20) === 0 ? r(5_000_000) : 0,
      employeeTransfersCents: r(30) === 0 ? r(1_000_000) : 0,
      premium108aCents: r(4) === 0 ? r(4_250) : 0,
      investmentResultCents: Math.round(total * ((r(2_000) - 900) / 10_000)),
      costsCents: Math.round(total * 0.003) + 1500,
      pensionPaymentsCents: i > years - 3 ? r(300_000) : 0,
    };
    total = pkRolledForward(total, f);
    out.push({ stichtag: `${2000 + i}-12-31`, totalCapitalCents: total, ...f });
  }
  return out;
}

function vkHistory(seed: number, years: number): VkBalanceFigures[] {
  const r = rng(seed);
  const out: VkBalanceFigures[] = [];
  // The guaranteed capital and paid-out total roll forward too, as the fund's statement check requires.
  let balances = { totalEntitlementCents: 0, guaranteedCapitalCents: 0, paidOutTotalCents: 0 };
  for (let i = 0; i < years; i++) {
    const total = balances.totalEntitlementCents;
    const contributions = r(150_000);
    const f = {
      contributionsCents: contributions,
      transfersInCents: r(15) === 0 ? r(800_000) : 0,
      administrationCostsCents: Math.round(contributions * 0.02) + Math.round(total * 0.007),
      svCarrierCostsCents: Math.round(contributions * 0.003),
      investmentResultCents: Math.round(total * ((r(1_600) - 700) / 10_000)),
      payoutCents: r(25) === 0 ? Math.round(total * 0.4) : 0,
      loyaltyBonusCents: r(20) === 0 ? r(5_000) : 0,
      surplusShareCents: r(15) === 0 ? r(3_000) : 0,
    };
    balances = vkRolledForward(balances, f);
    out.push({ stichtag: `${2005 + i}-12-31`, totalEntitlementCents: balances.totalEntitlementCents, ...f });
  }
  return out;
}

describe('pkBalanceChange', () => {
  it('adds up to the closing balance to the cent for 200 generated histories, without a remainder step', () => {
    let negative = 0;
    for (let seed = 1; seed <= 200; seed++) {
      const history = pkHistory(seed, 1 + (seed % 25));
      history.forEach((s, i) => {
        const prev = previousStatement(history, s.stichtag);
        expect(prev).toBe(i === 0 ? null : history[i - 1]);
        const c = pkBalanceChange(s, prev);
        expect(c.openingCents).toBe(prev?.totalCapitalCents ?? 0);
        expect(c.closingCents).toBe(s.totalCapitalCents);
        expect(c.openingCents + sum(c)).toBe(c.closingCents);
        expect(c.steps.map((x) => x.kind)).not.toContain('OTHER_CHANGE');
        if (s.investmentResultCents < 0) negative++;
      });
    }
    expect(negative).toBeGreaterThan(50);
  });

  it('starts the first statement at 0 on 1 January and signs costs and pension payments negative', () => {
    const [first] = pkHistory(7, 1);
    expect(first!.pensionPaymentsCents).toBeGreaterThan(0);
    const c = pkBalanceChange(first!, null);
    expect(c).toMatchObject({ openingDate: '2000-01-01', openingCents: 0, firstStatement: true, closingDate: '2000-12-31' });
    expect(c.steps.find((x) => x.kind === 'COSTS')?.amountCents).toBe(-1500);
    expect(c.steps.find((x) => x.kind === 'PENSION_PAYMENTS')?.amountCents).toBe(-first!.pensionPaymentsCents);
    expect(c.steps.find((x) => x.kind === 'OTHER_CHANGE')).toBeUndefined();
    expect(c.steps.some((x) => x.amountCents === 0)).toBe(false);
    expect(sum(c)).toBe(c.closingCents);
  });

  it('shows an unexplained difference as one explicit OTHER_CHANGE step, never spread over the others', () => {
    const history = pkHistory(3, 4);
    const s = { ...history[3]!, totalCapitalCents: history[3]!.totalCapitalCents + 1234 };
    const c = pkBalanceChange(s, history[2]!);
    expect(c.steps.at(-1)).toEqual({ kind: 'OTHER_CHANGE', amountCents: 1234 });
    expect(c.openingCents + sum(c)).toBe(s.totalCapitalCents);
    // A gap of a year: the missing year's movements are the remainder.
    const gap = pkBalanceChange(history[3]!, history[1]!);
    expect(gap.steps.find((x) => x.kind === 'OTHER_CHANGE')?.amountCents).toBe(history[2]!.totalCapitalCents - history[1]!.totalCapitalCents);
    expect(gap.openingCents + sum(gap)).toBe(history[3]!.totalCapitalCents);
  });

  it('rejects amounts that are not integer cents', () => {
    const [s] = pkHistory(1, 1);
    expect(() => pkBalanceChange({ ...s!, costsCents: 1.5 }, null)).toThrow(RangeError);
  });
});

describe('vkBalanceChange', () => {
  it('adds up to the closing balance to the cent for 200 generated histories, incl. payouts and losses', () => {
    let negative = 0;
    let payouts = 0;
    for (let seed = 1; seed <= 200; seed++) {
      const history = vkHistory(seed, 1 + (seed % 20));
      history.forEach((s, i) => {
        const c = vkBalanceChange(s, i === 0 ? null : history[i - 1]!);
        expect(c.openingCents + sum(c)).toBe(s.totalEntitlementCents);
        expect(c.steps.map((x) => x.kind)).not.toContain('OTHER_CHANGE');
        if (s.investmentResultCents < 0) negative++;
        if (s.payoutCents > 0) {
          payouts++;
          expect(c.steps.find((x) => x.kind === 'PAYOUT')?.amountCents).toBe(-s.payoutCents);
        }
      });
    }
    expect(negative).toBeGreaterThan(50);
    expect(payouts).toBeGreaterThan(10);
  });

  it('keeps the display order: inflows, result, bonuses, then costs and payout', () => {
    const s: VkBalanceFigures = {
      stichtag: '2024-12-31',
      totalEntitlementCents: 100_000 + 10_000 + 500 + 3_000 + 50 + 40 - 600 - 30 - 2_000,
      contributionsCents: 10_000,
      transfersInCents: 500,
      investmentResultCents: 3_000,
      loyaltyBonusCents: 50,
      surplusShareCents: 40,
      administrationCostsCents: 600,
      svCarrierCostsCents: 30,
      payoutCents: 2_000,
    };
    const c = vkBalanceChange(s, { stichtag: '2023-12-31', totalEntitlementCents: 100_000 });
    expect(c.steps.map((x) => x.kind)).toEqual([
      'CONTRIBUTIONS',
      'TRANSFERS_IN',
      'INVESTMENT_RESULT',
      'LOYALTY_BONUS',
      'SURPLUS_SHARE',
      'ADMINISTRATION_COSTS',
      'SV_CARRIER_COSTS',
      'PAYOUT',
    ]);
    expect(c.openingDate).toBe('2023-12-31');
    expect(c.firstStatement).toBe(false);
  });
});

describe('balanceChangeRows', () => {
  it('frames the steps with opening and closing, one sentence each, a loss worded as a loss', () => {
    const change: BalanceChange = {
      openingDate: '2023-12-31',
      openingCents: 1_000_000,
      closingDate: '2024-12-31',
      closingCents: 1_000_000 + 50_000 - 12_345 - 700,
      firstStatement: false,
      steps: [
        { kind: 'CONTRIBUTIONS', amountCents: 50_000 },
        { kind: 'INVESTMENT_RESULT', amountCents: -12_345 },
        { kind: 'ADMINISTRATION_COSTS', amountCents: -700 },
      ],
    };
    const rows = balanceChangeRows(change, ' ');
    expect(rows.map((r) => [r.key, r.amountCents])).toEqual([
      ['OPENING', 1_000_000],
      ['CONTRIBUTIONS', 50_000],
      ['INVESTMENT_RESULT', -12_345],
      ['ADMINISTRATION_COSTS', -700],
      ['CLOSING', 1_036_955],
    ]);
    expect(rows[0]!.label).toBe('Anfangsstand am 31.12.2023');
    expect(rows[2]!.sentence).toBe('Die Veranlagung Ihres Guthabens hat im Jahr einen Verlust von 123,45 € ergeben.');
    expect(rows[3]!.sentence).toBe('Für die Verwaltung Ihres Kontos wurden 7,00 € abgezogen.');
    expect(rows[4]!.label).toBe('Endstand am 31.12.2024');
    for (const row of rows) expect(row.sentence).not.toMatch(/\{\{|-\d/);
    const first = balanceChangeRows({ ...change, firstStatement: true, openingCents: 0, openingDate: '2024-01-01' });
    expect(first[0]!.sentence).toContain('ersten Kontoinformation');
    expect(first[1]!.sentence).toBe('Für Sie wurden Beiträge von 500,00\u00A0€ über die Sozialversicherung an uns überwiesen.');
  });
});
