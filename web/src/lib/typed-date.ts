/*
 * Dates as members type them (spec 000 section 5 "Date": DD.MM.YYYY) and as the shared schemas check them (ISO
 * `YYYY-MM-DD`): the typed-date fields of settings and own contributions (components/ui/typed-date-field.tsx).
 */

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
