import { describe, expect, it } from 'vitest';
import { compactCode, groupCode, pasteIntoCode } from './grouped-input';
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

  it('pasting over a selected IBAN takes the whole pasted one, any country, with or without spaces (decision 0042)', () => {
    const at = 'AT61 1904 3002 3457 3201';
    expect(pasteIntoCode(at, 0, at.length, 'DE89370400440532013000', [4], ibanCharacterLimit)).toEqual({ grouped: 'DE89 3704 0044 0532 0130 00', caret: 27 });
    expect(pasteIntoCode(at, 0, at.length, ' mt84 malt 0110 0001 2345 mtlc ast0 01s\n', [4], ibanCharacterLimit)).toEqual({
      grouped: 'MT84 MALT 0110 0001 2345 MTLC AST0 01S',
      caret: 38,
    });
    expect(pasteIntoCode('', 0, 0, 'DE89 3704 0044 0532 0130 00', [4], ibanCharacterLimit).grouped).toBe('DE89 3704 0044 0532 0130 00');
    // Saint Lucia's 32 characters fit; a longer paste is cut at 34 (ISO 13616's longest), an Austrian one at 20.
    expect(pasteIntoCode('', 0, 0, 'LC55HEMM000100010012001200023015', [4], ibanCharacterLimit).grouped).toBe('LC55 HEMM 0001 0001 0012 0012 0002 3015');
    expect(compactCode(pasteIntoCode('', 0, 0, 'X'.repeat(40), [4], ibanCharacterLimit).grouped)).toHaveLength(34);
    expect(pasteIntoCode('', 0, 0, 'AT61 1904 3002 3457 3201 99', [4], ibanCharacterLimit).grouped).toBe(at);
  });

  it('pasting into the middle replaces only the selection and puts the caret after the pasted characters', () => {
    // 'AT61 1904 …': select '1904' (positions 5 to 9) and paste '2222'.
    expect(pasteIntoCode('AT61 1904 3002 3457 3201', 5, 9, '2222', [4], ibanCharacterLimit)).toEqual({ grouped: 'AT61 2222 3002 3457 3201', caret: 9 });
    expect(pasteIntoCode('AT61', 4, 4, ' 19 04', [4], ibanCharacterLimit)).toEqual({ grouped: 'AT61 1904', caret: 9 });
    expect(pasteIntoCode('GIBA', 4, 4, 'atwwxxx', [4, 4, 3], 11)).toEqual({ grouped: 'GIBA ATWW XXX', caret: 13 });
  });
});
