import { isoDateVienna } from '@contract/dates';
import Holidays from 'date-holidays';

/**
 * Austrian public holidays from the maintained `date-holidays` data (country AT, nationwide, type `public` only:
 * the 13 days of DOMAIN.md "Calendar"; Christmas Eve, New Year's Eve and Good Friday are no public holidays).
 */
const austria = new Holidays('AT');
const holidayCache = new Map<number, ReadonlySet<string>>();

/** The ISO dates (YYYY-MM-DD) of Austria's nationwide public holidays in `year`. */
export function austrianPublicHolidays(year: number): ReadonlySet<string> {
  let days = holidayCache.get(year);
  if (!days) {
    days = new Set(
      austria
        .getHolidays(year)
        .filter((h) => h.type === 'public')
        .map((h) => h.date.slice(0, 10)),
    );
    holidayCache.set(year, days);
  }
  return days;
}

/** Parses an ISO date (YYYY-MM-DD) as a UTC midnight; throws on anything else (callers pass stored dates). */
function utcDate(iso: string): Date {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(iso);
  if (!match) throw new RangeError(`not an ISO date: ${iso}`);
  return new Date(Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3])));
}

const isoOf = (d: Date): string => d.toISOString().slice(0, 10);

/** A working day ("Werktag" as DOMAIN.md reads § 16 BMSVG): Monday to Friday, not an Austrian public holiday. */
export function isAustrianWorkingDay(iso: string): boolean {
  const day = utcDate(iso).getUTCDay();
  if (day === 0 || day === 6) return false;
  return !austrianPublicHolidays(Number(iso.slice(0, 4))).has(iso);
}

/** The `count`-th working day after `iso` (the day itself not counted); `count` ≥ 0. */
export function addWorkingDays(iso: string, count: number): string {
  const d = utcDate(iso);
  let left = count;
  while (left > 0) {
    d.setUTCDate(d.getUTCDate() + 1);
    if (isAustrianWorkingDay(isoOf(d))) left -= 1;
  }
  return isoOf(d);
}

/** Working days added after the end of the second calendar month (§ 16 BMSVG, spec 001 section 9). */
export const PAYOUT_WORKING_DAYS = 5;

/**
 * The latest legal payout or transfer date of a severance claim received on `receivedOn` (ISO date, Vienna):
 * the last day of the second full calendar month after the month of receipt, plus 5 working days (Monday to
 * Friday without Austrian public holidays). Source: § 16 (1) BMSVG ("mit Ablauf des zweitfolgenden
 * Kalendermonats … fällig"), spec 001 sections 4 and 9 ("2 full calendar months plus 5 working days"),
 * DOMAIN.md (the later, safer count of working days). Example: received 15.10.2026 → end of December 2026 →
 * 11.01.2027 (1 and 6 January are holidays). Throws a RangeError for a string that is not an ISO date.
 */
export function payoutDueDate(receivedOn: string): string {
  // The date depends on the month of receipt alone: computed once per month (the fund's work list asks 100 at a time).
  if (!/^\d{4}-\d{2}-\d{2}$/.test(receivedOn)) throw new RangeError(`not an ISO date: ${receivedOn}`);
  const month = receivedOn.slice(0, 7);
  let due = dueDateByMonth.get(month);
  if (due === undefined) {
    due = computePayoutDueDate(receivedOn);
    dueDateByMonth.set(month, due);
  }
  return due;
}

/** `payoutDueDate` per month of receipt (`YYYY-MM`); a month's date never changes. */
const dueDateByMonth = new Map<string, string>();

function computePayoutDueDate(receivedOn: string): string {
  const received = utcDate(receivedOn);
  // Day 0 of month m+3 is the last day of month m+2.
  const endOfSecondMonth = new Date(Date.UTC(received.getUTCFullYear(), received.getUTCMonth() + 3, 0));
  return addWorkingDays(isoOf(endOfSecondMonth), PAYOUT_WORKING_DAYS);
}

/**
 * The Vienna date (ISO) a claim was received, from its stored `submittedAt` (an ISO instant; a bare ISO date, as
 * older rows may hold, is taken as it is). The due date follows from it by `payoutDueDate`.
 */
export function receivedOn(submittedAt: string): string {
  const ms = Date.parse(submittedAt);
  return Number.isNaN(ms) || /^\d{4}-\d{2}-\d{2}$/.test(submittedAt) ? submittedAt.slice(0, 10) : isoDateVienna(ms);
}

/** Whether `today` (ISO date) lies after the legal payout date `dueDate` (ISO date); ISO dates compare as strings. */
export function isDueDateExceeded(dueDate: string, today: string): boolean {
  return today > dueDate;
}

/** Why the right to decide arose (db/schema/severance-fund.ts `rightToDecideReason`; null reads as END_OF_EMPLOYMENT). */
export type RightToDecideReason = 'END_OF_EMPLOYMENT' | 'PENSION_START' | 'NO_CONTRIBUTIONS_5_YEARS';

/** Months to decide: 3 at pension start, 6 otherwise (DOMAIN.md "Deadlines", § 17 BMSVG). */
export function decisionMonths(reason: RightToDecideReason | null): number {
  return reason === 'PENSION_START' ? 3 : 6;
}

/**
 * The last day of the decision window that starts on `since` (ISO date): the same day `decisionMonths` months
 * later, less one day (a window from 1.7. ends on 31.12.); a day missing in the target month (31.8. + 6 months) falls
 * to that month's last day first.
 */
export function decisionDeadline(since: string, reason: RightToDecideReason | null): string {
  const start = utcDate(since);
  const months = decisionMonths(reason);
  const targetMonthLast = new Date(Date.UTC(start.getUTCFullYear(), start.getUTCMonth() + months + 1, 0)).getUTCDate();
  const end = new Date(Date.UTC(start.getUTCFullYear(), start.getUTCMonth() + months, Math.min(start.getUTCDate(), targetMonthLast)));
  end.setUTCDate(end.getUTCDate() - 1);
  return isoOf(end);
}

/** Whole days from `today` to `deadline` (ISO dates): 0 on the deadline itself, negative after it. */
export function daysUntil(deadline: string, today: string): number {
  return Math.round((utcDate(deadline).getTime() - utcDate(today).getTime()) / 86_400_000);
}

/**
 * Whether an account gives its member the right to decide today (spec 000 section 5 "Withdrawal step": a regular
 * contract, a pension date or a VV, and a balance; DOMAIN.md "Right to decide"): the fund recorded a right
 * (`rightToDecideSince` on or before `today`), the account is not closed, and its entitlement is above 0 cents.
 */
export function hasRightToDecide(account: { rightToDecideSince: string | null; status: string }, entitlementCents: number | null, today: string): boolean {
  return account.rightToDecideSince !== null && account.rightToDecideSince <= today && account.status !== 'CLOSED' && (entitlementCents ?? 0) > 0;
}

/** Claim statuses after which a new claim on the same account may be filed again (the money has left). */
export const FINISHED_CLAIM_STATUSES = ['POST_TRANSFER'] as const;

/** Kinds of decision-deadline reminder (decision 0015): 30 and 7 days before the deadline. */
export type ReminderKind = 'DAYS_30' | 'DAYS_7';

/**
 * The reminder an account is due for today, or null (pure; the job claims it once per account, kind and deadline):
 * `DAYS_7` from 7 days before the deadline to the deadline itself, `DAYS_30` from 30 to 8 days before. A job that
 * missed a day still sends the reminder of the window it is in; after the deadline nothing is sent. Accounts with a
 * claim in progress get none.
 */
export function dueReminder(deadline: string, today: string, claimOpen: boolean): ReminderKind | null {
  if (claimOpen) return null;
  const left = daysUntil(deadline, today);
  if (left < 0 || left > 30) return null;
  return left <= 7 ? 'DAYS_7' : 'DAYS_30';
}
