import { describe, expect, it } from 'vitest';
import { formatDate, formatLocalDateTime, formatLocalTime, formatMoney, formatPercent } from '@contract/format';
import { isIsoDate } from '@contract/dates';

const NBSP = '\u00A0';

describe('formatMoney', () => {
  it('formats zero as 0,00 €', () => {
    expect(formatMoney(0)).toBe(`0,00${NBSP}€`);
  });

  it('formats cents below one euro with a leading zero', () => {
    expect(formatMoney(5)).toBe(`0,05${NBSP}€`);
    expect(formatMoney(99)).toBe(`0,99${NBSP}€`);
  });

  it('puts dots between thousands and a comma before the cents, the euro sign after the amount', () => {
    expect(formatMoney(123456)).toBe(`1.234,56${NBSP}€`);
    expect(formatMoney(100000000)).toBe(`1.000.000,00${NBSP}€`);
    expect(formatMoney(99999)).toBe(`999,99${NBSP}€`);
  });

  it('puts the minus sign before a negative amount', () => {
    expect(formatMoney(-123456)).toBe(`-1.234,56${NBSP}€`);
    expect(formatMoney(-1)).toBe(`-0,01${NBSP}€`);
  });

  it('does not print negative zero', () => {
    expect(formatMoney(-0)).toBe(`0,00${NBSP}€`);
  });

  it('stays exact above 2^31 cents and up to the largest safe integer', () => {
    expect(formatMoney(2 ** 31 + 1)).toBe(`21.474.836,49${NBSP}€`);
    expect(formatMoney(Number.MAX_SAFE_INTEGER)).toBe(`90.071.992.547.409,91${NBSP}€`);
    expect(formatMoney(-Number.MAX_SAFE_INTEGER)).toBe(`-90.071.992.547.409,91${NBSP}€`);
  });

  it('refuses fractions of a cent and unsafe integers instead of rounding them', () => {
    expect(() => formatMoney(12.5)).toThrow(RangeError);
    expect(() => formatMoney(Number.NaN)).toThrow(RangeError);
    expect(() => formatMoney(2 ** 53)).toThrow(RangeError);
  });
});

describe('formatDate', () => {
  it('formats an ISO date as DD.MM.YYYY', () => {
    expect(formatDate('2024-12-31')).toBe('31.12.2024');
    expect(formatDate('2025-01-05')).toBe('05.01.2025');
  });

  it('accepts 29 February only in leap years', () => {
    expect(formatDate('2024-02-29')).toBe('29.02.2024');
    expect(() => formatDate('2023-02-29')).toThrow(RangeError);
  });

  it('refuses strings that are not ISO dates', () => {
    expect(() => formatDate('31.12.2024')).toThrow(RangeError);
    expect(() => formatDate('2024-13-01')).toThrow(RangeError);
    expect(() => formatDate('')).toThrow(RangeError);
  });
});

describe('isIsoDate', () => {
  it('tells calendar dates from other strings', () => {
    expect(isIsoDate('2024-12-31')).toBe(true);
    expect(isIsoDate('2024-04-31')).toBe(false);
    expect(isIsoDate('2024-12-31T00:00')).toBe(false);
  });
});

describe('formatPercent', () => {
  it('uses a decimal comma and a no-break space before the percent sign', () => {
    expect(formatPercent(2)).toBe(`2,00${NBSP}%`);
    expect(formatPercent(1.75)).toBe(`1,75${NBSP}%`);
    expect(formatPercent(60, 0)).toBe(`60${NBSP}%`);
  });

  it('groups thousands and keeps the sign of negative values', () => {
    expect(formatPercent(-0.5)).toBe(`-0,50${NBSP}%`);
    expect(formatPercent(1234.5, 1)).toBe(`1.234,5${NBSP}%`);
  });
});

describe('formatLocalDateTime', () => {
  it('always shows the date, also for an instant of today (a message sent today)', () => {
    const now = new Date();
    const iso = new Date(now.getFullYear(), now.getMonth(), now.getDate(), 9, 5).toISOString();
    const day = `${String(now.getDate()).padStart(2, '0')}.${String(now.getMonth() + 1).padStart(2, '0')}.${now.getFullYear()}`;
    expect(formatLocalDateTime(iso)).toBe(`${day}, 09:05`);
    expect(formatLocalTime(iso, now)).toBe('09:05');
  });

  it('refuses what is no instant', () => {
    expect(() => formatLocalDateTime('gestern')).toThrow(RangeError);
  });
});
