/**
 * Pure rules of the investment information (spec 001 section 2 "Investment": pension fund overview per VRG, report,
 * severance fund). Rates are stored in basis points (bp, 1 bp = 0.01 %) and answered in percent.
 */
import { ASSET_CLASSES, type VrgAllocationRow } from '../../../db/schema';

/** Largest number of years `annualisedReturnPercent` accepts. */
export const MAX_RETURN_YEARS = 50;

/** Basis points as percent: `523` → `5.23`, `-1200` → `-12`, `70` → `0.7`. */
export function bpToPercent(bp: number): number {
  return bp / 100;
}

/** The latest year of year-keyed rows, or null when there are none. */
export function latestYear(rows: readonly { year: number }[]): number | null {
  let latest: number | null = null;
  for (const r of rows) if (latest === null || r.year > latest) latest = r.year;
  return latest;
}

/**
 * The allocation of one year (the latest when `year` is null/undefined), one row per asset class in the order of
 * ASSET_CLASSES; [] when that year has none.
 */
export function allocationOfYear<R extends Pick<VrgAllocationRow, 'year' | 'assetClass'>>(rows: readonly R[], year?: number | null): R[] {
  const y = year ?? latestYear(rows);
  if (y === null) return [];
  return rows.filter((r) => r.year === y).sort((a, b) => ASSET_CLASSES.indexOf(a.assetClass) - ASSET_CLASSES.indexOf(b.assetClass));
}

/** The row of `year`, or the latest when `year` is null/undefined; null when there is none. */
export function rowOfYear<R extends { year: number }>(rows: readonly R[], year?: number | null): R | null {
  const y = year ?? latestYear(rows);
  return y === null ? null : (rows.find((r) => r.year === y) ?? null);
}

/**
 * Annualised (geometric mean) return of the last `years` calendar years of `rows` (yearly returns in bp), in percent
 * per year rounded to two decimals: ((1 + r1) × … × (1 + rn))^(1/n) − 1. Null when `years` is not an integer in
 * 1..MAX_RETURN_YEARS or fewer than `years` consecutive years up to the latest are known.
 */
export function annualisedReturnPercent(rows: readonly { year: number; returnBp: number }[], years: number): number | null {
  if (!Number.isInteger(years) || years < 1 || years > MAX_RETURN_YEARS) return null;
  const last = latestYear(rows);
  if (last === null) return null;
  let growth = 1;
  for (let y = last - years + 1; y <= last; y++) {
    const row = rows.find((r) => r.year === y);
    if (!row) return null;
    growth *= 1 + row.returnBp / 10_000;
  }
  return Math.round((growth ** (1 / years) - 1) * 10_000) / 100;
}

/** True when the person holds a pension contract in VRG `vrg`: only then may they see its investment information. */
export function belongsToVrg(contracts: readonly { vrg: number }[], vrg: number): boolean {
  return contracts.some((c) => c.vrg === vrg);
}
