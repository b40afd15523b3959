/** The seeded capital market shared by all members of a VRG and by all VK accounts, and the salary paths of the members. */
import { hashSeed, Rng } from './random';
import { monthIndex } from './calendar';

// ---------------------------------------------------------------------------------------------------------------
// Capital market (seeded; shared by all members of a VRG and by all VK accounts)
// ---------------------------------------------------------------------------------------------------------------

/** A Veranlagungs- und Risikogemeinschaft of the seeded Pensionskasse. */
export interface VrgDefinition {
  number: number;
  name: string;
  /** Target equity share in percent (15..60). */
  equityTargetPercent: number;
}

/** The eight VRGs of the seeded Pensionskasse. */
export const VRGS: readonly VrgDefinition[] = [
  { number: 1, name: 'VRG 1 – Klassisch', equityTargetPercent: 30 },
  { number: 2, name: 'VRG 2 – Sicherheit', equityTargetPercent: 15 },
  { number: 3, name: 'VRG 3 – Ausgewogen', equityTargetPercent: 40 },
  { number: 4, name: 'VRG 4 – Wachstum', equityTargetPercent: 50 },
  { number: 5, name: 'VRG 5 – Dynamik', equityTargetPercent: 60 },
  { number: 6, name: 'VRG 6 – Nachhaltig', equityTargetPercent: 35 },
  { number: 7, name: 'VRG 7 – Konservativ', equityTargetPercent: 20 },
  { number: 8, name: 'VRG 8 – Aktien Global', equityTargetPercent: 55 },
];

/** Yearly returns and reserve shares of the seeded market. Fractions (0.05 = 5 %), rounded to basis points. */
export interface Market {
  /** Net return of a VRG in a calendar year, −0.12..+0.14; equal for all members of the VRG. */
  pkReturn(vrg: number, year: number): number;
  /** Fluctuation reserve as a share of a member's capital at the year end, −0.04..+0.10; negative after bad years. */
  pkFluctuationShare(vrg: number, year: number): number;
  /** Net return of the Vorsorgekasse in a calendar year, −0.05..+0.08; equal for all VK accounts. */
  vkReturn(year: number): number;
}

const clamp = (value: number, min: number, max: number): number => Math.min(max, Math.max(min, value));
const toBp = (fraction: number): number => Math.round(fraction * 10_000) / 10_000;

/** Years with fixed market moves (financial crisis 2008, rate shock 2022), so the history looks familiar. */
const CRISIS_YEARS: ReadonlyMap<number, { equity: number; bonds: number }> = new Map([
  [2008, { equity: -0.4, bonds: 0.03 }],
  [2022, { equity: -0.17, bonds: -0.12 }],
]);

/** First year of the fluctuation-reserve path of each VRG. */
const FLUCTUATION_BASE_YEAR = 1990;

/**
 * The capital market of a seed: per year one equity and one bond return (shared by everyone), per VRG a
 * mix by its equity share plus a little VRG-specific noise. Values are memoised.
 */
export function createMarket(seed: number, vrgs: readonly VrgDefinition[] = VRGS): Market {
  const factors = new Map<number, { equity: number; bonds: number }>();
  const pk = new Map<string, number>();
  const share = new Map<string, number>();
  const vk = new Map<number, number>();
  const equityShare = new Map(vrgs.map((v) => [v.number, v.equityTargetPercent / 100]));

  const factor = (year: number): { equity: number; bonds: number } => {
    let f = factors.get(year);
    if (!f) {
      const rng = new Rng(hashSeed(seed, 'market', year));
      f = CRISIS_YEARS.get(year) ?? {
        equity: rng.normalClamped(0.07, 0.15, -0.3, 0.35),
        bonds: rng.normalClamped(0.025, 0.03, -0.06, 0.09),
      };
      factors.set(year, f);
    }
    return f;
  };

  const pkReturn = (vrg: number, year: number): number => {
    const key = `${vrg}:${year}`;
    let r = pk.get(key);
    if (r === undefined) {
      const w = equityShare.get(vrg) ?? 0.3;
      const f = factor(year);
      const noise = new Rng(hashSeed(seed, 'vrg', vrg, year)).normalClamped(0, 0.006, -0.015, 0.015);
      r = toBp(clamp(w * f.equity + (1 - w) * f.bonds + noise - 0.004, -0.12, 0.14));
      pk.set(key, r);
    }
    return r;
  };

  const pkFluctuationShare = (vrg: number, year: number): number => {
    const key = `${vrg}:${year}`;
    const known = share.get(key);
    if (known !== undefined) return known;
    // A buffer that fills in good years, drains in bad ones and drifts back towards 5 %:
    // s(y) = clamp(0.75 × s(y-1) + 0.25 × 5 % + (return − 3.5 %) × 0.5, −4 %, +10 %).
    let s = 0.05;
    for (let y = FLUCTUATION_BASE_YEAR; y <= year; y++) {
      const k = `${vrg}:${y}`;
      const cached = share.get(k);
      if (cached !== undefined) {
        s = cached;
        continue;
      }
      s = toBp(clamp(0.75 * s + 0.25 * 0.05 + (pkReturn(vrg, y) - 0.035) * 0.5, -0.04, 0.1));
      share.set(k, s);
    }
    return year < FLUCTUATION_BASE_YEAR ? 0.05 : s;
  };

  const vkReturn = (year: number): number => {
    let r = vk.get(year);
    if (r === undefined) {
      const f = factor(year);
      const noise = new Rng(hashSeed(seed, 'vk', year)).normalClamped(0, 0.004, -0.01, 0.01);
      r = toBp(clamp(0.2 * f.equity + 0.8 * f.bonds + noise - 0.003, -0.05, 0.08));
      vk.set(year, r);
    }
    return r;
  };

  return { pkReturn, pkFluctuationShare, vkReturn };
}

// ---------------------------------------------------------------------------------------------------------------
// Salaries
// ---------------------------------------------------------------------------------------------------------------

/** A person's gross monthly salary over time: `baseMonthlyCents` in `baseYear`, growing by `growthBp` a year. */
export interface SalaryPath {
  baseYear: number;
  /** Gross monthly salary in cents in the base year (one of the 14 yearly payments). */
  baseMonthlyCents: number;
  /** Yearly growth in basis points (150 = 1.5 %). */
  growthBp: number;
}

/** Gross monthly salary in cents in `year` (rounded to whole cents). */
export function monthlySalaryCents(path: SalaryPath, year: number): number {
  return Math.round(path.baseMonthlyCents * (1 + path.growthBp / 10_000) ** (year - path.baseYear));
}

/**
 * Gross pay in cents including the special payments (13th and 14th salary) for `months` months of `year`:
 * monthly salary × months × 14 / 12, rounded.
 */
export function grossPayCents(path: SalaryPath, year: number, months: number): number {
  return Math.round((monthlySalaryCents(path, year) * months * 14) / 12);
}

/** Number of months of [from, to] (month indexes, inclusive; `to` null = open) that fall into `year`. */
export function monthsInYear(year: number, from: number, to: number | null): number {
  const start = Math.max(from, monthIndex(year, 1));
  const end = Math.min(to ?? Number.MAX_SAFE_INTEGER, monthIndex(year, 12));
  return end >= start ? end - start + 1 : 0;
}
