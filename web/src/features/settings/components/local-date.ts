/** Today's date in the member's time zone as `YYYY-MM-DD` (the valid-from windows of the address and bank forms). */
export function localIsoDate(now: Date = new Date()): string {
  const year = String(now.getFullYear()).padStart(4, '0');
  const month = String(now.getMonth() + 1).padStart(2, '0');
  const day = String(now.getDate()).padStart(2, '0');
  return `${year}-${month}-${day}`;
}

/**
 * A change time (ISO 8601 instant) as `DD.MM.YYYY HH:mm` in the member's time zone, 24-hour clock; the text as
 * given when it is not a time.
 */
export function formatDateTime(instant: string): string {
  const date = new Date(instant);
  if (Number.isNaN(date.getTime())) return instant;
  const pad = (value: number) => String(value).padStart(2, '0');
  return `${pad(date.getDate())}.${pad(date.getMonth() + 1)}.${date.getFullYear()} ${pad(date.getHours())}:${pad(date.getMinutes())}`;
}

/**
 * A date as typed in `TT.MM.JJJJ` (spec 000 section 5 "Date": DD.MM.YYYY; one-digit day and month accepted) as ISO
 * `YYYY-MM-DD` for the shared schema; '' stays '' (no date) and anything else is passed on as typed, so the schema
 * refuses it as INVALID. Whether the day exists is the schema's check.
 */
export function typedDateToIso(typed: string | null | undefined): string {
  const text = (typed ?? '').trim();
  const match = /^(\d{1,2})\.(\d{1,2})\.(\d{4})$/.exec(text);
  if (!match) return text;
  const [, day, month, year] = match as unknown as [string, string, string, string];
  return `${year}-${month.padStart(2, '0')}-${day.padStart(2, '0')}`;
}

/** An ISO date as `DD.MM.YYYY` for a date field's starting value. */
export function isoToTypedDate(iso: string): string {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(iso);
  return match ? `${match[3]}.${match[2]}.${match[1]}` : iso;
}
