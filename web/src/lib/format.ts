/**
 * Formats of the web app (spec 000 section 9, ARCHITECTURE.md "Money and dates"): amounts as `1.234,56 €` with the
 * euro sign after the amount, dates as `31.12.2024`. `Intl` with `de-AT` would put the euro sign first, so money is
 * formatted here by hand, on integers only, so that no floating-point rounding can creep in.
 */

/** No-break space between the amount and the euro sign, so the two never wrap apart. */
const NBSP = '\u00A0';

function groupThousands(digits: string): string {
  return digits.replace(/\B(?=(\d{3})+(?!\d))/g, '.');
}

/**
 * Formats integer euro cents as `1.234,56 €` (negative: `-1.234,56 €`).
 * @throws RangeError when `cents` is not a safe integer (the `Money` scalar never is).
 */
export function formatMoney(cents: number): string {
  if (!Number.isSafeInteger(cents)) throw new RangeError(`formatMoney expects integer cents, got ${cents}`);
  const abs = Math.abs(cents);
  const euros = Math.floor(abs / 100);
  const rest = abs % 100;
  const sign = cents < 0 ? '-' : '';
  return `${sign}${groupThousands(String(euros))},${String(rest).padStart(2, '0')}${NBSP}€`;
}

const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

/** Whether `value` is an ISO date `YYYY-MM-DD` that exists in the calendar (leap years included). */
export function isIsoDate(value: string): boolean {
  const match = ISO_DATE.exec(value);
  if (!match) return false;
  const [, year, month, day] = match.map(Number) as [number, number, number, number];
  const date = new Date(Date.UTC(year, month - 1, day));
  return date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
}

/**
 * Formats an ISO date `YYYY-MM-DD` as `DD.MM.YYYY`.
 * @throws RangeError when `iso` is not such a date.
 */
export function formatDate(iso: string): string {
  if (!isIsoDate(iso)) throw new RangeError(`formatDate expects YYYY-MM-DD, got ${iso}`);
  const [year, month, day] = iso.split('-');
  return `${day}.${month}.${year}`;
}

/**
 * Formats a percentage in German notation with a no-break space before the sign: `2.5` → `2,50 %`.
 * @param fractionDigits digits after the comma. @default 2
 */
export function formatPercent(value: number, fractionDigits = 2): string {
  const number = new Intl.NumberFormat('de-DE', {
    minimumFractionDigits: fractionDigits,
    maximumFractionDigits: fractionDigits,
  }).format(value);
  return `${number}${NBSP}%`;
}

/**
 * Formats an instant (ISO 8601, e.g. `2026-11-23T14:05:00.000Z`) as the browser's local time `14:05`, with the
 * date `23.11.2026, 14:05` when the instant falls on another local day than `now`.
 * @throws RangeError when `iso` is not a valid instant.
 */
export function formatLocalTime(iso: string, now: Date = new Date()): string {
  const at = new Date(iso);
  if (Number.isNaN(at.getTime())) throw new RangeError(`formatLocalTime expects an ISO instant, got ${iso}`);
  const two = (n: number) => String(n).padStart(2, '0');
  const time = `${two(at.getHours())}:${two(at.getMinutes())}`;
  const sameDay = at.getFullYear() === now.getFullYear() && at.getMonth() === now.getMonth() && at.getDate() === now.getDate();
  return sameDay ? time : `${two(at.getDate())}.${two(at.getMonth() + 1)}.${at.getFullYear()}, ${time}`;
}
