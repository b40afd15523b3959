import { describe, expect, it } from 'vitest';
import { compactCode, groupCode } from './grouped-input';
import { ibanCharacterLimit } from './iban-input';

describe('IBAN and BIC input shaping', () => {
  it('keeps letters and digits only, upper-cased', () => {
    expect(compactCode(' at61-1904 3002.3457 3201 ')).toBe('AT611904300234573201');
  });

  it('groups an IBAN in fours and a BIC 4-4-3', () => {
    expect(groupCode('AT611904300234573201', [4])).toBe('AT61 1904 3002 3457 3201');
    expect(groupCode('DE8937040044053201300', [4])).toBe('DE89 3704 0044 0532 0130 0');
    expect(groupCode('GIBAATWWXXX', [4, 4, 3])).toBe('GIBA ATWW XXX');
    expect(groupCode('GIBAATWW', [4, 4, 3])).toBe('GIBA ATWW');
    expect(groupCode('', [4])).toBe('');
  });

  it('caps an Austrian IBAN at 20 characters (24 grouped) and any other at 34', () => {
    expect(ibanCharacterLimit('AT61 1904')).toBe(20);
    expect(groupCode(compactCode('AT6119043002345732019999').slice(0, ibanCharacterLimit('AT61')), [4])).toHaveLength(24);
    expect(ibanCharacterLimit('MT84')).toBe(34);
    expect(ibanCharacterLimit('')).toBe(34);
  });
});
