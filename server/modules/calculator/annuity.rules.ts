/**
 * The annuity factor of the pension calculator (spec 001 section 9; decision 0017): what a capital buys as a lifelong
 * pension paid 14 times a year. Pure: no I/O; rates in basis points, ages in whole years or months.
 *
 * - **Annuity factor ä14(x, i)** per 1 EUR of yearly pension: the present value at age x of 12 monthly payments of
 *   1/14 at the start of each month and 2 special payments of 1/14 with the 4th and 10th monthly payment of each
 *   pension year, as long as the person lives: ä14 = 1/14 Σ_k v^k · kp_x · Σ_payments v^(t) · (1 − t · q_(x+k)),
 *   v = 1/(1+i), t the payment's time in the year (0, 1/12, …, 11/12; 3/12 and 9/12 for the special payments);
 *   within a year deaths are spread evenly (uniform distribution of deaths). Survival from the public life table
 *   (./life-table-at-2010-12.json, Statistik Austria 2010/2012), not the fund's licensed AVÖ table (DOMAIN.md).
 *   A fractional age interpolates linearly between the whole ages.
 */
import type { Gender } from '@contract/calculator';
import lifeTableData from './life-table-at-2010-12.json';

/** Payments of a pension per year (spec 001 section 9). */
export const PAYMENTS_PER_YEAR = 14;

/** The public life table shipped with the calculator (source and year in the JSON). */
export interface LifeTable {
  name: string;
  source: string;
  year: string;
  firstAge: number;
  male: number[];
  female: number[];
}
export const LIFE_TABLE: LifeTable = lifeTableData;

/** Death probability q(x) of the table for `gender` at whole age `age` (DIVERSE: the mean of both); 1 beyond the table. */
export function deathProbability(table: LifeTable, gender: Gender, age: number): number {
  const i = age - table.firstAge;
  const pick = (qs: number[]) => (i < 0 ? qs[0]! : i >= qs.length ? 1 : qs[i]!);
  if (gender === 'MALE') return pick(table.male);
  if (gender === 'FEMALE') return pick(table.female);
  return (pick(table.male) + pick(table.female)) / 2;
}

/** Times within a pension year of its 14 payments: 12 monthly, plus the special payments with the 4th and 10th. */
const PAYMENT_TIMES = [...Array.from({ length: 12 }, (_, m) => m / 12), 3 / 12, 9 / 12];

/**
 * Annuity factor ä14 at whole age `age` and calculation interest `rateBp`: present value of a lifelong pension of
 * 1 per year paid in 14 equal parts (formula in this module's comment). Unit: years of pension.
 */
export function annuityFactor14(table: LifeTable, gender: Gender, age: number, rateBp: number): number {
  const v = 1 / (1 + rateBp / 10_000);
  let survival = 1;
  let sum = 0;
  for (let k = 0; survival > 0 && age + k <= 130; k++) {
    const q = deathProbability(table, gender, age + k);
    let year = 0;
    for (const t of PAYMENT_TIMES) year += Math.pow(v, t) * (1 - t * q);
    sum += Math.pow(v, k) * survival * year;
    survival *= 1 - q;
  }
  return sum / PAYMENTS_PER_YEAR;
}

/** ä14 at an age in months: linear between the whole ages around it. */
export function annuityFactorAtMonths(table: LifeTable, gender: Gender, ageMonths: number, rateBp: number): number {
  const whole = Math.floor(ageMonths / 12);
  const f = (ageMonths - whole * 12) / 12;
  const a = annuityFactor14(table, gender, whole, rateBp);
  return f === 0 ? a : a + (annuityFactor14(table, gender, whole + 1, rateBp) - a) * f;
}
