import { describe, expect, it } from 'vitest';
import { amountInputText, amountIssue, isAmountIssue, parseAmount, parseCentsText } from '@contract/amount';
import common from '@contract/i18n/de/common.json';

/** The reading of `text` as cents, or the refusal's code. */
const read = (text: string) => {
  const r = parseAmount(text);
  return r.ok ? r.cents : r.code;
};

describe('parseAmount: amounts as Austrians type them (decision 0042)', () => {
  it('reads the four examples a German-speaking member means: dot = thousands, comma = decimals', () => {
    expect(read('1.200')).toBe(120_000);
    expect(read('1.200,50')).toBe(120_050);
    expect(read('1200,5')).toBe(120_050);
    expect(read('1 200')).toBe(120_000);
  });

  it('groups thousands by dot, space, no-break space or narrow no-break space, in threes', () => {
    expect(read('12.345.678,90')).toBe(1_234_567_890);
    expect(read('1\u00A0200,50')).toBe(120_050);
    expect(read('1\u202F200')).toBe(120_000);
    expect(read('1 234 567')).toBe(123_456_700);
    expect(read('999')).toBe(99_900);
    expect(read('1200')).toBe(120_000);
    expect(read('0,05')).toBe(5);
    expect(read('85,42')).toBe(8_542);
  });

  it('ignores a euro sign and surrounding spaces; reads the price tag ",-" as whole euros', () => {
    expect(read(' 1.200,50 € ')).toBe(120_050);
    expect(read('€ 85')).toBe(8_500);
    expect(read('1.200,-')).toBe(120_000);
    expect(read('50,–')).toBe(5_000);
  });

  it('keeps the sign: whether a negative amount is allowed is the field rule', () => {
    expect(read('-5')).toBe(-500);
    expect(read('\u22122,5')).toBe(-250);
    expect(read('-0')).toBe(0);
    expect(Object.is(read('-0,00'), -0)).toBe(false);
  });

  it('refuses a dot followed by one or two digits, and a comma followed by three, as ambiguous', () => {
    for (const text of ['1200.5', '1200.50', '12.5', '1.20', '0.50', '1,200', '12,345', '-1200.5']) expect(read(text), text).toBe('AMBIGUOUS');
  });

  it('refuses more than two decimals', () => {
    expect(read('1234,567')).toBe('TOO_MANY_DECIMALS');
    expect(read('1.234,567')).toBe('TOO_MANY_DECIMALS');
    expect(read('1,2345')).toBe('TOO_MANY_DECIMALS');
  });

  it('refuses garbage and wrong grouping', () => {
    for (const text of [
      'abc',
      '12a',
      '1.2000',
      '12.00.00',
      '1.200.5',
      '1200.500',
      '0.500',
      '12 00',
      '1  200',
      '1.200 300',
      '1,234.56',
      '1,2,3',
      ',50',
      '1.200,',
      '1.',
      '12e3',
      '0x10',
      '+5',
      '--5',
      '1\t200',
      '€',
    ])
      expect(read(text), JSON.stringify(text)).toBe(text === '€' ? 'EMPTY' : 'INVALID');
  });

  it('answers EMPTY for nothing, TOO_LARGE beyond 13 digits of euros (cents stay safe integers)', () => {
    expect(read('')).toBe('EMPTY');
    expect(read('   ')).toBe('EMPTY');
    expect(read('9.999.999.999.999,99')).toBe(999_999_999_999_999);
    expect(read('99999999999999')).toBe('TOO_LARGE');
    expect(read('1.000.000.000.000.000')).toBe('TOO_LARGE');
  });

  it('has a catalogue message for every refusal a field shows; the ambiguous one says how to type it', () => {
    for (const code of ['INVALID', 'AMBIGUOUS', 'TOO_MANY_DECIMALS', 'TOO_LARGE'] as const) {
      const key = amountIssue(code);
      expect(isAmountIssue(key)).toBe(true);
      expect(common.amountInput[code]).toMatch(/\.$/);
    }
    expect(common.amountInput.AMBIGUOUS).toContain('Bitte geben Sie den Betrag wie 1.200,50 ein');
    expect(isAmountIssue('INVALID')).toBe(false);
    expect(isAmountIssue(undefined)).toBe(false);
  });
});

describe('amountInputText', () => {
  it('writes cents in the notation parseAmount reads back', () => {
    expect(amountInputText(120_050)).toBe('1.200,50');
    expect(amountInputText(8_542)).toBe('85,42');
    expect(amountInputText(5)).toBe('0,05');
    expect(amountInputText(-500)).toBe('-5,00');
    for (const cents of [0, 5, 8_542, 120_000, 123_456_789, -250]) expect(read(amountInputText(cents))).toBe(cents);
    expect(() => amountInputText(1.5)).toThrow(RangeError);
  });
});

describe('parseCentsText: the REST form fields in cents', () => {
  it('reads an optional minus and digits only', () => {
    expect(parseCentsText('120000')).toBe(120_000);
    expect(parseCentsText(' 42 ')).toBe(42);
    expect(parseCentsText('-500')).toBe(-500);
    expect(parseCentsText('-0')).toBe(0);
  });
  it('refuses any other notation instead of guessing', () => {
    for (const text of ['', '1.200', '12e3', '0x10', '12,5', '1 200', '1e21', 'Infinity', '9999999999999999']) expect(parseCentsText(text), text).toBeNull();
  });
});
