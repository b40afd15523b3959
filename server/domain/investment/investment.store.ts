import { asc, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../../db/client';
import {
  vkInvestmentResults,
  vrgAllocations,
  vrgPerformance,
  vrgReports,
  type VkInvestmentResultRow,
  type VrgAllocationRow,
  type VrgPerformanceRow,
  type VrgReportRow,
} from '../../../db/schema';

/** Batches up to this size run the prepared single-key statement per key instead of one `IN (…)` query. */
const LOOP_BATCH_MAX = 8;

/** Rows grouped by VRG number, in the order of `keys` (DataLoader's contract). */
function byVrg<R extends { vrg: number }>(keys: readonly number[], rows: R[]): R[][] {
  const map = new Map<number, R[]>();
  for (const row of rows) {
    const list = map.get(row.vrg);
    if (list) list.push(row);
    else map.set(row.vrg, [row]);
  }
  return keys.map((k) => map.get(k) ?? []);
}

/**
 * Queries of the investment information (spec 001 section 2 "Investment"): VRG performance, allocation and reports
 * per VRG number, and the Vorsorgekasse's yearly results. The figures are the fund's, not a member's, so the queries
 * take no person id; the service decides who may see which VRG. All lists are oldest year first.
 */
export function createInvestmentStore(db: Db) {
  const performanceOne = db.select().from(vrgPerformance).where(eq(vrgPerformance.vrg, sql.placeholder('k'))).orderBy(asc(vrgPerformance.year)).prepare();
  const allocationsOne = db.select().from(vrgAllocations).where(eq(vrgAllocations.vrg, sql.placeholder('k'))).orderBy(asc(vrgAllocations.year)).prepare();
  const reportsOne = db.select().from(vrgReports).where(eq(vrgReports.vrg, sql.placeholder('k'))).orderBy(asc(vrgReports.year)).prepare();
  const vkAll = db.select().from(vkInvestmentResults).orderBy(asc(vkInvestmentResults.year)).prepare();

  return {
    /** Yearly performance per VRG number, oldest first. */
    performanceByVrg(vrgs: readonly number[]): VrgPerformanceRow[][] {
      if (vrgs.length <= LOOP_BATCH_MAX) return vrgs.map((k) => performanceOne.all({ k }));
      return byVrg(vrgs, db.select().from(vrgPerformance).where(inArray(vrgPerformance.vrg, [...vrgs])).orderBy(asc(vrgPerformance.year)).all());
    },
    /** Asset allocation rows per VRG number, oldest year first. */
    allocationsByVrg(vrgs: readonly number[]): VrgAllocationRow[][] {
      if (vrgs.length <= LOOP_BATCH_MAX) return vrgs.map((k) => allocationsOne.all({ k }));
      return byVrg(vrgs, db.select().from(vrgAllocations).where(inArray(vrgAllocations.vrg, [...vrgs])).orderBy(asc(vrgAllocations.year)).all());
    },
    /** Yearly reports per VRG number, oldest first. */
    reportsByVrg(vrgs: readonly number[]): VrgReportRow[][] {
      if (vrgs.length <= LOOP_BATCH_MAX) return vrgs.map((k) => reportsOne.all({ k }));
      return byVrg(vrgs, db.select().from(vrgReports).where(inArray(vrgReports.vrg, [...vrgs])).orderBy(asc(vrgReports.year)).all());
    },
    /** The Vorsorgekasse's yearly results, oldest first; the same list for every key (one fund). */
    vkResults(keys: readonly number[]): VkInvestmentResultRow[][] {
      const rows = vkAll.all();
      return keys.map(() => rows);
    },
  };
}

export type InvestmentStore = ReturnType<typeof createInvestmentStore>;
