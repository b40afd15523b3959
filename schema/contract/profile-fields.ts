import { isValidBIC, isValidIBAN } from 'ibantools';
import { postcodeValidator, postcodeValidatorExistsForCountry } from 'postcode-validator';
import { isValidEmail, normalizeEmail, EMAIL_MAX_LENGTH, EMAIL_MIN_LENGTH } from './email';
import { isIsoDate, parseIsoDate } from './dates';
import { isPlaceholderIban } from './iban';
import { IBAN_MAX_LENGTH, ibanInputCap, isSepaCountry, resolveCountry } from './countries';

/**
 * The field checks of the profile forms (schema/contract/profile.ts puts them together into whole forms): one plain
 * function per kind of field that returns the normalised value or a field error code (spec 000 section 5: text,
 * e-mail, country, postcode, date, IBAN, BIC). Pure, like the forms, so web and server check the same way.
 */

/** Field error codes of the profile forms (catalogue key suffixes). */
export const PROFILE_FIELD_CODES = [
  'REQUIRED',
  'TOO_SHORT',
  'TOO_LONG',
  'INVALID_CHARACTERS',
  'INVALID',
  'MISMATCH',
  'UNCHANGED',
  'COUNTRY_UNKNOWN',
  'POSTCODE_INVALID_FOR_COUNTRY',
  'IBAN_INVALID',
  'IBAN_PLACEHOLDER',
  'IBAN_NOT_SEPA',
  'BIC_INVALID',
  'BIC_REQUIRED',
  'DATE_OUT_OF_RANGE',
  'PASSWORD_INCORRECT',
  'NOT_CONFIRMED',
] as const;
export type ProfileFieldCode = (typeof PROFILE_FIELD_CODES)[number];

export interface ProfileFieldError {
  field: string;
  code: ProfileFieldCode;
}

export type Check<T> = { ok: true; value: T } | { ok: false; code: ProfileFieldCode };
export const pass = <T>(value: T): Check<T> => ({ ok: true, value });
export const fail = (code: ProfileFieldCode): Check<never> => ({ ok: false, code });

/** Length limits, in Unicode code points. */
export const PROFILE_LIMITS = {
  street: 100,
  postcode: 12,
  city: 60,
  poBox: 20,
  accountHolder: 70,
  bankName: 70,
  emailMin: EMAIL_MIN_LENGTH,
  emailMax: EMAIL_MAX_LENGTH,
  /** Current password for deleting the access (longest password the portal accepts). */
  password: 100,
} as const;

/**
 * Characters that never belong in profile data: control characters (C0 and C1, NUL, tab, line breaks), format
 * characters (bidirectional overrides and isolates, zero-width space and joiners, byte-order mark, soft hyphen),
 * lone surrogates, private-use and unassigned code points, line and paragraph separators, and the replacement
 * character U+FFFD (what a lone surrogate or broken UTF-8 becomes in a form body).
 */
const FORBIDDEN = /[\p{Cc}\p{Cf}\p{Cs}\p{Co}\p{Cn}\u2028\u2029\uFFFD]/u;
/** Allowed in names and address lines: letters and marks of any script, digits, space and `. , ' ’ - / & ( ) # ° +`. */
const TEXT_ALLOWED = /^[\p{L}\p{M}\p{N} .,'’\-/&()#°+]+$/u;

/** Length in Unicode code points (what the limits count). */
export const codePoints = (s: string) => [...s].length;

/** True when the string holds a lone surrogate (not well-formed UTF-16). */
function hasLoneSurrogate(s: string): boolean {
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i);
    if (c >= 0xd800 && c <= 0xdbff) {
      const next = s.charCodeAt(i + 1);
      if (next >= 0xdc00 && next <= 0xdfff) i++;
      else return true;
    } else if (c >= 0xdc00 && c <= 0xdfff) return true;
  }
  return false;
}

/** True when the string holds a character that never belongs in profile data (`FORBIDDEN`, lone surrogates). */
export function hasForbidden(s: string): boolean {
  return hasLoneSurrogate(s) || FORBIDDEN.test(s);
}

/** NFC, any space separator (no-break space, …) as a plain space, runs of spaces collapsed, trimmed. */
function normalizeText(s: string): string {
  return s
    .normalize('NFC')
    .replace(/\p{Zs}/gu, ' ')
    .replace(/ {2,}/g, ' ')
    .trim();
}

/** A required (or optional) line of text: names, street, city, P.O. box, bank name. */
export function checkText(value: unknown, max: number, opts: { optional?: boolean } = {}): Check<string | null> {
  if (value === undefined || value === null) return opts.optional ? pass(null) : fail('REQUIRED');
  if (typeof value !== 'string') return fail('INVALID');
  if (hasForbidden(value)) return fail('INVALID_CHARACTERS');
  const text = normalizeText(value);
  if (text === '') return opts.optional ? pass(null) : fail('REQUIRED');
  if (!TEXT_ALLOWED.test(text)) return fail('INVALID_CHARACTERS');
  if (codePoints(text) > max) return fail('TOO_LONG');
  return pass(text);
}

/** E-mail of spec 000 section 5: whitespace removed, lower-cased, 5 to 100 characters, the word-based pattern. */
export function checkEmail(value: unknown): Check<string> {
  if (value === undefined || value === null) return fail('REQUIRED');
  if (typeof value !== 'string') return fail('INVALID');
  if (hasForbidden(value.replace(/\s+/g, ''))) return fail('INVALID_CHARACTERS');
  const email = normalizeEmail(value);
  if (email === '') return fail('REQUIRED');
  if (email.length < EMAIL_MIN_LENGTH) return fail('TOO_SHORT');
  if (email.length > EMAIL_MAX_LENGTH) return fail('TOO_LONG');
  if (!isValidEmail(email)) return fail('INVALID');
  return pass(email);
}

/**
 * Country entry: an ISO alpha-2 code of the country table, its German name, or a free-text entry the
 * domestic-country test reads as Austria. Empty is REQUIRED (spec 001 section 5), although the domestic-country
 * test alone would count it as Austria.
 */
export function checkCountry(value: unknown): Check<string> {
  if (value === undefined || value === null) return fail('REQUIRED');
  if (typeof value !== 'string') return fail('INVALID');
  if (hasForbidden(value)) return fail('INVALID_CHARACTERS');
  const text = normalizeText(value);
  if (text === '') return fail('REQUIRED');
  if (!TEXT_ALLOWED.test(text)) return fail('INVALID_CHARACTERS');
  if (codePoints(text) > 60) return fail('TOO_LONG');
  const country = resolveCountry(text);
  return country ? pass(country.code) : fail('COUNTRY_UNKNOWN');
}

/** Austrian postcodes: four digits, the first 1 to 9 (DOMAIN.md: 1010 to 9992; existence is not checked). */
const AT_POSTCODE = /^[1-9]\d{3}$/;
/** Fallback for countries postcode-validator does not know: letters, digits, space and hyphen. */
const GENERIC_POSTCODE = /^[A-Z0-9](?:[A-Z0-9 -]*[A-Z0-9])?$/;

/** The postcode as entered (trimmed, upper-cased), before the country is known. */
export function checkPostcodeText(value: unknown): Check<string> {
  if (value === undefined || value === null) return fail('REQUIRED');
  if (typeof value !== 'string') return fail('INVALID');
  if (hasForbidden(value)) return fail('INVALID_CHARACTERS');
  const text = normalizeText(value).toUpperCase();
  if (text === '') return fail('REQUIRED');
  if (!/^[A-Z0-9 -]+$/.test(text)) return fail('INVALID_CHARACTERS');
  if (codePoints(text) > PROFILE_LIMITS.postcode) return fail('TOO_LONG');
  return pass(text);
}

/** Whether a (normalised) postcode fits the country: Austria's rule, else postcode-validator's format, else generic. */
export function postcodeFitsCountry(postcode: string, countryCode: string): boolean {
  if (countryCode === 'AT') return AT_POSTCODE.test(postcode);
  if (postcodeValidatorExistsForCountry(countryCode)) return postcodeValidator(postcode, countryCode);
  return GENERIC_POSTCODE.test(postcode);
}

/** A calendar date `YYYY-MM-DD`, year 1000 to 9999, day valid for the month (spec 000 section 5 "Date"). */
export function checkIsoDate(value: unknown, opts: { optional?: boolean } = {}): Check<string | null> {
  if (value === undefined || value === null || value === '') return opts.optional ? pass(null) : fail('REQUIRED');
  if (typeof value !== 'string') return fail('INVALID');
  if (hasForbidden(value)) return fail('INVALID_CHARACTERS');
  const date = value.trim();
  if (!isIsoDate(date) || parseIsoDate(date).y < 1000) return fail('INVALID');
  return pass(date);
}

/**
 * IBAN of spec 000 section 5: spaces removed, upper-cased; as typed at most 24 characters for Austria and 34 without
 * spaces otherwise; ISO 13616 check (ibantools); `AT00` refused; SEPA country of the table.
 */
export function checkIban(value: unknown): Check<string> {
  if (value === undefined || value === null) return fail('REQUIRED');
  if (typeof value !== 'string') return fail('INVALID');
  if (hasForbidden(value)) return fail('INVALID_CHARACTERS');
  const typed = value.replace(/\p{Zs}+/gu, ' ').trim();
  const iban = typed.replace(/ /g, '').toUpperCase();
  if (iban === '') return fail('REQUIRED');
  if (!/^[A-Z0-9]+$/.test(iban)) return fail('INVALID_CHARACTERS');
  if (typed.length > ibanInputCap(iban.slice(0, 2)) || iban.length > IBAN_MAX_LENGTH) return fail('TOO_LONG');
  if (isPlaceholderIban(iban)) return fail('IBAN_PLACEHOLDER');
  if (!isValidIBAN(iban)) return fail('IBAN_INVALID');
  if (!isSepaCountry(iban.slice(0, 2))) return fail('IBAN_NOT_SEPA');
  return pass(iban);
}

/** BIC (ISO 9362), 8 or 11 characters, may be grouped 4-4-3; null when not given. */
export function checkBic(value: unknown): Check<string | null> {
  if (value === undefined || value === null) return pass(null);
  if (typeof value !== 'string') return fail('INVALID');
  if (hasForbidden(value)) return fail('INVALID_CHARACTERS');
  const bic = value.replace(/\p{Zs}/gu, '').toUpperCase();
  if (bic === '') return pass(null);
  if (!/^[A-Z0-9]+$/.test(bic)) return fail('INVALID_CHARACTERS');
  if (bic.length > 11) return fail('TOO_LONG');
  if (!isValidBIC(bic)) return fail('BIC_INVALID');
  return pass(bic);
}
