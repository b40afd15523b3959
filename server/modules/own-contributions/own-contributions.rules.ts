import type { MandateRow } from '../../../db/schema';
import { addMonths } from '@contract/dates';
import { isValidMandateReference, type MandateType } from '@contract/own-contributions';

/**
 * Pure rules of own-contribution mandates (decision 0016): the debit dates a mandate produces, which
 * existing mandate blocks a new one, and the mandate reference. Dates are ISO strings.
 */

/** The debit dates of `m` from `from` to `to` (inclusive): a monthly mandate every month on the start day (clipped to the month's end) until its end date, a one-off on its start date. */
export function debitDates(m: Pick<MandateRow, 'type' | 'startDate' | 'endDate'>, from: string, to: string): string[] {
  const last = m.endDate && m.endDate < to ? m.endDate : to;
  if (m.type === 'ONE_OFF') return m.startDate >= from && m.startDate <= last ? [m.startDate] : [];
  const out: string[] = [];
  for (let n = 0; n < 1200; n++) {
    const d = addMonths(m.startDate, n);
    if (d > last) break;
    if (d >= from) out.push(d);
  }
  return out;
}

/** Whether a mandate is still running on `date`: ACTIVE and (monthly) not ended before it. */
function runningOn(m: MandateRow, date: string): boolean {
  if (m.status !== 'ACTIVE') return false;
  return m.type === 'MONTHLY' ? m.endDate === null || m.endDate >= date : m.startDate === date;
}

/** Why a new mandate is refused because of the person's existing ones. */
export type MandateConflict = 'MONTHLY_EXISTS' | 'OVERLAP';

/**
 * The conflict of a new mandate with the person's `existing` ones (spec 001 sections 4 and 5), or null:
 * - MONTHLY_EXISTS: a new monthly mandate while a monthly one runs without an end date;
 * - OVERLAP: a new monthly mandate starting on or before the end date of a running (cancelled-at-a-date) monthly one,
 *   or a new one-off on a day another running mandate already debits (a one-off that day or a monthly debit date).
 */
export function mandateConflict(existing: MandateRow[], next: { type: MandateType; startDate: string }, excludeId?: number): MandateConflict | null {
  const others = existing.filter((m) => m.id !== excludeId && m.status === 'ACTIVE');
  if (next.type === 'MONTHLY') {
    if (others.some((m) => m.type === 'MONTHLY' && m.endDate === null)) return 'MONTHLY_EXISTS';
    if (others.some((m) => m.type === 'MONTHLY' && m.endDate !== null && m.endDate >= next.startDate)) return 'OVERLAP';
    return null;
  }
  const sameDay = others.some((m) => runningOn(m, next.startDate) && debitDates(m, next.startDate, next.startDate).length > 0);
  return sameDay ? 'OVERLAP' : null;
}

/**
 * A mandate reference (≤ 35 characters of the SEPA set): `EB-` + the contract number's letters and digits (at most
 * 16) + `-` + the signing date YYYYMMDD + `-` + 5 random characters of A–Z and 0–9. The store checks uniqueness;
 * the caller draws again on a clash.
 */
export function mandateReference(contractNumber: string, signedOn: string, random: () => number = Math.random): string {
  const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789';
  let tail = '';
  for (let i = 0; i < 5; i++) tail += alphabet[Math.floor(random() * alphabet.length)];
  const ref = `EB-${contractNumber.replace(/[^A-Za-z0-9]/g, '').slice(0, 16)}-${signedOn.replace(/-/g, '')}-${tail}`;
  if (!isValidMandateReference(ref)) throw new Error(`mandate reference ${ref} is not valid`);
  return ref;
}

/** The date 36 months before `date`: a mandate whose last collection (or signing) is before it lapses. */
export function lapseBefore(date: string, months: number): string {
  return addMonths(date, -months);
}
