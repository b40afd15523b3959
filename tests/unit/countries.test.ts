import { getCountrySpecifications, isSEPACountry } from 'ibantools';
import { describe, expect, it } from 'vitest';
import { COUNTRIES, countryByCode, ibanInputCap, isBicRequired, isDomesticCountry, isSepaCountry, resolveCountry } from '@contract/countries';

/** The country table of spec 000 section 3 and the domestic-country test of spec 000 section 5. */
describe('country table', () => {
  it('has about 60 countries, each code once, Austria with 20 and Germany with 22 IBAN characters', () => {
    expect(COUNTRIES.length).toBeGreaterThanOrEqual(55);
    expect(COUNTRIES.length).toBeLessThanOrEqual(70);
    expect(new Set(COUNTRIES.map((c) => c.code)).size).toBe(COUNTRIES.length);
    expect(countryByCode('at')).toMatchObject({ ibanLength: 20, sepa: true, intraEu: true });
    expect(countryByCode('DE')).toMatchObject({ ibanLength: 22, sepa: true, intraEu: true });
  });

  it('agrees with the ISO 13616 registry in ibantools on every IBAN length', () => {
    const specs = getCountrySpecifications();
    for (const c of COUNTRIES) expect(c.ibanLength, c.code).toBe(specs[c.code]?.chars ?? null);
  });

  it('agrees with ibantools on SEPA membership, except the four countries that joined in 2025 (AL, MD, ME, MK)', () => {
    const joined2025 = ['AL', 'MD', 'ME', 'MK'];
    for (const c of COUNTRIES.filter((x) => x.ibanLength !== null && !joined2025.includes(x.code))) expect(c.sepa, c.code).toBe(isSEPACountry(c.code));
    for (const code of joined2025) expect(isSepaCountry(code), code).toBe(true);
  });

  it('marks intra-EU only SEPA countries; the BIC is required elsewhere (Switzerland, United Kingdom, unknown)', () => {
    for (const c of COUNTRIES) if (c.intraEu) expect(c.sepa, c.code).toBe(true);
    expect(COUNTRIES.filter((c) => c.intraEu)).toHaveLength(30); // EU 27 + Iceland, Liechtenstein, Norway
    expect(isBicRequired('AT')).toBe(false);
    expect(isBicRequired('CH')).toBe(true);
    expect(isBicRequired('GB')).toBe(true);
    expect(isBicRequired('ZZ')).toBe(true);
    expect(isSepaCountry('TR')).toBe(false);
    expect(isSepaCountry('US')).toBe(false);
  });

  it('caps typed Austrian IBANs at 24 characters and others at 34 without spaces (42 grouped)', () => {
    expect(ibanInputCap('AT')).toBe(24);
    expect(ibanInputCap('DE')).toBe(42);
  });
});

describe('domestic-country test (spec 000 section 5)', () => {
  it.each(['', 'a', 'aut', 'at', 'Österreich', 'Wien', 'oe', 'no', 'oö', 'Austria', ' AUSTRIA ', 'ÖSTERREICH', 'OÖ', 'O\u0308sterreich'])('%j counts as Austria', (entry) => {
    expect(isDomesticCountry(entry)).toBe(true);
    expect(resolveCountry(entry)?.code).toBe('AT');
  });

  it.each(['Deutschland', 'de', 'Germany', 'Ostösterreich', 'Wiener Neustadt', 'n', 'Salzburg'])('%j does not', (entry) => {
    expect(isDomesticCountry(entry)).toBe(false);
  });

  it('reads ISO codes and German names of the table, and nothing else', () => {
    expect(resolveCountry('de')?.code).toBe('DE');
    expect(resolveCountry('Deutschland')?.code).toBe('DE');
    expect(resolveCountry(' schweiz ')?.code).toBe('CH');
    expect(resolveCountry('Vereinigtes Königreich')?.code).toBe('GB');
    expect(resolveCountry('Germany')).toBeUndefined();
    expect(resolveCountry('XX')).toBeUndefined();
    // `NO` is Lower Austria in free text (domestic test), Norway only by name.
    expect(resolveCountry('NO')?.code).toBe('AT');
    expect(resolveCountry('Norwegen')?.code).toBe('NO');
  });
});
