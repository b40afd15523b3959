import { z } from 'zod';
import { zodFieldErrors } from './field-errors';
import { EMAIL_MAX_LENGTH, isValidEmail, normalizeEmail } from './email';
import { insuranceNumberKind, isValidSvnr, normalizeSvnr } from './svnr';

/**
 * Validation of the registration, password lost, password reset/change, code ordering and e-mail update forms
 * (spec 001 section 5 "Registration" and "Password lost"; spec 000 section 5 "Password" and "E-mail"). Pure zod plus
 * pure helpers, no Node imports, so the web forms use the same rules (`zodResolver(registerSchema)`) and the server
 * checks them again.
 *
 * Each issue carries a field code (`RegistrationFieldCode` of server/modules/registration/registration.graphql) as its `message` and the
 * field name (`RegistrationField`) as its `path`; `fieldErrorsOf` turns a failed parse into `{ field, code }` pairs.
 */

/** Field error codes; the same names as the GraphQL enum RegistrationFieldCode. */
export const REGISTRATION_FIELD_CODES = [
  'REQUIRED',
  'SVNR_FORMAT',
  'SVNR_CHECK_DIGIT',
  'EMAIL_INVALID',
  'EMAIL_MISMATCH',
  'EMAIL_NOT_UNIQUE',
  'PASSWORD_TOO_SHORT',
  'PASSWORD_TOO_LONG',
  'PASSWORD_WEAK',
  'PASSWORD_INSECURE',
  'PASSWORD_COMMON',
  'PASSWORD_MISMATCH',
  'PASSWORD_ALREADY_USED',
  'WRONG_CURRENT_PASSWORD',
  'CODE_FORMAT',
  'TERMS_NOT_ACCEPTED',
  'TOO_LONG',
] as const;
export type RegistrationFieldCode = (typeof REGISTRATION_FIELD_CODES)[number];

/** Fields a field error can name; the same names as the GraphQL enum RegistrationField. */
export const REGISTRATION_FIELDS = [
  'svnr',
  'code',
  'email',
  'emailConfirmation',
  'password',
  'passwordConfirmation',
  'termsAccepted',
  'lastName',
  'currentPassword',
  'newPassword',
  'newPasswordConfirmation',
  'token',
  'kind',
] as const;
export type RegistrationField = (typeof REGISTRATION_FIELDS)[number];

export interface RegistrationFieldError {
  field: RegistrationField;
  code: RegistrationFieldCode;
}

/** Password length limits (spec 000 section 9, spec 001 section 9: 10 to 100 characters). */
export const PASSWORD_MIN_LENGTH = 10;
export const PASSWORD_MAX_LENGTH = 100;
/** Longest last name accepted on the password-lost and code-order forms. */
export const LAST_NAME_MAX_LENGTH = 100;
/** Registration codes and first passwords: 6 to 40 letters and digits (spaces and hyphens are ignored). */
export const CODE_PATTERN = /^[A-Za-z0-9]{6,40}$/;

/** Number of characters (Unicode code points, so "ß" and emoji count once). */
const length = (s: string) => [...s].length;

/**
 * Insurance number check (spec 000 section 5): the 10-digit SVNR with its check digit, or the fund's internal `R`
 * (10 characters) or `A` (11 or 12) numbers (schema/contract/svnr.ts `insuranceNumberKind`). REQUIRED, SVNR_FORMAT
 * (none of the forms), SVNR_CHECK_DIGIT (10 digits starting 1-9 whose check digit does not fit); null when valid.
 */
export function svnrError(value: string): RegistrationFieldCode | null {
  const svnr = normalizeSvnr(value);
  if (svnr === '') return 'REQUIRED';
  if (insuranceNumberKind(svnr) !== null) return null;
  if (!/^[1-9]\d{9}$/.test(svnr)) return 'SVNR_FORMAT';
  return isValidSvnr(svnr) ? null : 'SVNR_CHECK_DIGIT';
}

/** E-mail check after normalising (whitespace removed, lower-cased): REQUIRED or EMAIL_INVALID; null when valid. */
export function emailError(value: string): RegistrationFieldCode | null {
  const email = normalizeEmail(value);
  if (email === '') return 'REQUIRED';
  return isValidEmail(email) ? null : 'EMAIL_INVALID';
}

/**
 * Password rules (spec 000 section 5): REQUIRED, PASSWORD_TOO_LONG (over 100), PASSWORD_TOO_SHORT (under 10),
 * PASSWORD_WEAK (needs a lower-case letter — umlauts and ß count —, an upper-case letter, a digit and a special
 * character, that is anything but a letter, digit or space), PASSWORD_INSECURE (contains the e-mail's local part,
 * the last name or the social insurance number, each compared case-insensitively when at least 3 characters long).
 */
export function passwordError(password: string, context: PersonalPasswordContext = {}): RegistrationFieldCode | null {
  if (password === '') return 'REQUIRED';
  if (length(password) > PASSWORD_MAX_LENGTH) return 'PASSWORD_TOO_LONG';
  if (length(password) < PASSWORD_MIN_LENGTH) return 'PASSWORD_TOO_SHORT';
  const rules = passwordRuleChecks(password);
  if (!(rules.lowercase && rules.uppercase && rules.digit && rules.special)) return 'PASSWORD_WEAK';
  if (containsPersonalData(password, context)) return 'PASSWORD_INSECURE';
  return null;
}

/** What a password must not contain (spec 000 section 5): the person's names, e-mail (local part) and SVNR. */
export interface PersonalPasswordContext {
  email?: string;
  firstName?: string;
  lastName?: string;
  svnr?: string;
}

/**
 * Whether `password` contains (case-insensitively) the first or last name, the e-mail's local part or the SVNR,
 * each of at least 3 characters. The live checklist asks it with what the form knows (e-mail, SVNR); the server
 * adds the names of the person.
 */
export function containsPersonalData(password: string, context: PersonalPasswordContext): boolean {
  const folded = password.toLowerCase();
  const parts = [
    normalizeEmail(context.email ?? '').split('@')[0] ?? '',
    (context.firstName ?? '').trim().toLowerCase(),
    (context.lastName ?? '').trim().toLowerCase(),
    normalizeSvnr(context.svnr ?? ''),
  ];
  return parts.some((p) => p.length >= 3 && folded.includes(p));
}

/**
 * Each password rule of spec 000 section 5 on its own, for the live checklist of the web forms (the same tests as
 * `passwordError`): `length` 10 to 100 characters, a lower-case letter (umlauts and ß count), an upper-case letter,
 * a digit, a special character (anything but a letter, digit or space).
 */
export function passwordRuleChecks(password: string): { length: boolean; lowercase: boolean; uppercase: boolean; digit: boolean; special: boolean } {
  const count = length(password);
  return {
    length: count >= PASSWORD_MIN_LENGTH && count <= PASSWORD_MAX_LENGTH,
    lowercase: /[a-zäöüß]/.test(password) || /\p{Ll}/u.test(password),
    uppercase: /\p{Lu}/u.test(password),
    digit: /\d/.test(password),
    special: /[^\p{L}\p{N}\s]/u.test(password),
  };
}

/** Registration code or first password: REQUIRED or CODE_FORMAT; null when well-formed. */
export function codeError(value: string): RegistrationFieldCode | null {
  const code = normalizeCode(value);
  if (code === '') return 'REQUIRED';
  return CODE_PATTERN.test(code) ? null : 'CODE_FORMAT';
}

/** Removes spaces and hyphens a member may type into a code ("abcd-efgh-jkmn" → "abcdefghjkmn"). */
export function normalizeCode(value: string): string {
  return value.replace(/[\s-]/g, '');
}

/** Checkbox values: true, or the legacy form strings 'true' / '1'. */
const accepted = (v: unknown) => v === true || v === 'true' || v === '1';

const str = z.string().max(10_000);

type Ctx = z.RefinementCtx;
function add(ctx: Ctx, field: RegistrationField, code: RegistrationFieldCode | null): void {
  if (code) ctx.addIssue({ code: 'custom', path: [field], message: code });
}

function checkNewPassword(
  ctx: Ctx,
  fields: { password: RegistrationField; confirmation: RegistrationField },
  password: string,
  confirmation: string,
  context: { email?: string; svnr?: string },
): void {
  const code = passwordError(password, context);
  add(ctx, fields.password, code);
  if (confirmation === '') add(ctx, fields.confirmation, 'REQUIRED');
  else if (confirmation !== password) add(ctx, fields.confirmation, 'PASSWORD_MISMATCH');
}

function checkEmailPair(ctx: Ctx, email: string, confirmation: string): void {
  add(ctx, 'email', emailError(email));
  if (normalizeEmail(confirmation) === '') add(ctx, 'emailConfirmation', 'REQUIRED');
  else if (normalizeEmail(confirmation) !== normalizeEmail(email)) add(ctx, 'emailConfirmation', 'EMAIL_MISMATCH');
}

function checkLastName(ctx: Ctx, lastName: string): void {
  if (lastName.trim() === '') add(ctx, 'lastName', 'REQUIRED');
  else if (length(lastName.trim()) > LAST_NAME_MAX_LENGTH) add(ctx, 'lastName', 'TOO_LONG');
}

/** First registration (spec 001 section 3 "Registration"). */
export const registerSchema = z
  .object({
    svnr: str,
    code: str,
    email: str,
    emailConfirmation: str,
    password: str,
    passwordConfirmation: str,
    termsAccepted: z.union([z.boolean(), z.string()]),
  })
  .superRefine((v, ctx) => {
    add(ctx, 'svnr', svnrError(v.svnr));
    add(ctx, 'code', codeError(v.code));
    checkEmailPair(ctx, v.email, v.emailConfirmation);
    checkNewPassword(ctx, { password: 'password', confirmation: 'passwordConfirmation' }, v.password, v.passwordConfirmation, { email: v.email, svnr: v.svnr });
    if (!accepted(v.termsAccepted)) add(ctx, 'termsAccepted', 'TERMS_NOT_ACCEPTED');
  });
export type RegisterFormInput = z.input<typeof registerSchema>;

/** Password lost (spec 001 section 5: number, e-mail, last name required; terms accepted). */
export const passwordLostSchema = z
  .object({
    svnr: str,
    email: str,
    lastName: str,
    termsAccepted: z.union([z.boolean(), z.string()]),
    addEmail: z.union([z.boolean(), z.string()]).nullish(),
  })
  .superRefine((v, ctx) => {
    add(ctx, 'svnr', svnrError(v.svnr));
    add(ctx, 'email', emailError(v.email));
    checkLastName(ctx, v.lastName);
    if (!accepted(v.termsAccepted)) add(ctx, 'termsAccepted', 'TERMS_NOT_ACCEPTED');
  });
export type PasswordLostFormInput = z.input<typeof passwordLostSchema>;

/** New password from a reset link (the token itself is checked by the server). */
export const resetPasswordSchema = z.object({ token: str, newPassword: str, newPasswordConfirmation: str }).superRefine((v, ctx) => {
  checkNewPassword(ctx, { password: 'newPassword', confirmation: 'newPasswordConfirmation' }, v.newPassword, v.newPasswordConfirmation, {});
});
export type ResetPasswordFormInput = z.input<typeof resetPasswordSchema>;

/** New password for an access whose password was judged insecure (/pwdChange). */
export const changeInsecurePasswordSchema = z.object({ newPassword: str, newPasswordConfirmation: str }).superRefine((v, ctx) => {
  checkNewPassword(ctx, { password: 'newPassword', confirmation: 'newPasswordConfirmation' }, v.newPassword, v.newPasswordConfirmation, {});
});
export type ChangeInsecurePasswordFormInput = z.input<typeof changeInsecurePasswordSchema>;

/** Password change in the settings: the current password plus a new one by the same rules. */
export const changePasswordSchema = z.object({ currentPassword: str, newPassword: str, newPasswordConfirmation: str }).superRefine((v, ctx) => {
  if (v.currentPassword === '') add(ctx, 'currentPassword', 'REQUIRED');
  else if (length(v.currentPassword) > PASSWORD_MAX_LENGTH) add(ctx, 'currentPassword', 'WRONG_CURRENT_PASSWORD');
  checkNewPassword(ctx, { password: 'newPassword', confirmation: 'newPasswordConfirmation' }, v.newPassword, v.newPasswordConfirmation, {});
});
export type ChangePasswordFormInput = z.input<typeof changePasswordSchema>;

/** Order of a registration code or first password by post. */
export const orderRegistrationCodeSchema = z.object({ svnr: str, lastName: str, kind: z.enum(['REGISTRATION_CODE', 'FIRST_PASSWORD']).nullish() }).superRefine((v, ctx) => {
  add(ctx, 'svnr', svnrError(v.svnr));
  checkLastName(ctx, v.lastName);
});
export type OrderRegistrationCodeFormInput = z.input<typeof orderRegistrationCodeSchema>;

/** A changed e-mail address on /updateRegistration/{status}. */
export const updateRegistrationEmailSchema = z.object({ email: str, emailConfirmation: str }).superRefine((v, ctx) => {
  checkEmailPair(ctx, v.email, v.emailConfirmation);
  if (normalizeEmail(v.email).length > EMAIL_MAX_LENGTH) add(ctx, 'email', 'EMAIL_INVALID');
});
export type UpdateRegistrationEmailFormInput = z.input<typeof updateRegistrationEmailSchema>;

/** The `{ field, code }` pairs of a failed parse (first error per field, in the form's order). */
export function fieldErrorsOf(error: z.ZodError): RegistrationFieldError[] {
  const isCode = (message: string): message is RegistrationFieldCode => (REGISTRATION_FIELD_CODES as readonly string[]).includes(message);
  return zodFieldErrors(error.issues, { fields: REGISTRATION_FIELDS, codeOf: (message) => (isCode(message) ? message : 'REQUIRED') }) as RegistrationFieldError[];
}
