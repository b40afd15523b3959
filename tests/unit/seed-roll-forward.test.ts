import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { type Db, openDatabase } from '../../db/client';
import { DEMO_PERSON_COUNT, seedDatabase, type SeedStats } from '../../db/seed';

const TODAY = '2026-11-22';
const LAST_YEAR = 2025;
const MEMBERS = 300;

interface PkRow {
  personId: number;
  contractNumber: string;
  role: string;
  startDate: string;
  pensionStartDate: string | null;
  monthlyPensionCents: number | null;
  stichtag: string;
  reserve: number;
  fluctuation: number;
  total: number;
  employerContributions: number;
  employeeContributions: number;
  employerTransfers: number;
  employeeTransfers: number;
  premium108a: number;
  investmentResult: number;
  costs: number;
  pensionPayments: number;
  shortfall: number;
  projected: number;
}

interface VkRow {
  personId: number;
  accountNumber: string;
  status: string;
  startDate: string;
  endDate: string | null;
  rightToDecideSince: string | null;
  stichtag: string;
  total: number;
  guaranteed: number;
  paidOutTotal: number;
  contributions: number;
  transfersIn: number;
  administrationCosts: number;
  svCarrierCosts: number;
  investmentResult: number;
  payout: number;
  loyaltyBonus: number;
  surplusShare: number;
}

let db: Db;
let dir: string;
let stats: SeedStats;
let pkRows: PkRow[];
let vkRows: VkRow[];

/** Groups rows by a key, keeping the SQL order (oldest statement first). */
function groupBy<T>(rows: readonly T[], key: (row: T) => string): Map<string, T[]> {
  const groups = new Map<string, T[]>();
  for (const row of rows) {
    const k = key(row);
    const list = groups.get(k);
    if (list) list.push(row);
    else groups.set(k, [row]);
  }
  return groups;
}

/**
 * Checks the statement dates of one contract or account (its rows, oldest first): all YYYY-12-31, one a year from the
 * year of its start date without gaps, ending with the last year.
 */
function checkDates(label: string, rows: readonly { stichtag: string; startDate: string }[], errors: string[]): void {
  const firstYear = Number(rows[0]!.startDate.slice(0, 4));
  const stichtage = rows.map((r) => r.stichtag);
  stichtage.forEach((s, i) => {
    if (!/^\d{4}-12-31$/.test(s)) errors.push(`${label}: statement date ${s} is not a 31.12.`);
    const expected = firstYear + i;
    if (Number(s.slice(0, 4)) !== expected) errors.push(`${label}: statement ${i} is ${s}, expected ${expected}-12-31 (gap)`);
  });
  const last = stichtage.at(-1);
  if (last !== `${LAST_YEAR}-12-31`) errors.push(`${label}: last statement ${last}, expected ${LAST_YEAR}-12-31`);
}

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'seed-'));
  db = await openDatabase(join(dir, 'portal.db'));
  stats = await seedDatabase(db, { members: MEMBERS, today: TODAY });
  pkRows = db.$client
    .prepare(
      `SELECT c.person_id AS personId, c.contract_number AS contractNumber, c.role, c.start_date AS startDate,
              c.pension_start_date AS pensionStartDate, c.monthly_pension_cents AS monthlyPensionCents, s.stichtag,
              s.reserve_cents AS reserve, s.fluctuation_reserve_cents AS fluctuation, s.total_capital_cents AS total,
              s.employer_contributions_cents AS employerContributions, s.employee_contributions_cents AS employeeContributions,
              s.employer_transfers_cents AS employerTransfers, s.employee_transfers_cents AS employeeTransfers,
              s.premium108a_cents AS premium108a, s.investment_result_cents AS investmentResult, s.costs_cents AS costs,
              s.pension_payments_cents AS pensionPayments, s.shortfall_cents AS shortfall,
              s.projected_yearly_pension_cents AS projected
         FROM pk_statements s JOIN pk_contracts c ON c.id = s.contract_id
        ORDER BY c.id, s.stichtag`,
    )
    .all() as PkRow[];
  vkRows = db.$client
    .prepare(
      `SELECT a.person_id AS personId, a.account_number AS accountNumber, a.status, a.start_date AS startDate,
              a.end_date AS endDate, a.right_to_decide_since AS rightToDecideSince, s.stichtag,
              s.total_entitlement_cents AS total, s.guaranteed_capital_cents AS guaranteed,
              s.paid_out_total_cents AS paidOutTotal, s.contributions_cents AS contributions,
              s.transfers_in_cents AS transfersIn, s.administration_costs_cents AS administrationCosts,
              s.sv_carrier_costs_cents AS svCarrierCosts, s.investment_result_cents AS investmentResult,
              s.payout_cents AS payout, s.loyalty_bonus_cents AS loyaltyBonus, s.surplus_share_cents AS surplusShare
         FROM vk_statements s JOIN vk_accounts a ON a.id = s.account_id
        ORDER BY a.id, s.stichtag`,
    )
    .all() as VkRow[];
});

afterAll(() => {
  db?.$client.close();
  if (dir) rmSync(dir, { recursive: true, force: true });
});

describe('seeded roll-forward', () => {
  it('seeds the requested members plus the personas, each with a PK contract or a VK account unless only a contact person or a supervisory-board member', () => {
    expect(stats.persons).toBe(MEMBERS + DEMO_PERSON_COUNT);
    expect(stats.pkStatements).toBe(pkRows.length);
    expect(stats.vkStatements).toBe(vkRows.length);
    const withoutFund = db.$client
      .prepare(
        `SELECT id FROM persons p
          WHERE NOT EXISTS (SELECT 1 FROM pk_contracts c WHERE c.person_id = p.id)
            AND NOT EXISTS (SELECT 1 FROM vk_accounts a WHERE a.person_id = p.id)
            AND NOT EXISTS (SELECT 1 FROM contact_duties d WHERE d.person_id = p.id)
            AND NOT EXISTS (SELECT 1 FROM supervisory_board_seats s WHERE s.person_id = p.id)`,
      )
      .all();
    expect(withoutFund).toEqual([]);
    expect(new Set(pkRows.map((r) => r.personId)).size).toBeGreaterThan(MEMBERS * 0.3);
    expect(new Set(vkRows.map((r) => r.personId)).size).toBeGreaterThan(MEMBERS * 0.45);
  });

  it('rolls every PK contract forward to the cent, with reserve and fluctuation reserve adding up to the total', () => {
    const errors: string[] = [];
    for (const [contract, rows] of groupBy(pkRows, (r) => r.contractNumber)) {
      const first = rows[0]!;
      const label = `person ${first.personId} contract ${contract}`;
      checkDates(label, rows, errors);
      let prev = 0;
      let prevShortfall: number | null = null;
      const startShortfall = first.shortfall;
      for (const r of rows) {
        const at = `${label} ${r.stichtag}`;
        const expected =
          prev + r.employerContributions + r.employeeContributions + r.employerTransfers + r.employeeTransfers + r.premium108a + r.investmentResult - r.costs - r.pensionPayments;
        if (r.total !== expected) errors.push(`${at}: totalCapital ${r.total} ≠ previous ${prev} + flows = ${expected}`);
        if (r.total !== r.reserve + r.fluctuation) errors.push(`${at}: totalCapital ${r.total} ≠ reserve ${r.reserve} + fluctuationReserve ${r.fluctuation}`);
        const premium = r.employeeContributions > 0 ? Math.round(Math.min(r.employeeContributions, 100_000) * 0.0425) : 0;
        if (r.premium108a !== premium) errors.push(`${at}: premium108a ${r.premium108a}, expected ${premium}`);
        if (r.costs < 0 || r.employerContributions < 0 || r.employeeContributions < 0) errors.push(`${at}: negative contribution or cost`);
        if (r.total < 0) errors.push(`${at}: negative totalCapital ${r.total}`);
        if (r.role === 'MEMBER' && r.pensionPayments !== 0) errors.push(`${at}: member with pensionPayments ${r.pensionPayments}`);
        if (prevShortfall !== null) {
          if (r.shortfall > prevShortfall) errors.push(`${at}: shortfall rose from ${prevShortfall} to ${r.shortfall}`);
          if (prevShortfall > 0 && r.shortfall > Math.max(0, prevShortfall - startShortfall / 10)) {
            errors.push(`${at}: shortfall ${prevShortfall} → ${r.shortfall} fell by less than a tenth of ${startShortfall}`);
          }
        }
        if (r.projected < 0) errors.push(`${at}: negative projected pension`);
        prev = r.total;
        prevShortfall = r.shortfall;
      }
    }
    expect(errors.slice(0, 20)).toEqual([]);
    expect(pkRows.length).toBeGreaterThan(500);
  });

  it('pays beneficiaries their monthly pension fourteen times a year from the pension start', () => {
    const errors: string[] = [];
    const beneficiaries = pkRows.filter((r) => r.role === 'BENEFICIARY');
    expect(beneficiaries.length).toBeGreaterThan(0);
    for (const r of beneficiaries) {
      const pensionYear = Number(r.pensionStartDate?.slice(0, 4));
      const year = Number(r.stichtag.slice(0, 4));
      const expected = year >= pensionYear && r.pensionStartDate?.slice(5) === '01-01' ? (r.monthlyPensionCents ?? 0) * 14 : year < pensionYear ? 0 : null;
      if (expected !== null && r.pensionPayments !== expected) {
        errors.push(`person ${r.personId} ${r.stichtag}: pensionPayments ${r.pensionPayments}, expected ${expected}`);
      }
    }
    expect(errors).toEqual([]);
  });

  it('rolls every VK account forward to the cent, with guaranteed capital and paid-out total per the invariants', () => {
    const errors: string[] = [];
    for (const [account, rows] of groupBy(vkRows, (r) => r.accountNumber)) {
      const first = rows[0]!;
      const label = `person ${first.personId} account ${account}`;
      checkDates(label, rows, errors);
      let prev = 0;
      let prevGuaranteed = 0;
      let prevPaidOut = 0;
      for (const r of rows) {
        const at = `${label} ${r.stichtag}`;
        const total = prev + r.contributions + r.transfersIn + r.investmentResult + r.loyaltyBonus + r.surplusShare - r.administrationCosts - r.svCarrierCosts - r.payout;
        if (r.total !== total) errors.push(`${at}: totalEntitlement ${r.total} ≠ previous ${prev} + flows = ${total}`);
        const guaranteed = prevGuaranteed + r.contributions + r.transfersIn - r.payout;
        if (r.guaranteed !== guaranteed) errors.push(`${at}: guaranteedCapital ${r.guaranteed}, expected ${guaranteed}`);
        if (r.paidOutTotal !== prevPaidOut + r.payout) errors.push(`${at}: paidOutTotal ${r.paidOutTotal}, expected ${prevPaidOut + r.payout}`);
        const sv = Math.round(r.contributions * 0.003);
        if (r.svCarrierCosts !== sv) errors.push(`${at}: svCarrierCosts ${r.svCarrierCosts}, expected ${sv}`);
        const admin = Math.round(r.contributions * 0.02) + Math.round(prev * 0.007);
        if (r.administrationCosts !== admin) errors.push(`${at}: administrationCosts ${r.administrationCosts}, expected ${admin}`);
        if (r.total < 0 || r.guaranteed < 0) errors.push(`${at}: negative balance (total ${r.total}, guaranteed ${r.guaranteed})`);
        if (r.endDate !== null && r.stichtag.slice(0, 4) > r.endDate.slice(0, 4) && r.contributions !== 0) {
          errors.push(`${at}: contributions ${r.contributions} after the end date ${r.endDate}`);
        }
        prev = r.total;
        prevGuaranteed = r.guaranteed;
        prevPaidOut = r.paidOutTotal;
      }
      if (first.startDate < '2003-02-01') errors.push(`${label}: starts ${first.startDate}, before Abfertigung neu`);
    }
    expect(errors.slice(0, 20)).toEqual([]);
    expect(vkRows.length).toBeGreaterThan(500);
  });

  it('keeps at most the last VK account of a person active and gives the right to decide only after 36 contribution months', () => {
    const accounts = db.$client
      .prepare(
        'SELECT id, person_id AS personId, status, start_date AS startDate, end_date AS endDate, right_to_decide_since AS rtd FROM vk_accounts ORDER BY person_id, start_date',
      )
      .all() as { id: number; personId: number; status: string; startDate: string; endDate: string | null; rtd: string | null }[];
    const errors: string[] = [];
    const months = (from: string, to: string): number => (Number(to.slice(0, 4)) - Number(from.slice(0, 4))) * 12 + Number(to.slice(5, 7)) - Number(from.slice(5, 7)) + 1;
    for (const [person, list] of groupBy(accounts, (a) => String(a.personId))) {
      list.forEach((a, i) => {
        const label = `person ${person} account ${a.id}`;
        if (a.status === 'ACTIVE' && i !== list.length - 1) errors.push(`${label}: ACTIVE but not the last account`);
        if (a.status === 'ACTIVE' && (a.endDate !== null || a.rtd !== null)) errors.push(`${label}: ACTIVE with end date or right to decide`);
        if (a.status === 'DORMANT' && a.endDate === null) errors.push(`${label}: DORMANT without end date`);
        if (a.endDate !== null) {
          const contributionMonths = months(a.startDate, a.endDate);
          if ((a.rtd !== null) !== contributionMonths >= 36) errors.push(`${label}: ${contributionMonths} months but rightToDecideSince ${a.rtd}`);
          if (a.endDate >= TODAY) errors.push(`${label}: end date ${a.endDate} not before today`);
        }
        const next = list[i + 1];
        if (next && (a.endDate === null || next.startDate <= a.endDate)) errors.push(`${label}: overlaps the next account`);
      });
    }
    expect(errors.slice(0, 20)).toEqual([]);
  });
});
