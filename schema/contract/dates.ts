/**
 * ISO calendar dates (`YYYY-MM-DD`), the one form every date takes between web, server and database (spec 000
 * section 5 "Date", ARCHITECTURE.md "Money and dates"). Pure integer arithmetic on UTC dates; no clock is read here
 * except in `isoDateVienna`, which takes the instant as an argument.
 */

const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

/** Parses an ISO date into `{ y, m (1-12), d }`; the caller has checked the form (`isIsoDate`). */
export function parseIsoDate(iso: string): { y: number; m: number; d: number } {
  const [y, m, d] = iso.split('-').map(Number) as [number, number, number];
  return { y, m, d };
}

const pad = (n: number) => String(n).padStart(2, '0');

/** ISO date of y, m (1-12, may overflow), d (may overflow): `isoOf(2026, 13, 1)` → `2027-01-01`. */
export function isoOf(y: number, m: number, d: number): string {
  const date = new Date(Date.UTC(y, m - 1, d));
  return `${date.getUTCFullYear()}-${pad(date.getUTCMonth() + 1)}-${pad(date.getUTCDate())}`;
}

/**
 * Whether `value` is a string `YYYY-MM-DD` naming a day that exists in the calendar (leap years included), for
 * example `2024-02-29` but not `2023-02-29`. Callers add their own year range where the spec sets one.
 */
export function isIsoDate(value: unknown): value is string {
  if (typeof value !== 'string') return false;
  const match = ISO_DATE.exec(value);
  if (!match) return false;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  if (month < 1 || month > 12 || day < 1) return false;
  return day <= new Date(Date.UTC(year, month, 0)).getUTCDate();
}

/** The first day of the month after `iso` (2026-11-23 → 2026-12-01; 2026-12-01 → 2027-01-01). */
export function firstOfNextMonth(iso: string): string {
  const { y, m } = parseIsoDate(iso);
  return isoOf(y, m + 1, 1);
}

/** Whole months from `from` to `to` (day of month counted: 2026-01-15 → 2026-03-14 is 1). Negative when `to` is earlier. */
export function monthsBetween(from: string, to: string): number {
  const a = parseIsoDate(from);
  const b = parseIsoDate(to);
  let months = (b.y - a.y) * 12 + (b.m - a.m);
  if (b.d < a.d) months -= 1;
  return months;
}

/** `iso` plus `months` months (may be negative; day of month kept, clipped to the month's end: 01-31 + 1 → 02-28/29). */
export function addMonths(iso: string, months: number): string {
  const { y, m, d } = parseIsoDate(iso);
  const last = new Date(Date.UTC(y, m - 1 + months + 1, 0)).getUTCDate();
  return isoOf(y, m + months, Math.min(d, last));
}

/** `iso` plus `days` days (may be negative). */
export function addDays(iso: string, days: number): string {
  const { y, m, d } = parseIsoDate(iso);
  return isoOf(y, m, d + days);
}

/**
 * Built once, on the first call: constructing an Intl.DateTimeFormat costs far more than formatting with it (it showed
 * in the bench), and the first one with a time zone loads the zone data. Not at module load: this module is in the web
 * app's entry chunk, where building it took about 13 ms of the first load's script (55 ms under Lighthouse's 4× slower
 * CPU) on every page, for screens that rarely need it.
 */
let viennaDate: Intl.DateTimeFormat | undefined;

/** ISO calendar date (`YYYY-MM-DD`) of an instant in milliseconds since the epoch, in Vienna's time zone. */
export function isoDateVienna(ms: number): string {
  viennaDate ??= new Intl.DateTimeFormat('sv-SE', { timeZone: 'Europe/Vienna' });
  return viennaDate.format(new Date(ms));
}
