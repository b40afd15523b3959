import { describe, expect, it } from 'vitest';
import { formatDateTime, isoToTypedDate, localIsoDate, typedDateToIso } from './local-date';

describe('settings dates', () => {
  it('reads DD.MM.YYYY as an ISO date and leaves anything else for the schema to refuse', () => {
    expect(typedDateToIso('01.03.2026')).toBe('2026-03-01');
    expect(typedDateToIso(' 1.3.2026 ')).toBe('2026-03-01');
    expect(typedDateToIso('')).toBe('');
    expect(typedDateToIso(undefined)).toBe('');
    expect(typedDateToIso('2026-03-01')).toBe('2026-03-01');
    expect(typedDateToIso('31.02.26')).toBe('31.02.26');
  });

  it('shows an ISO date as DD.MM.YYYY', () => {
    expect(isoToTypedDate('2026-11-22')).toBe('22.11.2026');
  });

  it('gives today in local time as YYYY-MM-DD', () => {
    expect(localIsoDate(new Date(2026, 0, 5, 23, 59))).toBe('2026-01-05');
  });

  it('formats a change time as DD.MM.YYYY HH:mm in local time, 24-hour clock', () => {
    const instant = new Date(2026, 10, 22, 15, 4).toISOString();
    expect(formatDateTime(instant)).toBe('22.11.2026 15:04');
    expect(formatDateTime('kein Datum')).toBe('kein Datum');
  });
});
