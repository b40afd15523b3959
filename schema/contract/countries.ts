/**
 * The country table of spec 000 section 3 ("Country table for IBANs: ISO code, IBAN length, flag whether intra-EU
 * payment with BIC applies; about 60 countries; Austria 20, Germany 22") and the domestic-country test of spec 000
 * section 5. Pure TypeScript without imports, so the web app uses the same table (address country choice, IBAN and
 * BIC hints).
 *
 * Reading of the spec's one flag (README "Readings of the spec chosen"): it is split in two.
 * - `sepa`: the country takes part in the SEPA schemes (EPC list of countries). The SEPA check of spec 000 section 5
 *   accepts an IBAN only from such a country.
 * - `intraEu`: an EU or EEA country, where a SEPA payment needs the IBAN only (Regulation (EU) 260/2012 art. 5(7)).
 *   For SEPA countries outside the EU/EEA (Switzerland, the United Kingdom, Monaco, …) the BIC stays mandatory.
 * Countries with an IBAN but outside SEPA (for example Turkey) are listed so that their IBANs are recognised and
 * refused with a clear reason; a few frequent address countries without IBAN (United States, …) are listed for the
 * address form.
 */
export interface Country {
  /** ISO 3166-1 alpha-2 code. */
  code: string;
  /** German name. */
  name: string;
  /** IBAN length (ISO 13616 registry); null where the country has no IBAN. */
  ibanLength: number | null;
  /** Member of the SEPA schemes. */
  sepa: boolean;
  /** EU or EEA member: IBAN-only payments; false means the BIC is mandatory. */
  intraEu: boolean;
}

const eu = (code: string, name: string, ibanLength: number): Country => ({ code, name, ibanLength, sepa: true, intraEu: true });
const sepaOnly = (code: string, name: string, ibanLength: number): Country => ({ code, name, ibanLength, sepa: true, intraEu: false });
const ibanOnly = (code: string, name: string, ibanLength: number): Country => ({ code, name, ibanLength, sepa: false, intraEu: false });
const noIban = (code: string, name: string): Country => ({ code, name, ibanLength: null, sepa: false, intraEu: false });

/** The table, Austria first, then by German name within each group. */
export const COUNTRIES: readonly Country[] = [
  eu('AT', 'Österreich', 20),
  // EU
  eu('BE', 'Belgien', 16),
  eu('BG', 'Bulgarien', 22),
  eu('DK', 'Dänemark', 18),
  eu('DE', 'Deutschland', 22),
  eu('EE', 'Estland', 20),
  eu('FI', 'Finnland', 18),
  eu('FR', 'Frankreich', 27),
  eu('GR', 'Griechenland', 27),
  eu('IE', 'Irland', 22),
  eu('IT', 'Italien', 27),
  eu('HR', 'Kroatien', 21),
  eu('LV', 'Lettland', 21),
  eu('LT', 'Litauen', 20),
  eu('LU', 'Luxemburg', 20),
  eu('MT', 'Malta', 31),
  eu('NL', 'Niederlande', 18),
  eu('PL', 'Polen', 28),
  eu('PT', 'Portugal', 25),
  eu('RO', 'Rumänien', 24),
  eu('SE', 'Schweden', 24),
  eu('SK', 'Slowakei', 24),
  eu('SI', 'Slowenien', 19),
  eu('ES', 'Spanien', 24),
  eu('CZ', 'Tschechien', 24),
  eu('HU', 'Ungarn', 28),
  eu('CY', 'Zypern', 28),
  // EEA outside the EU
  eu('IS', 'Island', 26),
  eu('LI', 'Liechtenstein', 21),
  eu('NO', 'Norwegen', 15),
  // SEPA outside the EU/EEA: BIC mandatory
  sepaOnly('AL', 'Albanien', 28),
  sepaOnly('AD', 'Andorra', 24),
  sepaOnly('GI', 'Gibraltar', 23),
  sepaOnly('MD', 'Moldau', 24),
  sepaOnly('MC', 'Monaco', 27),
  sepaOnly('ME', 'Montenegro', 22),
  sepaOnly('MK', 'Nordmazedonien', 19),
  sepaOnly('SM', 'San Marino', 27),
  sepaOnly('CH', 'Schweiz', 21),
  sepaOnly('VA', 'Vatikanstadt', 22),
  sepaOnly('GB', 'Vereinigtes Königreich', 22),
  // IBAN, but outside SEPA
  ibanOnly('EG', 'Ägypten', 29),
  ibanOnly('AZ', 'Aserbaidschan', 28),
  ibanOnly('BH', 'Bahrain', 22),
  ibanOnly('BA', 'Bosnien und Herzegowina', 20),
  ibanOnly('BR', 'Brasilien', 29),
  ibanOnly('CR', 'Costa Rica', 22),
  ibanOnly('GE', 'Georgien', 22),
  ibanOnly('IL', 'Israel', 23),
  ibanOnly('JO', 'Jordanien', 30),
  ibanOnly('KZ', 'Kasachstan', 20),
  ibanOnly('QA', 'Katar', 29),
  ibanOnly('XK', 'Kosovo', 20),
  ibanOnly('KW', 'Kuwait', 30),
  ibanOnly('LB', 'Libanon', 28),
  ibanOnly('SA', 'Saudi-Arabien', 24),
  ibanOnly('RS', 'Serbien', 22),
  ibanOnly('TN', 'Tunesien', 24),
  ibanOnly('TR', 'Türkei', 26),
  ibanOnly('UA', 'Ukraine', 29),
  ibanOnly('AE', 'Vereinigte Arabische Emirate', 23),
  // Frequent address countries without IBAN
  noIban('AU', 'Australien'),
  noIban('CA', 'Kanada'),
  noIban('US', 'Vereinigte Staaten'),
];

const byCode = new Map(COUNTRIES.map((c) => [c.code, c]));
const byName = new Map(COUNTRIES.map((c) => [c.name.toLocaleLowerCase('de'), c]));

/** The country with ISO code `code` (case-insensitive), or undefined when not in the table. */
export function countryByCode(code: string): Country | undefined {
  return byCode.get(code.trim().toUpperCase());
}

/**
 * The domestic-country test of spec 000 section 5: these free-text entries count as Austria: empty, `a`, `aut`,
 * `at`, `Österreich`, `Wien`, `oe`, `no`, `oö`, `Austria` (compared trimmed and case-insensitively; `no` and `oö`
 * are the Lower and Upper Austria abbreviations, so `NO` never means Norway in free text; pick Norway by the
 * German name or from the list).
 */
export const DOMESTIC_COUNTRY_ENTRIES: readonly string[] = ['', 'a', 'aut', 'at', 'österreich', 'wien', 'oe', 'no', 'oö', 'austria'];

export function isDomesticCountry(input: string): boolean {
  return DOMESTIC_COUNTRY_ENTRIES.includes(input.normalize('NFC').trim().toLocaleLowerCase('de'));
}

/**
 * Reads a country entry: the domestic-country test first (Austria), then an ISO alpha-2 code of the table, then a
 * German name of the table. Undefined when none matches. Note the empty entry is domestic by the test; a form that
 * requires the country refuses it before calling this.
 */
export function resolveCountry(input: string): Country | undefined {
  if (isDomesticCountry(input)) return byCode.get('AT');
  const trimmed = input.normalize('NFC').trim();
  if (/^[A-Za-z]{2}$/.test(trimmed)) return byCode.get(trimmed.toUpperCase());
  return byName.get(trimmed.toLocaleLowerCase('de'));
}

/** SEPA check of spec 000 section 5: the IBAN's country is in the table and takes part in SEPA. */
export function isSepaCountry(code: string): boolean {
  return countryByCode(code)?.sepa ?? false;
}

/** Whether a BIC must be given for an IBAN of this country (SEPA, but outside the EU/EEA; unknown countries too). */
export function isBicRequired(code: string): boolean {
  return !(countryByCode(code)?.intraEu ?? false);
}

/** Longest IBAN in electronic format (ISO 13616): 34 characters. */
export const IBAN_MAX_LENGTH = 34;

/**
 * Largest number of characters accepted as typed in the IBAN field (spec 000 sections 5 and 9: "capped at 24 for
 * Austrian IBANs and 34 for others"): 24 for Austria (20 characters plus four grouping spaces, DOMAIN.md); for other
 * countries 34 characters without spaces, which grouped in fours is at most 42 as typed.
 */
export function ibanInputCap(countryCode: string): number {
  return countryCode.toUpperCase() === 'AT' ? 24 : IBAN_MAX_LENGTH + 8;
}
