import { describe, expect, it } from 'vitest';
import { print } from 'graphql';
import type { ProjectPensionInput } from '../gql/graphql';
import { PortalClient } from '../helpers/client';
import { sqlRun } from '../helpers/raw-sql';
import { emailOf } from '../helpers/scenarios';
import { CALCULATOR, PROJECT, calculatorSuite } from '../helpers/calculator-steps';

/** The pension calculator through the real server's GraphQL (decision 0017); REST and webportal/calcprint: tests/api/calculator-rest-print.test.ts. */

const { server, login, calculatorOf, project, sql } = calculatorSuite();

describe('prefilled calculator', () => {
  it("anna's calculator is FULL and prefilled from her latest PK and VK statements", async () => {
    const anna = await login('anna');
    const c = await calculatorOf(anna);
    const pk = await sql<{ e: number; o: number; s: string; r: number }>(
      `SELECT s.employer_contributions_cents e, s.employee_contributions_cents o, s.stichtag s, c.calculation_interest_rate_bp r
       FROM pk_statements s JOIN pk_contracts c ON c.id = s.contract_id JOIN persons p ON p.id = c.person_id
       WHERE p.email = ? ORDER BY s.stichtag DESC LIMIT 1`,
      emailOf('anna'),
    );
    const vk = await sql<{ t: number; c: number }>(
      `SELECT SUM(s.total_entitlement_cents) t, SUM(s.contributions_cents) c FROM vk_statements s JOIN vk_accounts a ON a.id = s.account_id
       JOIN persons p ON p.id = a.person_id WHERE p.email = ? AND s.stichtag = '2025-12-31'`,
      emailOf('anna'),
    );
    expect(c.access).toBe('FULL');
    expect(c.refusal).toBeNull();
    expect(c.dataDate).toBe('2025-12-31');
    expect(pk.s).toBe('2025-12-31');
    expect(c.calculationDate).toBe('2025-12-31');
    expect(c.dataOutdated).toBe(false);
    expect(c.calculationInterestRate).toBe(pk.r / 100);
    expect(c.statutoryRetirementDate).toBe('2049-06-01'); // born 17.05.1984: 65, first of the following month
    expect(c.earliestRetirementDate).toBe('2026-12-01'); // today 22.11.2026
    expect(c.latestRetirementDate).toBe('2059-06-01');
    expect(c.earliestPaymentEndDate).toBe('2026-01-01');
    expect(c.lifeTable?.name).toContain('Sterbetafel 2010/2012');
    expect(c.defaults).toMatchObject({
      birthDate: '1984-05-17',
      retirementDate: '2049-06-01',
      employerAnnualContribution: pk.e,
      ownAnnualContribution: pk.o,
      ownContributionStart: '2026-01-01',
      severanceActive: true,
      severanceCapital: vk.t,
      severanceContributing: true,
      yearlyGrossIncome: Math.round((vk.c * 10_000) / 153),
      expectedReturn: 3,
      transferDate: null,
    });
  });

  it('projects the prefilled inputs: range ordered, totals add up, monthly is yearly ÷ 14', async () => {
    const anna = await login('anna');
    const { defaults } = await calculatorOf(anna);
    const r = await project(anna, defaults!);
    expect(r.ok).toBe(true);
    const scenarios = r.projection!.scenarios;
    const [p, e, o] = [scenarios[0]!, scenarios[1]!, scenarios[2]!];
    expect([p.scenario, e.scenario, o.scenario]).toEqual(['PESSIMISTIC', 'EXPECTED', 'OPTIMISTIC']);
    expect(p.totalMonthly).toBeLessThan(e.totalMonthly);
    expect(e.totalMonthly).toBeLessThan(o.totalMonthly);
    expect(e.totalYearly).toBe(e.pensionFundYearly + e.severanceYearly + e.stateYearly + e.otherYearly);
    expect(e.totalMonthly).toBe(Math.round(e.totalYearly / 14));
    expect(e.pensionFundYearly).toBeGreaterThan(0);
    expect(e.severanceYearly).toBeGreaterThan(0);
    expect(r.projection!.ageAtRetirementMonths).toBe(780);
    expect(r.projection!.capitalPath.at(-1)).toEqual({ date: '2049-06-01', pensionFund: e.pensionFundCapital, severance: e.severanceCapital });
    // The first point is the end of this year: the statement capital plus a year of contributions and return.
    expect(r.projection!.capitalPath[0]?.date).toBe('2026-12-31');
  });
});

describe('restrictions (spec 001 section 6)', () => {
  it('clara (beneficiary) gets no calculator: NOT_AUTHORIZED, no defaults, and projectPension refuses', async () => {
    const clara = await login('clara');
    const c = await calculatorOf(clara);
    expect(c).toMatchObject({ access: 'NONE', refusal: 'NOT_AUTHORIZED', defaults: null });
    expect(c.refusalMessage).toMatch(/nicht zur Verfügung/);
    const anna = await login('anna');
    const r = await project(clara, (await calculatorOf(anna)).defaults!);
    expect(r).toMatchObject({ ok: false, code: 'CALCULATOR_NOT_AVAILABLE', projection: null });
  });

  it('rosa (restricted contract) gets own contributions only: no employer contribution counts', async () => {
    const rosa = await login('rosa');
    const c = await calculatorOf(rosa);
    expect(c.access).toBe('OWN_CONTRIBUTIONS_ONLY');
    const defaults = c.defaults!;
    expect(defaults.employerAnnualContribution).toBe(0);
    expect(defaults.ownAnnualContribution).toBeGreaterThan(0);
    const a = await project(rosa, defaults);
    const b = await project(rosa, { ...defaults, employerAnnualContribution: 5_000_000 });
    expect(a.ok && b.ok).toBe(true);
    expect(b.projection?.scenarios[1]?.pensionFundCapital).toBe(a.projection?.scenarios[1]?.pensionFundCapital);
  });

  it('bernd (Vorsorgekasse only) gets the fictitious calculator with a default return of 2.00 %', async () => {
    const bernd = await login('bernd');
    const c = await calculatorOf(bernd);
    expect(c.access).toBe('FICTITIOUS');
    expect(c.defaults?.expectedReturn).toBe(2);
    expect(c.calculationInterestRate).toBe(2);
    const r = await project(bernd, { ...c.defaults!, ownAnnualContribution: 120_000 });
    expect(r.ok).toBe(true);
    expect(r.projection?.scenarios[1]?.pensionFundYearly).toBeGreaterThan(0);
  });

  it('an inactive VRG refuses the calculator with INACTIVE_VRG', async () => {
    const vrg = (await sql<{ vrg: number }>('SELECT c.vrg FROM pk_contracts c JOIN persons p ON p.id = c.person_id WHERE p.email = ?', emailOf('anna'))).vrg;
    await sqlRun(server().db, 'UPDATE vrgs SET active = false WHERE number = ?', vrg);
    try {
      const anna = await login('anna');
      expect(await calculatorOf(anna)).toMatchObject({ access: 'NONE', refusal: 'INACTIVE_VRG' });
    } finally {
      await sqlRun(server().db, 'UPDATE vrgs SET active = true WHERE number = ?', vrg);
    }
  });

  it('a person without own contract data (the external-person view: otto, a contact person) gets no calculator', async () => {
    // Spec 001 section 6: the external-person view needs valid contract data and accepted terms.
    const otto = await login('otto');
    const c = await calculatorOf(otto);
    expect(c).toMatchObject({ access: 'NONE', refusal: 'NO_VALID_CONTRACT_DATA', defaults: null });
    expect(c.refusalMessage).toMatch(/keine gültigen Vertragsdaten/);
    const anna = await login('anna');
    expect(await project(otto, (await calculatorOf(anna)).defaults!)).toMatchObject({ ok: false, projection: null });
  });

  it('base data up to 15 months old is current; older data is flagged outdated (spec 001 section 3)', async () => {
    const before = server().clock.now();
    try {
      // anna's newest statements are of 31.12.2025: 15 months later is 31.03.2027, 16 months 01.05.2027.
      for (const [day, outdated] of [
        ['2027-03-31', false],
        ['2027-05-01', true],
      ] as const) {
        server().clock.set(Date.parse(`${day}T09:00:00Z`));
        const c = await calculatorOf(await login('anna'));
        expect({ day, dataDate: c.dataDate, outdated: c.dataOutdated }).toEqual({ day, dataDate: '2025-12-31', outdated });
      }
    } finally {
      server().clock.set(before);
    }
  });

  it('without a session the calculator answers UNAUTHENTICATED', async () => {
    const res = await new PortalClient(server().url).operation(CALCULATOR);
    expect(res.body.errors?.[0]?.extensions?.code).toBe('UNAUTHENTICATED');
  });
});

describe('validation (spec 001 section 5, spec 000 section 5)', () => {
  const cases: [string, Partial<ProjectPensionInput>, string, string][] = [
    ['retirement in the past', { retirementDate: '2026-11-01' }, 'retirementDate', 'DATE_IN_PAST'],
    ['retirement not on the first', { retirementDate: '2049-06-15' }, 'retirementDate', 'NOT_FIRST_OF_MONTH'],
    ['retirement after 75', { retirementDate: '2060-01-01' }, 'retirementDate', 'DATE_TOO_LATE'],
    ['payment end on the calculation date', { employerPaymentEnd: '2025-12-31' }, 'employerPaymentEnd', 'NOT_AFTER_CALCULATION_DATE'],
    ['payment end after retirement', { employerPaymentEnd: '2049-07-01' }, 'employerPaymentEnd', 'AFTER_RETIREMENT'],
    ['own start on the calculation date', { ownContributionStart: '2025-12-31' }, 'ownContributionStart', 'NOT_AFTER_CALCULATION_DATE'],
    ['own start after retirement', { ownContributionStart: '2049-07-01', ownContributionEnd: '2049-08-01' }, 'ownContributionStart', 'AFTER_RETIREMENT'],
    ['own end before start', { ownContributionStart: '2030-01-01', ownContributionEnd: '2029-12-31' }, 'ownContributionEnd', 'END_BEFORE_START'],
    ['transfer without a date', { transferAmount: 100_000, transferDate: null }, 'transferDate', 'REQUIRED'],
    ['transfer before the calculation date', { transferAmount: 100_000, transferDate: '2025-06-01' }, 'transferDate', 'NOT_AFTER_CALCULATION_DATE'],
    ['transfer after retirement', { transferAmount: 100_000, transferDate: '2050-01-01' }, 'transferDate', 'AFTER_RETIREMENT'],
    ['growth above 10 %', { employerGrowthRate: 10.5 }, 'employerGrowthRate', 'OUT_OF_RANGE'],
    ['growth with three decimals', { ownGrowthRate: 1.234 }, 'ownGrowthRate', 'TOO_MANY_DECIMALS'],
    ['return below −5 %', { expectedReturn: -6 }, 'expectedReturn', 'OUT_OF_RANGE'],
    ['state pension before the statutory age', { statePensionStart: '2049-05-01' }, 'statePensionStart', 'BEFORE_STATUTORY_AGE'],
    ['account credit above the possible pension', { accountCredit: 5_000_000 }, 'accountCredit', 'CREDIT_TOO_HIGH'],
    ['negative other income', { otherYearlyIncome: -1 }, 'otherYearlyIncome', 'OUT_OF_RANGE'],
    ['a birth date over 75 years ago', { birthDate: '1949-01-01' }, 'birthDate', 'OUT_OF_RANGE'],
  ];
  it.each(cases)('%s is refused with its field error', async (_name, change, field, code) => {
    const anna = await login('anna');
    const { defaults } = await calculatorOf(anna);
    const r = await project(anna, { ...defaults!, ...change });
    expect(r.ok).toBe(false);
    expect(r.code).toBe('INVALID_INPUT');
    expect(r.fieldErrors).toContainEqual(expect.objectContaining({ field, code }));
    expect(r.fieldErrors.find((e) => e.field === field)?.message).toMatch(/\S/);
  });

  it('a malformed date or money value is refused by the scalars, not answered with a 500', async () => {
    const anna = await login('anna');
    const { defaults } = await calculatorOf(anna);
    // Values the scalars refuse (not a Date, not whole cents): sent as text, the typed variables would not allow them.
    const res = await anna.graphql(print(PROJECT), { input: { ...defaults, retirementDate: 'morgen', accountCredit: 1.5 } });
    expect(res.status).toBeLessThan(500);
    expect(res.body.errors?.length).toBeGreaterThan(0);
    expect(JSON.stringify(res.body)).not.toMatch(/at .*\.ts:\d+/);
  });
});

describe('state pension with the legal figures of the year (decision 0043)', () => {
  it("accepts a Pensionskonto credit that only 2026's cap allows and revalues it up to the state pension start", async () => {
    const anna = await login('anna');
    const { defaults } = await calculatorOf(anna);
    // Born 17.05.1984, data of 31.12.2025, today 22.11.2026: 320 months × 1.78 % × 97,020 € / 12 = 46,052.16 € at most
    // (2025's cap of 90,300 € allowed only 42,862.40 €).
    const r = await project(anna, { ...defaults!, accountCredit: 4_500_000 });
    expect(r.fieldErrors).toEqual([]);
    expect(r.ok).toBe(true);
    // Revalued on 1.1.2026 with the Aufwertungszahl 1,073, then on 1.1.2027 … 1.1.2049 with the assumed 2 % growth.
    expect(defaults!.incomeGrowthRate).toBe(2);
    expect(defaults!.statePensionStart).toBe('2049-06-01');
    let revalued = 4_500_000 * 1.073;
    for (let year = 2027; year <= 2049; year++) revalued *= 1.02;
    expect(r.projection!.revaluedAccountCredit).toBe(Math.round(revalued));
    const refused = await project(anna, { ...defaults!, accountCredit: 4_605_217 });
    expect(refused.fieldErrors).toEqual([expect.objectContaining({ field: 'accountCredit', code: 'CREDIT_TOO_HIGH' })]);
  });

  it('caps the income at the Höchstbeitragsgrundlage: 500,000 € and 1,000,000 € a year give the same state pension', async () => {
    const anna = await login('anna');
    const { defaults } = await calculatorOf(anna);
    const high = await project(anna, { ...defaults!, yearlyGrossIncome: 50_000_000 });
    const higher = await project(anna, { ...defaults!, yearlyGrossIncome: 100_000_000 });
    const atCap = await project(anna, { ...defaults!, yearlyGrossIncome: 9_702_000 });
    const stateOf = (r: typeof high) => r.projection!.scenarios[1]!.stateYearly;
    expect(stateOf(higher)).toBe(stateOf(high));
    // At 2026's cap and growing by 2 % a year (as the assumed cap does) the income stays at the cap every year.
    expect(Math.abs(stateOf(atCap) - stateOf(high))).toBeLessThanOrEqual(25);
    expect(stateOf(await project(anna, { ...defaults!, yearlyGrossIncome: 8_000_000 }))).toBeLessThan(stateOf(atCap));
  });
});
