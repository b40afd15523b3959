import { describe, expect, it } from 'vitest';
import { formatDateTime, localIsoDate } from './local-date';

describe('settings dates', () => {
  it('gives today in local time as YYYY-MM-DD', () => {
    expect(localIsoDate(new Date(2026, 0, 5, 23, 59))).toBe('2026-01-05');
  });

  it('formats a change time as DD.MM.YYYY HH:mm in local time, 24-hour clock', () => {
    const instant = new Date(2026, 10, 22, 15, 4).toISOString();
    expect(formatDateTime(instant)).toBe('22.11.2026 15:04');
    expect(formatDateTime('kein Datum')).toBe('kein Datum');
  });
});
