import { describe, expect, it } from 'vitest';
import { formatSvnrInput } from './svnr-format';

describe('formatSvnrInput', () => {
  it('groups the ten digits 4-6', () => {
    expect(formatSvnrInput('1237010180')).toBe('1237 010180');
  });
  it('keeps short input ungrouped and drops everything but digits', () => {
    expect(formatSvnrInput('12-3')).toBe('123');
    expect(formatSvnrInput('1237')).toBe('1237');
    expect(formatSvnrInput('1237 0')).toBe('1237 0');
    expect(formatSvnrInput(' 1237.01.01.80 ')).toBe('1237 010180');
  });
  it('cuts off after ten digits', () => {
    expect(formatSvnrInput('123701018099')).toBe('1237 010180');
  });
});

describe('formatSvnrInput with the fund’s internal numbers', () => {
  it('keeps an upper-case R or A and digits only, R up to 10 and A up to 12 characters', () => {
    expect(formatSvnrInput('r123 456789')).toBe('R123456789');
    expect(formatSvnrInput('R1234567890')).toBe('R123456789');
    expect(formatSvnrInput('a1234 5678901')).toBe('A12345678901');
  });
});
