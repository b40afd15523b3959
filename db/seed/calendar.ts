/** Calendar helpers of the seed generator (month indexes: year * 12 + month - 1) and the statutory pension start. */
import type { Rng } from './random';

// ---------------------------------------------------------------------------------------------------------------
// Calendar (month indexes: year * 12 + month - 1, so January 2020 = 24240)
// ---------------------------------------------------------------------------------------------------------------

/** Month index of a year and a month (1-12): `year * 12 + month - 1`. */
export function monthIndex(year: number, month: number): number {
  return year * 12 + month - 1;
}

/** Month index of an ISO date `YYYY-MM-DD` (or `YYYY-MM`). */
export function monthIndexOf(date: string): number {
  return monthIndex(Number(date.slice(0, 4)), Number(date.slice(5, 7)));
}

/** Calendar year of a month index. */
export function yearOf(month: number): number {
  return Math.floor(month / 12);
}

const pad2 = (n: number): string => String(n).padStart(2, '0');

/** Number of days of a month (1-12) in a year, Gregorian. */
export function daysInMonth(year: number, month: number): number {
  return new Date(Date.UTC(year, month, 0)).getUTCDate();
}

/** First day of the month with index `month`, as `YYYY-MM-01`. */
export function firstDayOfMonth(month: number): string {
  return `${yearOf(month)}-${pad2((month % 12) + 1)}-01`;
}

/** Last day of the month with index `month`, as `YYYY-MM-DD`. */
export function lastDayOfMonth(month: number): string {
  const y = yearOf(month);
  const m = (month % 12) + 1;
  return `${y}-${pad2(m)}-${pad2(daysInMonth(y, m))}`;
}

/** ISO date `days` days after (or before, when negative) the ISO date `date`. */
export function addDays(date: string, days: number): string {
  const ms = Date.UTC(Number(date.slice(0, 4)), Number(date.slice(5, 7)) - 1, Number(date.slice(8, 10)));
  return new Date(ms + days * 86_400_000).toISOString().slice(0, 10);
}

/** Days from ISO date `from` to ISO date `to` (negative when `to` is earlier). */
export function daysBetween(from: string, to: string): number {
  const a = Date.UTC(Number(from.slice(0, 4)), Number(from.slice(5, 7)) - 1, Number(from.slice(8, 10)));
  const b = Date.UTC(Number(to.slice(0, 4)), Number(to.slice(5, 7)) - 1, Number(to.slice(8, 10)));
  return Math.round((b - a) / 86_400_000);
}

/** A uniformly drawn ISO date in [from, to] (both ISO dates, inclusive). */
export function randomDate(rng: Rng, from: string, to: string): string {
  const span = daysBetween(from, to);
  return addDays(from, span <= 0 ? 0 : rng.int(0, span));
}

/**
 * Start of the statutory old-age pension (first day of the month after the age is reached), DOMAIN.md
 * "Statutory age": men 65; women 60 when born before 1964, then +6 months per half-year of birth up to 65 for
 * women born after 30 June 1968. DIVERSE is treated like MALE (65).
 */
export function statutoryPensionStart(birthDate: string, gender: Gender): string {
  const by = Number(birthDate.slice(0, 4));
  const bm = Number(birthDate.slice(5, 7));
  let ageMonths = 65 * 12;
  if (gender === 'FEMALE') {
    if (by < 1964) ageMonths = 60 * 12;
    else {
      const halfYearsAfter1963 = (by - 1964) * 2 + (bm <= 6 ? 1 : 2);
      ageMonths = Math.min(65 * 12, 60 * 12 + 6 * halfYearsAfter1963);
    }
  }
  // The age is reached in the birth month `ageMonths` later; the pension starts on the first of the next month.
  return firstDayOfMonth(monthIndex(by, bm) + ageMonths + 1);
}

export type Gender = 'MALE' | 'FEMALE' | 'DIVERSE';
