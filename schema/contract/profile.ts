import { z } from 'zod';
import { addMonths } from './dates';
import { normalizePhone, phoneProblem } from './phone';
import { countryByCode, isBicRequired } from './countries';
import {
  checkBic,
  checkCountry,
  checkEmail,
  checkIban,
  checkIsoDate,
  checkPostcodeText,
  checkText,
  codePoints,
  fail,
  hasForbidden,
  pass,
  postcodeFitsCountry,
  PROFILE_LIMITS,
  type Check,
  type ProfileFieldError,
} from './profile-fields';

/** A form check's field errors and their codes are the field checks' (profile-fields.ts). */
export type { ProfileFieldCode, ProfileFieldError } from './profile-fields';

/**
 * Validation of the profile forms on /einstellungen (spec 001 section 5 "Profile address", "Bank data"; spec 000
 * section 5 e-mail, IBAN, BIC, SEPA check, domestic-country test). Pure: zod, ibantools and postcode-validator only,
 * no Node imports, so the web forms use the same rules (`zodResolver(changeAddressSchema)`) and the server checks
 * them again.
 *
 * Every check is a plain function returning the normalised value or field errors `{ field, code }`; the zod
 * schemas wrap them, putting the code in the issue `message` and the field in its `path`. The codes are listed in
 * server/modules/profile/profile.graphql (`ProfileChangeError` description) and in `PROFILE_FIELD_CODES` (profile-fields.ts).
 */

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
 * The current password of a step-up (decision 0011) as sent: a string or nothing (null). Its length is not
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
