import { describe, expect, it } from 'vitest';
import { formatDate, formatEuro, formatPercentBp } from '@contract/format';

describe('PDF formatting (spec: 1.234,56 €, 31.12.2024)', () => {
  it('formats integer cents with thousands dots, a decimal comma and the euro sign after the amount', () => {
    expect(formatEuro(0)).toBe('0,00 €');
    expect(formatEuro(5)).toBe('0,05 €');
    expect(formatEuro(123456)).toBe('1.234,56 €');
    expect(formatEuro(123456789012)).toBe('1.234.567.890,12 €');
    expect(formatEuro(-7605)).toBe('-76,05 €');
    expect(formatEuro(-0)).toBe('0,00 €');
  });

  it('refuses fractional or unsafe cents', () => {
    expect(() => formatEuro(1.5)).toThrow(RangeError);
    expect(() => formatEuro(Number.MAX_SAFE_INTEGER + 2)).toThrow(RangeError);
  });

  it('formats ISO dates as DD.MM.YYYY', () => {
    expect(formatDate('2024-12-31')).toBe('31.12.2024');
    expect(formatDate('2015-04-01')).toBe('01.04.2015');
  });

  it('formats basis points as percent with two decimals', () => {
    expect(formatPercentBp(523)).toBe('5,23 %');
    expect(formatPercentBp(70)).toBe('0,70 %');
    expect(formatPercentBp(-1200)).toBe('-12,00 %');
    expect(formatPercentBp(250)).toBe('2,50 %');
  });
});
