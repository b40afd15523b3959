/**
 * An independent reference for the payout-date rule (decision 0015), written without the rule's code or its holiday
 * library: the Austrian public holidays of 2024 to 2030 from a hand-written table of Easter Sundays, and a plain
 * day-by-day count. Tests compare `payoutDueDate` (server/modules/claims/claims.rules.ts) with it.
 */
const EASTER_SUNDAYS: Record<number, string> = {
  2024: '2024-03-31',
  2025: '2025-04-20',
  2026: '2026-04-05',
  2027: '2027-03-28',
  2028: '2028-04-16',
  2029: '2029-04-01',
  2030: '2030-04-21',
};

const day = (iso: string) => new Date(`${iso}T00:00:00Z`);
const iso = (d: Date) => d.toISOString().slice(0, 10);
const plus = (isoDate: string, days: number) => iso(new Date(day(isoDate).getTime() + days * 86_400_000));

/** The 13 nationwide holidays of DOMAIN.md "Calendar" for a year of the table. */
export function referenceHolidays(year: number): Set<string> {
  const easter = EASTER_SUNDAYS[year];
  if (!easter) throw new RangeError(`no Easter date for ${year} in the reference table`);
  const fixed = ['01-01', '01-06', '05-01', '08-15', '10-26', '11-01', '12-08', '12-25', '12-26'].map((md) => `${year}-${md}`);
  return new Set([...fixed, plus(easter, 1), plus(easter, 39), plus(easter, 50), plus(easter, 60)]);
}

/** Last day of the second month after the month of `receivedOn`, then 5 weekdays that are not holidays. */
export function referencePayoutDate(receivedOn: string): string {
  const [y, m] = receivedOn.split('-').map(Number) as [number, number];
  let cursor = iso(new Date(Date.UTC(y, m + 2, 0)));
  let left = 5;
  while (left > 0) {
    cursor = plus(cursor, 1);
    const weekday = day(cursor).getUTCDay();
    if (weekday !== 0 && weekday !== 6 && !referenceHolidays(Number(cursor.slice(0, 4))).has(cursor)) left -= 1;
  }
  return cursor;
}
