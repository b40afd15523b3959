import { asc, inArray } from 'drizzle-orm';
import type { Db } from '../../../db/client';
import { groupBy } from '../../../db/prepared';
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

/** Rows grouped by VRG number, in the order of `keys` (DataLoader's contract). */
const byVrg = <R extends { vrg: number }>(keys: readonly number[], rows: R[]): R[][] => groupBy(keys, rows, (row) => row.vrg);

/**
 * Queries of the investment information (spec 001 section 2 "Investment"): VRG performance, allocation and reports
 * per VRG number, and the Vorsorgekasse's yearly results. The figures are the fund's, not a member's, so the queries
 * take no person id; the service decides who may see which VRG. All lists are oldest year first.
 */
export function createInvestmentStore(db: Db) {
  return {
    /** Yearly performance per VRG number, oldest first. */
    async performanceByVrg(vrgs: readonly number[]): Promise<VrgPerformanceRow[][]> {
      return byVrg(
        vrgs,
        await db
          .select()
          .from(vrgPerformance)
          .where(inArray(vrgPerformance.vrg, [...vrgs]))
          .orderBy(asc(vrgPerformance.year)),
      );
    },
    /** Asset allocation rows per VRG number, oldest year first. */
    async allocationsByVrg(vrgs: readonly number[]): Promise<VrgAllocationRow[][]> {
      return byVrg(
        vrgs,
        await db
          .select()
          .from(vrgAllocations)
          .where(inArray(vrgAllocations.vrg, [...vrgs]))
          .orderBy(asc(vrgAllocations.year), asc(vrgAllocations.assetClass)),
      );
    },
    /** Yearly reports per VRG number, oldest first. */
    async reportsByVrg(vrgs: readonly number[]): Promise<VrgReportRow[][]> {
      return byVrg(
        vrgs,
        await db
          .select()
          .from(vrgReports)
          .where(inArray(vrgReports.vrg, [...vrgs]))
          .orderBy(asc(vrgReports.year)),
      );
    },
    /** The Vorsorgekasse's yearly results, oldest first; the same list for every key (one fund). */
    async vkResults(keys: readonly number[]): Promise<VkInvestmentResultRow[][]> {
      const rows = await db.select().from(vkInvestmentResults).orderBy(asc(vkInvestmentResults.year));
      return keys.map(() => rows);
    },
  };
}

export type InvestmentStore = ReturnType<typeof createInvestmentStore>;
