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
