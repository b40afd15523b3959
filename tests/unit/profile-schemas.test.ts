import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { addressSchema, bankDetailsSchema, createAddressSchema, emailChangeSchema, maskIban, validateAddress, validateBankDetails } from '@contract/profile';
import { checkIban, checkText, postcodeFitsCountry } from '@contract/profile-fields';
import { diffEntries, historyLimit } from '../../server/modules/profile/profile.rules';

/** The shared profile form rules (server and web): schema/contract/profile.ts. */
const ADDRESS = { street: 'Hauptstraße 1', postcode: '1010', city: 'Wien', country: 'AT', poBox: null, validFrom: '2026-11-01' };
const BANK = { accountHolder: 'Anna Muster', bankName: 'Erste Bank', iban: 'AT61 1904 3002 3457 3201', bic: null, validFrom: null };

describe('postcode per country', () => {
  it.each([
    ['1010', 'AT', true],
    ['9992', 'AT', true],
    ['0999', 'AT', false],
    ['101', 'AT', false],
    ['10115', 'DE', true],
    ['1010', 'DE', false],
    ['8001', 'CH', true],
    ['9490', 'LI', true],
    ['8001', 'LI', false],
    ['SW1A 1AA', 'GB', true],
    ['00-950', 'PL', true],
    ['00950', 'PL', false],
    ['12345', 'AE', true], // no format known: letters, digits, space, hyphen
  ] as const)('%s in %s: %s', (postcode, country, fits) => {
    expect(postcodeFitsCountry(postcode, country)).toBe(fits);
  });
});

describe('IBAN', () => {
  it('strips grouping spaces, upper-cases, and masks for display', () => {
    expect(checkIban(' at61 1904 3002 3457 3201 ')).toEqual({ ok: true, value: 'AT611904300234573201' });
    expect(maskIban('AT611904300234573201')).toBe('AT61 **** **** **** 3201');
    expect(maskIban('DE89370400440532013000')).toBe('DE89 **** **** **** **30 00');
  });

  it('refuses AT00, wrong check digits, non-SEPA countries and over-long input', () => {
    expect(checkIban('AT00 1904 3002 3457 3201')).toEqual({ ok: false, code: 'IBAN_PLACEHOLDER' });
    expect(checkIban('AT62 1904 3002 3457 3201')).toEqual({ ok: false, code: 'IBAN_INVALID' });
    expect(checkIban('TR330006100519786457841326')).toEqual({ ok: false, code: 'IBAN_NOT_SEPA' });
    expect(checkIban('AT61 1904 3002 3457 3201 0')).toEqual({ ok: false, code: 'TOO_LONG' });
    // A Maltese IBAN (31 characters) grouped in fours is 38 characters as typed and still fits.
    expect(checkIban('MT84 MALT 0110 0001 2345 MTLC AST0 01S')).toEqual({ ok: true, value: 'MT84MALT011000012345MTLCAST001S' });
  });
});

describe('forms', () => {
  it('reports the first problem of every refused field at once', () => {
    const r = validateAddress({ street: '', postcode: '10115', city: 'x'.repeat(61), country: 'AT', validFrom: 'gestern' });
    expect(r).toEqual({
      ok: false,
      fieldErrors: [
        { field: 'street', code: 'REQUIRED' },
        { field: 'postcode', code: 'POSTCODE_INVALID_FOR_COUNTRY' },
        { field: 'city', code: 'TOO_LONG' },
        { field: 'validFrom', code: 'INVALID' },
      ],
    });
  });

  it('limits the address valid-from date to the last year when today is given', () => {
    const schema = createAddressSchema('2026-11-22');
    expect(schema.safeParse({ ...ADDRESS, validFrom: '2025-11-22' }).success).toBe(true);
    expect(schema.safeParse({ ...ADDRESS, validFrom: '2025-11-21' }).error?.issues[0]).toMatchObject({ path: ['validFrom'], message: 'DATE_OUT_OF_RANGE' });
    expect(schema.safeParse({ ...ADDRESS, validFrom: '2026-11-23' }).success).toBe(false);
    expect(addressSchema.safeParse({ ...ADDRESS, validFrom: '2030-01-01' }).success).toBe(true);
  });

  it('requires the BIC for a Swiss IBAN and accepts it grouped 4-4-3', () => {
    expect(validateBankDetails({ ...BANK, iban: 'CH9300762011623852957' })).toEqual({ ok: false, fieldErrors: [{ field: 'bic', code: 'BIC_REQUIRED' }] });
    expect(bankDetailsSchema.parse({ ...BANK, iban: 'CH9300762011623852957', bic: 'ubsw chzh 80a' }).bic).toBe('UBSWCHZH80A');
  });

  it('normalises the e-mail as the login does and compares the confirmation after that', () => {
    expect(emailChangeSchema.parse({ newEmail: ' Anna.Neu@Example.AT', newEmailConfirmation: 'anna.neu@example.at ' })).toEqual({
      newEmail: 'anna.neu@example.at',
      currentPassword: null,
    });
    // The step-up password passes through as typed (the step-up service checks it), or null when none was sent.
    expect(emailChangeSchema.parse({ newEmail: 'a.b@example.at', newEmailConfirmation: 'a.b@example.at', currentPassword: ' Geheim#1 ' })).toEqual({
      newEmail: 'a.b@example.at',
      currentPassword: ' Geheim#1 ',
    });
    expect(emailChangeSchema.safeParse({ newEmail: 'a.b@example.at', newEmailConfirmation: 'a.b@example.at', currentPassword: 42 }).success).toBe(false);
  });

  it('gives a wrong type a field code instead of throwing', () => {
    expect(addressSchema.safeParse({ ...ADDRESS, street: 5 }).error?.issues[0]).toMatchObject({ path: ['street'], message: 'INVALID' });
  });
});

describe('text fields', () => {
  const forbidden = fc.constantFrom('\u0000', '\u0007', '\t', '\n', '\u202E', '\u2066', '\u200B', '\u200D', '\uFEFF', '\uD800', '\uDFFF', '\u2028', '\uFFFD', '\u00AD');

  it('refuse any string holding a control, format or broken character, wherever it sits', () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 30 }), forbidden, fc.string({ maxLength: 30 }), (a, bad, b) => {
        const r = checkText(`Haupt${a}${bad}${b}straße`, 100);
        expect(r).toEqual({ ok: false, code: 'INVALID_CHARACTERS' });
      }),
      { numRuns: 500 },
    );
  });

  it('accept names of any script with the usual punctuation, collapsing spaces', () => {
    for (const name of ['Dr.-Karl-Renner-Ring 3/4', "O'Brien Straße", 'Łódź', 'Αθήνα', 'Zürich (Altstadt) #5', 'Kärntner  Straße']) {
      expect(checkText(name, 100).ok, name).toBe(true);
    }
    expect(checkText('  Kärntner   Straße  ', 100)).toEqual({ ok: true, value: 'Kärntner Straße' });
  });
});

describe('change log rules', () => {
  it('logs only fields whose value changes, treating empty as none', () => {
    expect(diffEntries('ADDRESS', { street: 'A', poBox: null, city: 'Wien' }, { street: 'B', poBox: '', city: 'Wien' })).toEqual([
      { area: 'ADDRESS', field: 'street', oldValue: 'A', newValue: 'B' },
    ]);
  });

  it('clamps the history length to 0..200 with 50 by default', () => {
    expect([historyLimit(undefined), historyLimit(null), historyLimit(-5), historyLimit(10), historyLimit(10_000)]).toEqual([50, 50, 0, 10, 200]);
  });
});
