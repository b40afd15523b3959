import { describe, expect, it } from 'vitest';
import { LIFE_TABLE, annuityFactor14, annuityFactorAtMonths, type LifeTable } from '../../server/modules/calculator/annuity.rules';
import { calculatorAccessOf } from '../../server/modules/calculator/calculator-access.rules';
import { costBonusBp, projectCapital, projectPension, type ProjectionInput } from '../../server/modules/calculator/calculator.rules';
import { monthlyOf, projectStatePension, projectedCapCents, projectedRevaluation, type StatePensionPlan } from '../../server/modules/calculator/state-pension.rules';
import { statutoryRetirementAgeMonths, statutoryRetirementDate } from '@contract/calculator';
import { calculatorDateBounds, possibleAccountCreditCents, statePensionAssumptions, validateCalculatorInput } from '@contract/calculator';
import { SAMPLE_CALCULATOR_INPUT } from '../../web/src/features/calculator/components/sample-input';

/**
 * The calculator's pure projection (server/modules/calculator/calculator.rules.ts) against cases computed by hand.
 * Each expected value is written out as the arithmetic that gives it.
 */

/** A two-age table: nobody dies at 60, everybody during age 61 (deaths spread evenly over the year). */
const TINY: LifeTable = { name: 't', source: 't', year: 't', firstAge: 60, male: [0, 1], female: [0, 1] };

describe('annuity factor, 14 payments a year', () => {
  it('at 0 % and the two-age table is (14 + 6.5 + 0.75 + 0.25) / 14', () => {
    // Age 60: all 14 payments certain = 14. Age 61: monthly m paid with probability 1 − m/12 → Σ = 12 − 66/12 = 6.5;
    // the special payments at 3/12 and 9/12 → 0.75 + 0.25.
    expect(annuityFactor14(TINY, 'MALE', 60, 0)).toBeCloseTo(21.5 / 14, 12);
  });

  it('at 2 % and one year of life left discounts each payment by 1.02^(−t)', () => {
    const v = 1 / 1.02;
    let sum = 0;
    for (let m = 0; m < 12; m++) sum += v ** (m / 12) * (1 - m / 12);
    sum += v ** 0.25 * 0.75 + v ** 0.75 * 0.25;
    expect(annuityFactor14(TINY, 'FEMALE', 61, 200)).toBeCloseTo(sum / 14, 12);
    expect(sum / 14).toBeCloseTo(0.53239, 5);
  });

  it('with the public table: women above men, a higher rate lowers it, fractional ages interpolate', () => {
    const f = annuityFactor14(LIFE_TABLE, 'FEMALE', 65, 250);
    const m = annuityFactor14(LIFE_TABLE, 'MALE', 65, 250);
    expect(f).toBeGreaterThan(m);
    expect(annuityFactor14(LIFE_TABLE, 'FEMALE', 65, 0)).toBeGreaterThan(f);
    // Life expectancy at 65 in 2010/12 was about 21.5 (women) and 18 years (men): the factors at 0 % are near that.
    expect(annuityFactor14(LIFE_TABLE, 'FEMALE', 65, 0)).toBeGreaterThan(20);
    expect(annuityFactor14(LIFE_TABLE, 'FEMALE', 65, 0)).toBeLessThan(23);
    expect(annuityFactor14(LIFE_TABLE, 'MALE', 65, 0)).toBeGreaterThan(17);
    expect(annuityFactor14(LIFE_TABLE, 'MALE', 65, 0)).toBeLessThan(19.5);
    const f66 = annuityFactor14(LIFE_TABLE, 'FEMALE', 66, 250);
    expect(annuityFactorAtMonths(LIFE_TABLE, 'FEMALE', 65 * 12 + 6, 250)).toBeCloseTo((f + f66) / 2, 12);
    expect(annuityFactor14(LIFE_TABLE, 'DIVERSE', 65, 250)).toBeGreaterThan(m);
    expect(annuityFactor14(LIFE_TABLE, 'DIVERSE', 65, 250)).toBeLessThan(f);
  });
});

describe('14 payments a year', () => {
  it('a yearly pension of 14,000.00 € is 1,000.00 € a month; 2,136.00 € is 152.57 €', () => {
    expect(monthlyOf(1_400_000)).toBe(100_000);
    expect(monthlyOf(213_600)).toBe(15_257); // 213,600 / 14 = 15,257.14…
  });
});

describe("women's statutory age table at each half-year boundary", () => {
  const cases: [string, number][] = [
    ['1963-12-31', 720],
    ['1964-01-01', 726],
    ['1964-06-30', 726],
    ['1964-07-01', 732],
    ['1964-12-31', 732],
    ['1965-01-01', 738],
    ['1965-07-01', 744],
    ['1966-01-01', 750],
    ['1966-07-01', 756],
    ['1967-01-01', 762],
    ['1967-07-01', 768],
    ['1968-01-01', 774],
    ['1968-06-30', 774],
    ['1968-07-01', 780],
    ['1984-05-17', 780],
  ];
  it.each(cases)('a woman born %s retires at %i months of age', (birth, months) => {
    expect(statutoryRetirementAgeMonths('FEMALE', birth)).toBe(months);
  });
  it('men (and diverse) retire at 65 whatever the birth date', () => {
    expect(statutoryRetirementAgeMonths('MALE', '1960-01-01')).toBe(780);
    expect(statutoryRetirementAgeMonths('DIVERSE', '1966-03-01')).toBe(780);
  });
  it('the pension starts on the first of the month after the age, or on the day when that is the first', () => {
    expect(statutoryRetirementDate('FEMALE', '1984-05-17')).toBe('2049-06-01'); // 65 on 17.05.2049
    expect(statutoryRetirementDate('FEMALE', '1964-01-01')).toBe('2024-07-01'); // 60.5 on 01.07.2024
    expect(statutoryRetirementDate('FEMALE', '1964-03-15')).toBe('2024-10-01'); // 60.5 on 15.09.2024
    expect(statutoryRetirementDate('MALE', '1979-08-21')).toBe('2044-09-01');
  });
});

describe('cost bonus steps of the fictitious calculator', () => {
  it.each([
    [0, 0],
    [1, 5],
    [2, 5],
    [3, 8],
    [4, 8],
    [5, 11],
    [10, 11],
    [11, 14],
    [30, 14],
  ])('contract year %i adds %i bp', (year, bp) => {
    expect(costBonusBp(year)).toBe(bp);
  });
});

describe('state pension (§ 11 and § 15 APG; decision 0043)', () => {
  /** A plan from 1 January `from` to 1 January `to`, no growth, no credit so far. */
  const plan = (from: number, to: number, over: Partial<StatePensionPlan> = {}): StatePensionPlan => ({
    accountCreditCents: 0,
    yearlyGrossIncomeCents: 3_000_000,
    incomeGrowthBp: 0,
    from: `${from}-01-01`,
    contributionsEnd: `${to}-01-01`,
    startDate: `${to}-01-01`,
    ...over,
  });

  it('adds 1.78 % of each year’s contribution base to the credit so far', () => {
    // 2027 and 2028 (after the table: revalued by the assumed growth, 0 here): 30,000 × 1.78 % = 534 € each.
    expect(projectStatePension(plan(2027, 2029)).yearlyCents).toBe(106_800);
    // With 10,000 € already on the account: 11,068 € a year, 790.57 € a month (11,068 / 14 = 790.571…).
    const yearly = projectStatePension(plan(2027, 2029, { accountCreditCents: 1_000_000 })).yearlyCents;
    expect(yearly).toBe(1_106_800);
    expect(monthlyOf(yearly)).toBe(79_057);
  });

  it('takes the cap of the known years from the legal figures and grows it by the income growth afterwards', () => {
    expect(projectedCapCents(2025, 200)).toEqual({ year: 2025, value: 645_000 * 14, assumed: false });
    expect(projectedCapCents(2026, 200)).toEqual({ year: 2026, value: 9_702_000, assumed: false });
    // 97,020 € × 1.02 = 98,960.40 €; 2030: × 1.02⁴.
    expect(projectedCapCents(2027, 200)).toEqual({ year: 2027, value: 9_896_040, assumed: true });
    expect(projectedCapCents(2030, 200).value).toBe(Math.round(9_702_000 * 1.02 ** 4));
    expect(projectedRevaluation(2026, 200)).toEqual({ year: 2026, value: 1.073, assumed: false });
    expect(projectedRevaluation(2027, 200)).toEqual({ year: 2027, value: 1.02, assumed: true });
  });

  it('states as assumptions the latest cap and the first Aufwertungszahl, or that the latter is assumed', () => {
    // Data of 31.12.2025: the first 1 January is in 2026, whose Aufwertungszahl (1,073) the table holds.
    expect(statePensionAssumptions('2025-12-31', 2)).toEqual({
      capYear: 2026,
      capMonthlyCents: 693_000,
      capYearlyCents: 9_702_000,
      revaluationYear: 2026,
      revaluationFactorPermille: 1073,
      growthPercent: 2,
    });
    // Without data the calculation date is today: 2027's Aufwertungszahl is not in the table, so it is assumed.
    expect(statePensionAssumptions('2026-11-22', 1.5)).toMatchObject({ revaluationYear: 2027, revaluationFactorPermille: null, growthPercent: 1.5 });
  });

  it('caps the base in every year: a salary above the cap gives the same credit as one at the cap', () => {
    for (let year = 2025; year <= 2070; year++) {
      const cap = projectedCapCents(year, 250).value;
      const atCap = projectStatePension(plan(year, year + 1, { yearlyGrossIncomeCents: cap, incomeGrowthBp: 250 }));
      const above = projectStatePension(plan(year, year + 1, { yearlyGrossIncomeCents: cap * 3, incomeGrowthBp: 250 }));
      expect(above.yearlyCents, `year ${year}`).toBe(atCap.yearlyCents);
      expect(above.yearlyCents, `year ${year}`).toBe(Math.round((cap * 178) / 10_000));
      // Below the cap the income counts in full.
      const below = projectStatePension(plan(year, year + 1, { yearlyGrossIncomeCents: cap - 100_000, incomeGrowthBp: 250 }));
      expect(below.yearlyCents, `year ${year}`).toBe(Math.round(((cap - 100_000) * 178) / 10_000));
    }
    // Over a whole working life: 1,000,000 € a year is credited at each year's cap, part years pro rata.
    const life = projectStatePension({
      ...plan(2026, 2049),
      from: '2025-06-01',
      contributionsEnd: '2049-06-01',
      startDate: '2049-06-01',
      yearlyGrossIncomeCents: 100_000_000,
      incomeGrowthBp: 200,
    });
    for (const y of life.years) {
      expect(y.baseCents, `year ${y.year}`).toBe(Math.round((projectedCapCents(y.year, 200).value * y.months) / 12));
    }
    expect(life.years.map((y) => y.months)).toEqual([7, ...Array<number>(23).fill(12), 5]);
  });

  it('revalues the credit so far on each 1 January before the start: 2026 with 1,073, later years with the assumed growth', () => {
    // From 31.12.2025 to a start on 1.1.2029: 1.1.2026 (1,073), 1.1.2027 and 1.1.2028 (1.02 assumed); 1.1.2029 is the start.
    const p = projectStatePension(plan(2026, 2029, { accountCreditCents: 1_000_000, yearlyGrossIncomeCents: 0, incomeGrowthBp: 200 }));
    expect(p.years.map((y) => y.revaluation)).toEqual([1.073, 1.02, 1.02, null]);
    expect(p.revaluedCreditCents).toBe(Math.round(1_000_000 * 1.073 * 1.02 * 1.02));
    expect(p.yearlyCents).toBe(p.revaluedCreditCents);
    // New credits are revalued with the rest: 2026's 534 € twice, 2027's 544.68 € (income + 2 %) once, then 2028's 555.57 €.
    const q = projectStatePension(plan(2026, 2029, { incomeGrowthBp: 200 }));
    expect(q.years.map((y) => y.creditCents)).toEqual([53_400, 54_468, 55_557, 0]);
    expect(q.yearlyCents).toBe(Math.round((53_400 * 1.02 + 54_468) * 1.02 + 55_557));
    expect(q.revaluedCreditCents).toBe(0);
  });
});

describe('capital projection', () => {
  const plan = { startCents: 100_000, returnBp: 0, feeBp: 0, costBonus: false, contributions: [], lumpSums: [] };
  it('at 0 % adds twelve monthly parts of a yearly contribution', () => {
    const r = projectCapital({ ...plan, contributions: [{ annualCents: 120_000, from: '2026-01-01', to: '2027-01-01', growthBp: 0 }] }, '2026-01-01', '2027-01-01');
    expect(r.finalCents).toBe(220_000);
    expect(r.path).toEqual([{ date: '2027-01-01', cents: 220_000 }]);
  });
  it('at 12 % a year compounds monthly to exactly 12 % over the year', () => {
    expect(projectCapital({ ...plan, returnBp: 1200 }, '2026-01-01', '2027-01-01').finalCents).toBe(112_000);
  });
  it('grows the contribution yearly and adds a transfer on its date', () => {
    // Year 1: 1,200; year 2: 1,200 × 1.10 = 1,320; transfer 500 → 1,000 + 1,200 + 1,320 + 500 = 4,020.
    const r = projectCapital(
      { ...plan, contributions: [{ annualCents: 120_000, from: '2026-01-01', to: '2030-01-01', growthBp: 1000 }], lumpSums: [{ cents: 50_000, date: '2027-06-15' }] },
      '2026-01-01',
      '2028-01-01',
    );
    expect(r.finalCents).toBe(402_000);
    expect(r.path.map((p) => p.date)).toEqual(['2026-12-31', '2028-01-01']);
  });
  it('adds the cost bonus of each contract year', () => {
    // Year 1 at 2.05 %, year 2 at 2.05 %, year 3 at 2.08 %: 1,000 × 1.0205² × 1.0208 = 1,063.08.
    const r = projectCapital({ ...plan, returnBp: 200, costBonus: true }, '2026-01-01', '2029-01-01');
    expect(r.finalCents).toBe(Math.round(100_000 * 1.0205 ** 2 * 1.0208));
  });
});

describe('projectPension', () => {
  const input: ProjectionInput = {
    calculationDate: '2025-12-31',
    birthDate: '1984-05-17',
    gender: 'FEMALE',
    retirementDate: '2049-06-01',
    calculationInterestBp: 250,
    mode: 'FULL',
    pensionFund: {
      capitalCents: 3_000_000,
      employerAnnualCents: 200_000,
      employerPaymentEnd: '2049-06-01',
      employerGrowthBp: 0,
      ownAnnualCents: 60_000,
      ownStart: '2026-01-01',
      ownEnd: '2049-06-01',
      ownGrowthBp: 0,
      transferCents: 0,
      transferDate: null,
      expectedReturnBp: 300,
    },
    severanceFund: {
      active: true,
      capitalCents: 1_000_000,
      contributing: true,
      yearlyGrossPayCents: 5_000_000,
      payGrowthBp: 0,
      expectedReturnBp: 300,
      feeBp: 70,
      otherCapitalCents: 0,
      otherAnnualContributionCents: 0,
    },
    statePension: { yearlyGrossIncomeCents: 5_000_000, incomeGrowthBp: 0, accountCreditCents: 1_500_000, startDate: '2049-06-01' },
    otherYearlyIncomeCents: 120_000,
  };

  it('orders the range pessimistic < expected < optimistic and adds every source into the total', () => {
    const r = projectPension(input);
    const [p, e, o] = r.scenarios;
    expect(p!.totalYearlyCents).toBeLessThan(e!.totalYearlyCents);
    expect(e!.totalYearlyCents).toBeLessThan(o!.totalYearlyCents);
    for (const s of r.scenarios) {
      expect(s.totalYearlyCents).toBe(s.pensionFundYearlyCents + s.severanceYearlyCents + s.stateYearlyCents + s.otherYearlyCents);
      expect(s.totalMonthlyCents).toBe(Math.round(s.totalYearlyCents / 14));
    }
    // State pension: 15,000 revalued on 1.1.2026 with the Aufwertungszahl 1,073 (later years: the assumed growth, 0 here)
    // + 23 years × 890 + 5 months (2049-01 to 2049-05) × 890 × 5/12 = 16,095 + 20,470 + 370.83.
    expect(e!.stateYearlyCents).toBe(Math.round(1_500_000 * 1.073) + 23 * 89_000 + Math.round(5_000_000 * (5 / 12) * 0.0178));
    expect(r.revaluedAccountCreditCents).toBe(Math.round(1_500_000 * 1.073));
    expect(r.ageAtRetirementMonths).toBe(780);
    expect(e!.pensionFundYearlyCents).toBe(Math.round(e!.pensionFundCapitalCents / r.annuityFactor));
    expect(r.path.at(-1)).toEqual({ date: '2049-06-01', pensionFundCents: e!.pensionFundCapitalCents, severanceCents: e!.severanceCapitalCents });
  });

  it('the restricted calculator leaves out employer contributions; the fictitious one starts from nothing', () => {
    const full = projectPension(input).scenarios[1]!;
    const own = projectPension({ ...input, mode: 'OWN_ONLY' }).scenarios[1]!;
    const fict = projectPension({ ...input, mode: 'FICTITIOUS' }).scenarios[1]!;
    expect(own.pensionFundCapitalCents).toBeLessThan(full.pensionFundCapitalCents);
    expect(fict.pensionFundCapitalCents).toBeLessThan(own.pensionFundCapitalCents);
    expect(fict.pensionFundCapitalCents).toBeGreaterThan(0);
  });

  it('an inactive severance toggle drops the severance pension', () => {
    const r = projectPension({ ...input, severanceFund: { ...input.severanceFund, active: false } }).scenarios[1]!;
    expect(r.severanceYearlyCents).toBe(0);
  });
});

describe('calculator restrictions (spec 001 section 6)', () => {
  const member = { role: 'MEMBER' as const, calculatorAccess: 'FULL' as const, vrgActive: true, hasStatement: true };
  const base = { membershipActive: true, termsPending: false, pensionContracts: [member], severanceAccountsWithData: 1 };
  it.each([
    ['a member with a full contract', base, 'FULL', null],
    ['a restricted contract', { ...base, pensionContracts: [{ ...member, calculatorAccess: 'OWN_CONTRIBUTIONS_ONLY' as const }] }, 'OWN_CONTRIBUTIONS_ONLY', null],
    ['a contract without calculator', { ...base, pensionContracts: [{ ...member, calculatorAccess: 'NONE' as const }] }, 'NONE', 'NOT_AUTHORIZED'],
    ['a beneficiary', { ...base, pensionContracts: [{ ...member, role: 'BENEFICIARY' as const }] }, 'NONE', 'NOT_AUTHORIZED'],
    ['an inactive VRG', { ...base, pensionContracts: [{ ...member, vrgActive: false }] }, 'NONE', 'INACTIVE_VRG'],
    ['a contract without statement', { ...base, pensionContracts: [{ ...member, hasStatement: false }] }, 'NONE', 'NO_VALID_CONTRACT_DATA'],
    ['terms not accepted', { ...base, termsPending: true }, 'NONE', 'TERMS_NOT_ACCEPTED'],
    ['an exited member', { ...base, membershipActive: false }, 'NONE', 'NO_VALID_CONTRACT_DATA'],
    ['a Vorsorgekasse-only member', { ...base, pensionContracts: [] }, 'FICTITIOUS', null],
    ['a person without any contract', { ...base, pensionContracts: [], severanceAccountsWithData: 0 }, 'NONE', 'NO_VALID_CONTRACT_DATA'],
  ] as const)('%s gets %s', (_name, facts, access, refusal) => {
    expect(calculatorAccessOf(facts)).toEqual({ access, refusal });
  });
});

describe('calculator input rules', () => {
  const ctx = { today: '2026-11-22', calculationDate: '2025-12-31', gender: 'FEMALE' as const };
  const input = SAMPLE_CALCULATOR_INPUT;
  it('accept the prefilled inputs', () => {
    expect(validateCalculatorInput(input, ctx)).toEqual([]);
  });
  it('check the employer fields only where employer contributions count', () => {
    const early = { ...input, retirementDate: '2045-01-01', ownContributionEnd: '2045-01-01' };
    expect(validateCalculatorInput(early, ctx)).toEqual([{ field: 'employerPaymentEnd', code: 'AFTER_RETIREMENT' }]);
    expect(validateCalculatorInput(early, { ...ctx, employerContributions: false })).toEqual([]);
  });
  it('take the pension-fund end date from 1 January of this year when the data is older', () => {
    const old = { ...ctx, calculationDate: '2024-12-31', today: '2026-02-10' };
    expect(calculatorDateBounds(old, input.birthDate).earliestPaymentEndDate).toBe('2026-01-01');
    expect(validateCalculatorInput({ ...input, employerPaymentEnd: '2025-06-30' }, old)).toEqual([{ field: 'employerPaymentEnd', code: 'DATE_TOO_EARLY' }]);
  });
  it('cap the Pensionskonto credit with the current year’s Höchstbeitragsgrundlage (2026: 97,020 € a year)', () => {
    // Born 17.05.1984: 320 months from the 15th birthday to 31.12.2025. 97,020 € × 1.78 % × 320 / 12 = 46,052.16 €
    // (with 2025's 90,300 € it would be 42,862.40 €, which refused true credits read in 2026).
    expect(possibleAccountCreditCents(input.birthDate, ctx.calculationDate, ctx.today)).toBe(4_605_216);
    expect(possibleAccountCreditCents(input.birthDate, ctx.calculationDate)).toBe(4_286_240);
    expect(validateCalculatorInput({ ...input, accountCredit: 4_500_000 }, ctx)).toEqual([]);
    expect(validateCalculatorInput({ ...input, accountCredit: 4_605_216 }, ctx)).toEqual([]);
    expect(validateCalculatorInput({ ...input, accountCredit: 4_605_217 }, ctx)).toEqual([{ field: 'accountCredit', code: 'CREDIT_TOO_HIGH' }]);
  });
});
