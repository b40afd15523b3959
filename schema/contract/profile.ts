import { isValidBIC, isValidIBAN } from 'ibantools';
import { postcodeValidator, postcodeValidatorExistsForCountry } from 'postcode-validator';
import { z } from 'zod';
import { isValidEmail, normalizeEmail, EMAIL_MAX_LENGTH, EMAIL_MIN_LENGTH } from './email';
import { addMonths, isIsoDate, parseIsoDate } from './dates';
import { isPlaceholderIban } from './iban';
import { normalizePhone, phoneProblem } from './phone';
import { IBAN_MAX_LENGTH, countryByCode, ibanInputCap, isBicRequired, isSepaCountry, resolveCountry } from './countries';

/**
 * Validation of the profile forms on /einstellungen (spec 001 section 5 "Profile address", "Bank data"; spec 000
 * section 5 e-mail, IBAN, BIC, SEPA check, domestic-country test). Pure: zod, ibantools and postcode-validator only,
 * no Node imports, so the web forms use the same rules (`zodResolver(changeAddressSchema)`) and the server checks
 * them again.
 *
 * Every check is a plain function returning the normalised value or field errors `{ field, code }`; the zod
 * schemas wrap them, putting the code in the issue `message` and the field in its `path`. The codes are listed in
 * schema/profile.graphql (`ProfileChangeError` description) and below in `PROFILE_FIELD_CODES`.
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

type Check<T> = { ok: true; value: T } | { ok: false; code: ProfileFieldCode };
const pass = <T>(value: T): Check<T> => ({ ok: true, value });
const fail = (code: ProfileFieldCode): Check<never> => ({ ok: false, code });

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

const codePoints = (s: string) => [...s].length;

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

function hasForbidden(s: string): boolean {
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

/** Result of a whole-form check: the normalised values, or one error per refused field. */
export type FormCheck<T> = { ok: true; value: T } | { ok: false; fieldErrors: ProfileFieldError[] };

function collect<T>(fields: Record<string, Check<unknown>>, build: () => T, extra: ProfileFieldError[] = []): FormCheck<T> {
  const fieldErrors: ProfileFieldError[] = [];
  for (const [field, check] of Object.entries(fields)) if (!check.ok) fieldErrors.push({ field, code: check.code });
  for (const e of extra) if (!fieldErrors.some((f) => f.field === e.field)) fieldErrors.push(e);
  return fieldErrors.length ? { ok: false, fieldErrors } : { ok: true, value: build() };
}

const valueOf = <T>(c: Check<T>): T => (c as { ok: true; value: T }).value;
const asRecord = (input: unknown): Record<string, unknown> => (input && typeof input === 'object' ? (input as Record<string, unknown>) : {});

/**
 * The current password of a step-up (issue 11 item 1) as sent: a string or nothing (null). Its length is not
 * checked here: the step-up service treats an over-long password as a wrong one, counted and with equal work.
 */
function checkStepUpPassword(value: unknown): Check<string | null> {
  if (value === undefined || value === null || value === '') return pass(null);
  return typeof value === 'string' ? pass(value) : fail('INVALID');
}

/**
 * E-mail change form: new address and its confirmation (spec 001 section 2), plus the current password of the
 * step-up (null when none was sent; the server may accept a recent eID login instead).
 */
export interface EmailChangeValues {
  newEmail: string;
  currentPassword: string | null;
}

export function validateEmailChange(input: unknown, currentEmail?: string | null): FormCheck<EmailChangeValues> {
  const raw = asRecord(input);
  const email = checkEmail(raw.newEmail);
  const confirmation = checkEmail(raw.newEmailConfirmation);
  const currentPassword = checkStepUpPassword(raw.currentPassword);
  const extra: ProfileFieldError[] = [];
  if (email.ok && confirmation.ok && email.value !== confirmation.value) extra.push({ field: 'newEmailConfirmation', code: 'MISMATCH' });
  if (email.ok && currentEmail && email.value === currentEmail.toLowerCase()) extra.push({ field: 'newEmail', code: 'UNCHANGED' });
  return collect({ newEmail: email, newEmailConfirmation: confirmation, currentPassword }, () => ({ newEmail: valueOf(email), currentPassword: valueOf(currentPassword) }), extra);
}

/** Address form (spec 001 section 5 "Profile address"). `country` is the ISO code after reading the entry. */
export interface AddressValues {
  street: string;
  postcode: string;
  city: string;
  country: string;
  poBox: string | null;
  validFrom: string;
}

/**
 * Checks the address form. With `today` (ISO date) the valid-from date must lie between one year back and today:
 * the person holds one current address, so a future-dated address could not wait for its day.
 */
export function validateAddress(input: unknown, today?: string): FormCheck<AddressValues> {
  const raw = asRecord(input);
  const street = checkText(raw.street, PROFILE_LIMITS.street);
  const postcodeText = checkPostcodeText(raw.postcode);
  const city = checkText(raw.city, PROFILE_LIMITS.city);
  const country = checkCountry(raw.country);
  const poBox = checkText(raw.poBox, PROFILE_LIMITS.poBox, { optional: true });
  let validFrom = checkIsoDate(raw.validFrom);
  if (validFrom.ok && today && (validFrom.value! > today || validFrom.value! < addMonths(today, -12))) validFrom = fail('DATE_OUT_OF_RANGE');
  let postcode: Check<string> = postcodeText;
  if (postcodeText.ok && country.ok && !postcodeFitsCountry(postcodeText.value, country.value)) postcode = fail('POSTCODE_INVALID_FOR_COUNTRY');
  return collect({ street, postcode, city, country, poBox, validFrom }, () => ({
    street: valueOf(street)!,
    postcode: valueOf(postcode),
    city: valueOf(city)!,
    country: valueOf(country),
    poBox: valueOf(poBox),
    validFrom: valueOf(validFrom)!,
  }));
}

/** Bank details form (spec 001 section 5 "Bank data"). */
export interface BankDetailsValues {
  accountHolder: string;
  bankName: string;
  iban: string;
  bic: string | null;
  /** Null = from today. */
  validFrom: string | null;
  /** Current password of the step-up; null when none was sent. */
  currentPassword: string | null;
}

/** Checks the bank details form. With `today`, the valid-from date lies between today and one year ahead. */
export function validateBankDetails(input: unknown, today?: string): FormCheck<BankDetailsValues> {
  const raw = asRecord(input);
  const accountHolder = checkText(raw.accountHolder, PROFILE_LIMITS.accountHolder);
  const bankName = checkText(raw.bankName, PROFILE_LIMITS.bankName);
  const iban = checkIban(raw.iban);
  let bic = checkBic(raw.bic);
  if (iban.ok && bic.ok && bic.value === null && isBicRequired(iban.value.slice(0, 2))) bic = fail('BIC_REQUIRED');
  let validFrom = checkIsoDate(raw.validFrom, { optional: true });
  if (validFrom.ok && validFrom.value && today && (validFrom.value < today || validFrom.value > addMonths(today, 12))) validFrom = fail('DATE_OUT_OF_RANGE');
  const currentPassword = checkStepUpPassword(raw.currentPassword);
  return collect({ accountHolder, bankName, iban, bic, validFrom, currentPassword }, () => ({
    accountHolder: valueOf(accountHolder)!,
    bankName: valueOf(bankName)!,
    iban: valueOf(iban),
    bic: valueOf(bic),
    validFrom: valueOf(validFrom),
    currentPassword: valueOf(currentPassword),
  }));
}

/** Phone form (spec 001 section 3 "Person": phone; spec 000 section 5 rule). Null = no phone on file. */
export interface PhoneValues {
  phone: string | null;
}

/**
 * Checks the phone form: digits, space, plus, slash and hyphen, 7 to 30 characters (schema/contract/phone.ts).
 * Empty (or only spaces) removes the stored number; control and format characters are INVALID_CHARACTERS.
 */
export function validatePhone(input: unknown): FormCheck<PhoneValues> {
  const raw = asRecord(input).phone;
  let phone: Check<string | null>;
  if (raw === undefined || raw === null) phone = pass(null);
  else if (typeof raw !== 'string') phone = fail('INVALID');
  else if (hasForbidden(raw)) phone = fail('INVALID_CHARACTERS');
  else if (normalizePhone(raw) === '') phone = pass(null);
  else {
    const problem = phoneProblem(raw);
    phone = problem ? fail(problem) : pass(normalizePhone(raw));
  }
  return collect({ phone }, () => ({ phone: valueOf(phone) }));
}

/** Deleting the access: the current password and the explicit confirmation. */
export interface DeleteAccessValues {
  currentPassword: string;
}

export function validateDeleteAccess(input: unknown): FormCheck<DeleteAccessValues> {
  const raw = asRecord(input);
  const pw = raw.currentPassword;
  const password: Check<string> =
    pw === undefined || pw === null || pw === ''
      ? fail('REQUIRED')
      : typeof pw !== 'string'
        ? fail('INVALID')
        : codePoints(pw) > PROFILE_LIMITS.password
          ? fail('TOO_LONG')
          : pass(pw);
  const confirmed: Check<true> = raw.confirmed === true || raw.confirmed === 'true' ? pass(true) : fail('NOT_CONFIRMED');
  return collect({ currentPassword: password, confirmed }, () => ({ currentPassword: valueOf(password) }));
}

/** Wraps a form check as a zod schema (issues: `message` = code, `path` = [field]) for react-hook-form and REST. */
function asZod<I, T>(shape: z.ZodType<I>, validate: (input: I) => FormCheck<T>) {
  return shape.transform((input, ctx) => {
    const r = validate(input);
    if (r.ok) return r.value;
    for (const e of r.fieldErrors) ctx.issues.push({ code: 'custom', message: e.code, path: [e.field], input });
    return z.NEVER;
  });
}

const str = z.string({ error: 'INVALID' }).nullish();

/** Form input of the e-mail change (web form and REST `changeEmail`). */
export const emailChangeInput = z.object({ newEmail: str, newEmailConfirmation: str, currentPassword: str });
export const emailChangeSchema = asZod(emailChangeInput, (i) => validateEmailChange(i));

/** Form input of the address change (web form and REST `changeAddress`); `createAddressSchema(today)` adds the date window. */
export const addressInput = z.object({ street: str, postcode: str, city: str, country: str, poBox: str, validFrom: str });
export const createAddressSchema = (today?: string) => asZod(addressInput, (i) => validateAddress(i, today));
export const addressSchema = createAddressSchema();

/** Form input of the bank details (web form and REST `changeBankDetails`); `createBankDetailsSchema(today)` adds the window. */
export const bankDetailsInput = z.object({ accountHolder: str, bankName: str, iban: str, bic: str, validFrom: str, currentPassword: str });
export const createBankDetailsSchema = (today?: string) => asZod(bankDetailsInput, (i) => validateBankDetails(i, today));
export const bankDetailsSchema = createBankDetailsSchema();

/** Form input of the phone change (web form and GraphQL `changePhone`). */
export const phoneInput = z.object({ phone: str });
export const phoneChangeSchema = asZod(phoneInput, (i) => validatePhone(i));

/** Form input of deleting the access (web form and REST `deleteAccess`). */
export const deleteAccessInput = z.object({ currentPassword: str, confirmed: z.union([z.boolean(), z.string()]).nullish() });
export const deleteAccessSchema = asZod(deleteAccessInput, (i) => validateDeleteAccess(i));

/** The IBAN masked for display and the change log: country, check digits and the last four, e.g. `AT61 **** **** **** 4321`. */
export function maskIban(iban: string): string {
  const e = iban.replace(/\s+/g, '').toUpperCase();
  if (e.length < 8) return '****';
  const masked = e.slice(0, 4) + '*'.repeat(e.length - 8) + e.slice(-4);
  return masked.replace(/(.{4})(?=.)/g, '$1 ');
}

/** German country name for a code of the table (for display), or the code itself. */
export function countryName(code: string): string {
  return countryByCode(code)?.name ?? code;
}
