/**
 * Word lists for the seed generator: Austrian and German first and last names, academic titles, streets,
 * real Austrian postcode/city pairs, employer name parts and Austrian banks with their real bank codes (BLZ)
 * and BICs. Demo data only; any resemblance to real persons is coincidental.
 *
 * The lists are data in db/seed/data/names.json; this module gives them their types. The order of every list is
 * part of the seed's output (draws pick by index), so editing a list changes the generated population.
 */
import names from './data/names.json' with { type: 'json' };

/** Federal states (Bundesländer) of Austria. */
export type AustrianState = 'Wien' | 'Niederösterreich' | 'Oberösterreich' | 'Salzburg' | 'Tirol' | 'Vorarlberg' | 'Steiermark' | 'Kärnten' | 'Burgenland';

const STATES: readonly string[] = ['Wien', 'Niederösterreich', 'Oberösterreich', 'Salzburg', 'Tirol', 'Vorarlberg', 'Steiermark', 'Kärnten', 'Burgenland'];

/** A real Austrian postcode with its town. */
export interface PostalPlace {
  postcode: string;
  city: string;
  state: AustrianState;
}

/** An Austrian bank: the 5-digit bank code (Bankleitzahl) that starts the BBAN, and its BIC. */
export interface AustrianBank {
  name: string;
  blz: string;
  bic: string;
}

/** Female first names, several generations (born 1957 to 2002). */
export const FEMALE_FIRST_NAMES: readonly string[] = names.femaleFirstNames;
/** Male first names, several generations (born 1957 to 2002). */
export const MALE_FIRST_NAMES: readonly string[] = names.maleFirstNames;
/** Last names with an Austrian flavour (the most common Austrian surnames first). */
export const LAST_NAMES: readonly string[] = names.lastNames;

/** Academic titles written before the name (titelVorne); the `-a`/`-in` forms are the female ones. */
export const TITLE_PREFIXES_MALE: readonly string[] = names.titlePrefixesMale;
export const TITLE_PREFIXES_FEMALE: readonly string[] = names.titlePrefixesFemale;
/** Academic titles written after the name (titelHinten). */
export const TITLE_SUFFIXES: readonly string[] = names.titleSuffixes;

/** Street names found in many Austrian towns. */
export const STREETS: readonly string[] = names.streets;

/** Real Austrian postcode/city pairs across all nine states (Vienna weighted by listing several districts). */
export const POSTAL_PLACES: readonly PostalPlace[] = names.postalPlaces.map((place) => {
  if (!STATES.includes(place.state)) throw new Error(`seed: unknown federal state ${place.state} in db/seed/data/names.json`);
  return { postcode: place.postcode, city: place.city, state: place.state as AustrianState };
});

/** First word of a generated employer name: a region, river or landmark. */
export const EMPLOYER_REGIONS: readonly string[] = names.employerRegions;
/** Middle word of a generated employer name: the trade. */
export const EMPLOYER_TRADES: readonly string[] = names.employerTrades;

/** Legal forms of Austrian companies, with rough weights (same order). */
export const LEGAL_FORMS: readonly string[] = names.legalForms;
export const LEGAL_FORM_WEIGHTS: readonly number[] = names.legalFormWeights;

/** Austrian banks with their real bank codes (BLZ) and BICs. */
export const BANKS: readonly AustrianBank[] = names.banks;

/** Austrian mobile network prefixes (after +43). */
export const MOBILE_PREFIXES: readonly string[] = names.mobilePrefixes;

/**
 * ASCII lower-case form of a name for e-mail local parts: ä→ae, ö→oe, ü→ue, ß→ss, other accents dropped
 * (é→e, ć→c), spaces removed; only a-z, 0-9, '-' and '.' remain.
 */
export function transliterate(value: string): string {
  return value
    .toLowerCase()
    .replace(/ä/g, 'ae')
    .replace(/ö/g, 'oe')
    .replace(/ü/g, 'ue')
    .replace(/ß/g, 'ss')
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[^a-z0-9.-]/g, '');
}
