/**
 * How the portal shows numbers and dates to members, on screen and in PDF documents alike (spec 000 section 9,
 * ARCHITECTURE.md "Money and dates"): amounts as `1.234,56 €` with the euro sign after the amount, dates as
 * `31.12.2024`, percentages as `5,23 %`. `Intl` with `de-AT` would put the euro sign first, so money is formatted by
 * hand, on integers only, so that no floating-point rounding can creep in.
 */
import { isIsoDate } from './dates';

/** No-break space between a number and its sign on screen, so the two never wrap apart. */
export const NBSP = '\u00A0';

/** Groups the digits of a non-negative integer string by thousands with `.`: `1234567` → `1.234.567`. */
function groupThousands(digits: string): string {
  return digits.replace(/\B(?=(\d{3})+(?!\d))/g, '.');
}

/** Integer hundredths as `1.234,56` (negative with a leading minus). */
function hundredths(value: number): string {
  const sign = value < 0 ? '-' : '';
  const abs = Math.abs(value);
  return `${sign}${groupThousands(String(Math.floor(abs / 100)))},${String(abs % 100).padStart(2, '0')}`;
}

/**
 * Formats integer euro cents as `1.234,56 €` (negative: `-1.234,56 €`).
 * @param space between the amount and `€`: a no-break space on screen (the default); PDF documents pass a plain
 *   space `' '` so that text extraction finds the same string a member would type.
 * @throws RangeError when `cents` is not a safe integer (the `Money` scalar never is).
 */
export function formatMoney(cents: number, space: string = NBSP): string {
  if (!Number.isSafeInteger(cents)) throw new RangeError(`formatMoney expects integer cents, got ${cents}`);
  return `${hundredths(cents)}${space}€`;
}

/**
 * Formats an ISO date `YYYY-MM-DD` as `DD.MM.YYYY` (`2024-12-31` → `31.12.2024`).
 * @throws RangeError when `iso` is not such a date.
 */
export function formatDate(iso: string): string {
  if (!isIsoDate(iso)) throw new RangeError(`formatDate expects YYYY-MM-DD, got ${iso}`);
  const [year, month, day] = iso.split('-');
  return `${day}.${month}.${year}`;
}

/**
 * Formats a percentage in German notation: `2.5` → `2,50 %`.
 * @param fractionDigits digits after the comma. @default 2
 * @param space between the number and `%`, as for `formatMoney`. @default no-break space
 */
export function formatPercent(value: number, fractionDigits = 2, space: string = NBSP): string {
  const number = new Intl.NumberFormat('de-DE', {
    minimumFractionDigits: fractionDigits,
    maximumFractionDigits: fractionDigits,
  }).format(value);
  return `${number}${space}%`;
}

/**
 * Basis points (1 bp = 0.01 percentage points) as a German percentage with two decimals and a plain space (PDF
 * texts): `523` → `5,23 %`, `-1200` → `-12,00 %`, `70` → `0,70 %`.
 * @throws RangeError when `bp` is not a safe integer.
 */
export function formatPercentBp(bp: number): string {
  return `${formatPercentNumberBp(bp)} %`;
}

/** Like `formatPercentBp` without the percent sign: `523` → `5,23`. @throws RangeError for a non-integer. */
export function formatPercentNumberBp(bp: number): string {
  if (!Number.isSafeInteger(bp)) throw new RangeError(`formatPercentBp expects integer basis points, got ${bp}`);
  return hundredths(bp);
}

/**
 * Formats an instant (ISO 8601, e.g. `2026-11-23T14:05:00.000Z`) as the reader's local time `14:05`, with the
 * date `23.11.2026, 14:05` when the instant falls on another local day than `now`.
 * @throws RangeError when `iso` is not a valid instant.
 */
export function formatLocalTime(iso: string, now: Date = new Date()): string {
  const at = localInstant(iso);
  const sameDay = at.getFullYear() === now.getFullYear() && at.getMonth() === now.getMonth() && at.getDate() === now.getDate();
  return sameDay ? timeOf(at) : `${dateOf(at)}, ${timeOf(at)}`;
}

const two = (n: number) => String(n).padStart(2, '0');
const timeOf = (at: Date) => `${two(at.getHours())}:${two(at.getMinutes())}`;
const dateOf = (at: Date) => `${two(at.getDate())}.${two(at.getMonth() + 1)}.${at.getFullYear()}`;

function localInstant(iso: string): Date {
  const at = new Date(iso);
  if (Number.isNaN(at.getTime())) throw new RangeError(`expected an ISO instant, got ${iso}`);
  return at;
}

/**
 * Formats an instant (ISO 8601) as the reader's local date and time, always with the date: `23.11.2026, 14:05`. For
 * what is dated, as a message: one sent today shows its date too, so it is never a bare time.
 * @throws RangeError when `iso` is not a valid instant.
 */
export function formatLocalDateTime(iso: string): string {
  const at = localInstant(iso);
  return `${dateOf(at)}, ${timeOf(at)}`;
}

/** `formatMoney` with a plain space before `€`, as PDF documents print it (`1.234,56 €`). @throws RangeError as there. */
export function formatEuro(cents: number): string {
  return formatMoney(cents, ' ');
}
