import { describe, expect, it } from 'vitest';
import { isValidPortalBic, isValidPortalIban, normalizeIban } from '@contract/iban';

describe('IBAN and BIC rules (spec 000 section 5)', () => {
  it('upper-cases and removes spaces', () => {
    expect(normalizeIban('at61 1904 3002 3457 3201')).toBe('AT611904300234573201');
  });
  it('accepts a valid Austrian IBAN and refuses a wrong checksum', () => {
    expect(isValidPortalIban('AT61 1904 3002 3457 3201')).toBe(true);
    expect(isValidPortalIban('AT62 1904 3002 3457 3201')).toBe(false);
  });
  it('refuses the placeholder AT00', () => {
    expect(isValidPortalIban('AT00 0000 0000 0000 0000')).toBe(false);
  });
  it('checks BICs of 8 and 11 characters', () => {
    expect(isValidPortalBic('GIBAATWWXXX')).toBe(true);
    expect(isValidPortalBic('GIBA AT WW')).toBe(true);
    expect(isValidPortalBic('GIBAAT')).toBe(false);
  });
});
