import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { graphql } from '../gql';
import { PortalClient } from '../helpers/client';
import { sqlAll, sqlOne, sqlValue } from '../helpers/raw-sql';
import { loginAs } from '../helpers/scenarios';
import { startTestServer, type TestServer } from '../helpers/test-server';
import { regionalSuiteServer } from '../helpers/suite-server';

/** A contract's VRG as the investment page shows it (`VrgInvestmentPanel_VrgInvestmentFragment`), with the year's report summary and the one-year return the page does not show. */
const CONTRACT_INVESTMENT = graphql(`
  query InvestmentContractVrg {
    me {
      pensionContracts {
        vrg
        stichtage
        investment {
          ...VrgInvestmentPanel_VrgInvestmentFragment
          report {
            year
            title
            summary
            paragraphs
          }
          oneYear: annualisedReturnPercent(years: 1)
        }
      }
    }
  }
`);
const EARLIER_YEAR = graphql(`
  query InvestmentEarlierYear {
    vrgInvestment(vrg: 3) {
      allocation2008: allocation(year: 2008) {
        year
        percent
      }
      report2008: report(year: 2008) {
        year
        title
      }
      none: allocation(year: 1900) {
        year
      }
      noReport: report(year: 1900) {
        year
      }
      zero: annualisedReturnPercent(years: 0)
      tooMany: annualisedReturnPercent(years: 500)
    }
  }
`);
const VRG_ACCESS = graphql(`
  query InvestmentVrgAccess {
    own: vrgInvestment(vrg: 3) {
      vrg
    }
    other: vrgInvestment(vrg: 5) {
      vrg
    }
    unknown: vrgInvestment(vrg: 999) {
      vrg
    }
    negative: vrgInvestment(vrg: -1) {
      vrg
    }
  }
`);
const VRG_3 = graphql(`
  query InvestmentVrg3 {
    vrgInvestment(vrg: 3) {
      vrg
    }
  }
`);
const FUND_FEE = graphql(`
  query InvestmentFundFee {
    severanceFundInvestment {
      managementFeePercent
    }
  }
`);
const STATEMENT_RATES = graphql(`
  query InvestmentStatementRates {
    me {
      pensionContracts {
        statements {
          stichtag
          totalCapital
          investmentResult
        }
        investment {
          performance {
            year
            returnPercent
          }
        }
      }
      severanceAccounts {
        statements {
          stichtag
          totalEntitlement
          investmentResult
        }
      }
    }
    severanceFundInvestment {
      managementFeePercent
      results {
        year
        returnPercent
        managementFeePercent
      }
    }
  }
`);
const FUND_RESULTS = graphql(`
  query InvestmentFundResults {
    severanceFundInvestment {
      managementFeePercent
      threeYears: annualisedReturnPercent(years: 3)
      results {
        year
        returnPercent
        managementFeePercent
      }
    }
  }
`);
const REGIONAL = graphql(`
  query InvestmentRegional {
    vrgInvestment(vrg: 3) {
      vrg
    }
    severanceFundInvestment {
      managementFeePercent
    }
    me {
      pensionContracts {
        investment {
          vrg
        }
      }
    }
  }
`);

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({ members: 60 });
});
afterAll(async () => {
  await server.close();
});

describe('investment information of a VRG', () => {
  it("answers anna's contract VRG with performance for every statement year, an allocation of 100 % and the latest report", async () => {
    const client = await loginAs(server, 'anna');
    const res = await client.operation(CONTRACT_INVESTMENT);
    expect(res.body.errors).toBeUndefined();
    const contract = res.body.data!.me!.pensionContracts[0]!;
    const inv = contract.investment!;
    expect(inv).toMatchObject({ vrg: 3, name: 'VRG 3 – Ausgewogen', equityTargetPercent: 40 });
    const years = inv.performance.map((p) => p.year);
    expect(years).toEqual([...years].sort((a, b) => a - b));
    expect(years.at(-1)).toBe(2025);
    for (const stichtag of contract.stichtage) expect(years).toContain(Number(stichtag.slice(0, 4)));
    for (const p of inv.performance) {
      expect(p.returnPercent).toBeGreaterThanOrEqual(-12);
      expect(p.returnPercent).toBeLessThanOrEqual(14);
      expect(p.volatilityPercent).toBeGreaterThanOrEqual(0);
    }
    expect(inv.allocation.map((a) => a.assetClass)).toEqual(['EQUITIES', 'BONDS', 'REAL_ESTATE', 'CASH', 'ALTERNATIVES']);
    expect(inv.allocation.every((a) => a.year === 2025 && a.percent >= 0)).toBe(true);
    expect(inv.allocation.reduce((sum, a) => sum + a.percent, 0)).toBeCloseTo(100, 9);
    const report = inv.report!;
    expect(report.year).toBe(2025);
    expect(report.title).toBe('Veranlagungsbericht 2025 – VRG 3 – Ausgewogen');
    expect(report.paragraphs.length).toBe(3);
    const lastReturn = inv.performance.at(-1)!.returnPercent;
    expect(report.summary).toContain(`${lastReturn.toFixed(2).replace('.', ',')} %`);
    expect(inv.reports[0]?.year).toBe(2025);
    expect(inv.reports.length).toBe(inv.performance.length);
    expect(inv.oneYear).toBeCloseTo(lastReturn, 9);
    expect(inv.fiveYears).toBeGreaterThan(-12);
  });

  it('answers the allocation and report of an earlier year, [] and null for a year without data', async () => {
    const client = await loginAs(server, 'anna');
    const res = await client.operation(EARLIER_YEAR);
    expect(res.body.errors).toBeUndefined();
    const v = res.body.data!.vrgInvestment!;
    expect(v.allocation2008).toHaveLength(5);
    expect(v.allocation2008.every((a) => a.year === 2008)).toBe(true);
    expect(v.report2008).toEqual({ year: 2008, title: 'Veranlagungsbericht 2008 – VRG 3 – Ausgewogen' });
    expect(v.none).toEqual([]);
    expect(v.noReport).toBeNull();
    expect(v.zero).toBeNull();
    expect(v.tooMany).toBeNull();
  });

  it('answers vrgInvestment only for a VRG the member belongs to: another, unknown or negative VRG is null', async () => {
    const client = await loginAs(server, 'anna');
    const res = await client.operation(VRG_ACCESS);
    expect(res.body.errors).toBeUndefined();
    expect(res.body.data).toEqual({ own: { vrg: 3 }, other: null, unknown: null, negative: null });
    const bernd = await loginAs(server, 'bernd');
    expect((await bernd.operation(VRG_3)).body.data).toEqual({ vrgInvestment: null });
  });

  it('refuses investment information without a session', async () => {
    const anonymous = new PortalClient(server.url);
    for (const res of [await anonymous.operation(VRG_3), await anonymous.operation(FUND_FEE)]) {
      expect(res.body.errors?.[0]?.extensions?.code).toBe('UNAUTHENTICATED');
    }
  });
});

describe('seeded investment figures equal the rates of the statements', () => {
  it("credits every PK statement with the VRG's seeded return of that year (investmentResult / previous total)", async () => {
    const rows = await sqlAll<{ result: number; previous: number; bp: number }>(
      server.db,
      `SELECT s.investment_result_cents AS result, prev.total_capital_cents AS previous, p.return_bp AS bp
           FROM pk_statements s
           JOIN pk_contracts c ON c.id = s.contract_id
           JOIN pk_statements prev ON prev.contract_id = s.contract_id AND prev.stichtag = (CAST(substr(s.stichtag, 1, 4) AS INTEGER) - 1) || '-12-31'
           JOIN vrg_performance p ON p.vrg = c.vrg AND p.year = CAST(substr(s.stichtag, 1, 4) AS INTEGER)`,
    );
    const statements = await sqlValue<number>(
      server.db,
      `SELECT count(*) AS n FROM pk_statements WHERE stichtag > (SELECT min(stichtag) FROM pk_statements s2 WHERE s2.contract_id = pk_statements.contract_id)`,
    );
    expect(rows.length).toBe(statements);
    expect(rows.length).toBeGreaterThan(100);
    for (const r of rows) expect(Math.abs(r.result - (r.previous * r.bp) / 10_000)).toBeLessThanOrEqual(0.5 + 1e-6);
  });

  it('credits every VK statement with the seeded Vorsorgekasse result of that year', async () => {
    const rows = await sqlAll<{ result: number; previous: number; bp: number }>(
      server.db,
      `SELECT s.investment_result_cents AS result, prev.total_entitlement_cents AS previous, r.return_bp AS bp
           FROM vk_statements s
           JOIN vk_statements prev ON prev.account_id = s.account_id AND prev.stichtag = (CAST(substr(s.stichtag, 1, 4) AS INTEGER) - 1) || '-12-31'
           JOIN vk_investment_results r ON r.year = CAST(substr(s.stichtag, 1, 4) AS INTEGER)`,
    );
    expect(rows.length).toBeGreaterThan(100);
    for (const r of rows) expect(Math.abs(r.result - (r.previous * r.bp) / 10_000)).toBeLessThanOrEqual(0.5 + 1e-6);
  });

  it("matches anna's statements through GraphQL: investmentResult / previous totalCapital ≈ the VRG's returnPercent", async () => {
    const client = await loginAs(server, 'anna');
    const res = await client.operation(STATEMENT_RATES);
    expect(res.body.errors).toBeUndefined();
    const pk = res.body.data!.me!.pensionContracts[0]!;
    const returns = new Map<number, number>(pk.investment!.performance.map((p) => [p.year, p.returnPercent]));
    for (let i = 1; i < pk.statements.length; i++) {
      const s = pk.statements[i]!;
      const expected = (pk.statements[i - 1]!.totalCapital * returns.get(Number(s.stichtag.slice(0, 4)))!) / 100;
      expect(Math.abs(s.investmentResult - expected)).toBeLessThanOrEqual(0.5 + 1e-6);
    }
    const vk = res.body.data!.me!.severanceAccounts[0]!;
    const fund = res.body.data!.severanceFundInvestment!;
    const vkReturns = new Map<number, number>(fund.results.map((r) => [r.year, r.returnPercent]));
    for (let i = 1; i < vk.statements.length; i++) {
      const s = vk.statements[i]!;
      const expected = (vk.statements[i - 1]!.totalEntitlement * vkReturns.get(Number(s.stichtag.slice(0, 4)))!) / 100;
      expect(Math.abs(s.investmentResult - expected)).toBeLessThanOrEqual(0.5 + 1e-6);
    }
  });
});

describe('investment information of the Vorsorgekasse', () => {
  it('answers the yearly results up to last year and the management fee of 0.7 % per year from the table', async () => {
    const client = await loginAs(server, 'bernd');
    const res = await client.operation(FUND_RESULTS);
    expect(res.body.errors).toBeUndefined();
    const fund = res.body.data!.severanceFundInvestment!;
    expect(fund.managementFeePercent).toBe(0.7);
    expect(fund.results.at(-1)?.year).toBe(2025);
    expect(fund.results[0]?.year).toBeLessThanOrEqual(2003);
    expect(fund.results.every((r) => r.managementFeePercent === 0.7 && r.returnPercent >= -5 && r.returnPercent <= 8)).toBe(true);
    expect(typeof fund.threeYears).toBe('number');
    const stored = await sqlOne<{ fee: number }>(server.db, 'SELECT management_fee_bp AS fee FROM vk_investment_results WHERE year = 2025');
    expect(stored.fee).toBe(70);
  });
});

describe('regional tenant', () => {
  const regional = regionalSuiteServer();

  it('offers no investment information', async () => {
    const client = await loginAs(regional(), 'anna');
    const res = await client.operation(REGIONAL);
    expect(res.body.errors).toBeUndefined();
    expect(res.body.data).toEqual({ vrgInvestment: null, severanceFundInvestment: null, me: { pensionContracts: [] } });
  });
});
