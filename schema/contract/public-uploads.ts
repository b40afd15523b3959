/**
 * The plain upload form `/upload-formular` (spec 000 routes table; spec 001 sections 5, 8; decision 0024; decision
 * 0024), shared by the web form (web/src/features/public-uploads) and the public-uploads service
 * (server/modules/public-uploads): its limits, codes and the one rule `checkUploadForm`. Catalogue texts under
 * `uploadForm.error.<code>` (schema/contract/i18n/de/upload-form.json).
 */
import { CAPTCHA_FIELD_MAX } from './captcha';
import { EMAIL_MAX_LENGTH, isValidEmail, normalizeEmail } from './email';
import { isValidSvnr, normalizeSvnr } from './svnr';
import { UPLOAD_ID_PATTERN } from './uploads';

/** Most files one submission carries (each at most UPLOAD_MAX_BYTES), and most pending files one captcha may hold. */
export const UPLOAD_FORM_MAX_FILES = 10;
/** Longest first or last name (characters). */
export const UPLOAD_FORM_NAME_MAX = 100;
/** Longest message (characters). */
export const UPLOAD_FORM_MESSAGE_MAX = 1000;

/** What the form sends (GraphQL `SubmitUploadFormInput`, REST `webportal/uploadForm`). */
export interface UploadFormInput {
  firstName: string;
  lastName: string;
  svnr: string;
  email: string;
  emailConfirmation: string;
  message: string;
  termsAccepted: boolean;
  /** Ids from `POST /webportal/upload?purpose=upload-form` sent with the same captcha. */
  fileIds: readonly string[];
  /** The solved captcha (base64 ALTCHA payload). */
  captcha: string;
}

/** The checked values (names and message trimmed, SVNR digits only, e-mail normalised). */
export type UploadFormValues = Omit<UploadFormInput, 'emailConfirmation' | 'termsAccepted'>;

/**
 * Form-level refusals: NOT_OFFERED (a tenant without the upload form, server/tenants.ts `uploadForm`: the regional
 * one, spec 000 section 2), INVALID_DATA (see the field errors), CAPTCHA_INVALID / CAPTCHA_EXPIRED / CAPTCHA_USED,
 * UPLOAD_ERROR (a file id unknown, not sent with this captcha or already used; spec 001 section 8 "upload error"),
 * MAINTENANCE (MAINTENANCE=1; "maintenance"), TECHNICAL_ERROR (anything unexpected; "technical error", "global error"),
 * RATE_LIMITED (too many submissions from the IP address or to the receipt address: PUBLIC_FORM_IP_MAX_PER_HOUR,
 * PUBLIC_FORM_EMAIL_MAX_PER_DAY; with the seconds to wait; decision 0041).
 */
export const UPLOAD_FORM_ERROR_CODES = [
  'NOT_OFFERED',
  'INVALID_DATA',
  'CAPTCHA_INVALID',
  'CAPTCHA_EXPIRED',
  'CAPTCHA_USED',
  'UPLOAD_ERROR',
  'MAINTENANCE',
  'TECHNICAL_ERROR',
  'RATE_LIMITED',
] as const;
export type UploadFormErrorCode = (typeof UPLOAD_FORM_ERROR_CODES)[number];

/** Field-error codes of `checkUploadForm`. */
export type UploadFormFieldCode =
  'REQUIRED' | 'TOO_LONG' | 'SVNR_INVALID' | 'EMAIL_INVALID' | 'EMAIL_MISMATCH' | 'TERMS_REQUIRED' | 'FILES_REQUIRED' | 'TOO_MANY_FILES' | 'FILE_ID_INVALID' | 'CAPTCHA_INVALID';

/**
 * The rules of spec 001 section 5 "Merge and upload" for the plain upload form: first and last name, a valid social
 * insurance number (10 digits, check digit), e-mail with an equal confirmation, a message, terms accepted, 1 to
 * UPLOAD_FORM_MAX_FILES files and a captcha. Answers the cleaned values or the field errors in the form's order.
 */
export function checkUploadForm(input: UploadFormInput): { ok: true; value: UploadFormValues } | { ok: false; fieldErrors: { field: string; code: UploadFormFieldCode }[] } {
  const errors: { field: string; code: UploadFormFieldCode }[] = [];
  const text = (field: 'firstName' | 'lastName' | 'message', max: number): string => {
    const value = input[field].trim();
    if (value === '') errors.push({ field, code: 'REQUIRED' });
    else if (value.length > max) errors.push({ field, code: 'TOO_LONG' });
    return value;
  };
  const firstName = text('firstName', UPLOAD_FORM_NAME_MAX);
  const lastName = text('lastName', UPLOAD_FORM_NAME_MAX);
  const svnr = normalizeSvnr(input.svnr);
  if (input.svnr.trim() === '') errors.push({ field: 'svnr', code: 'REQUIRED' });
  else if (!isValidSvnr(svnr)) errors.push({ field: 'svnr', code: 'SVNR_INVALID' });
  const email = normalizeEmail(input.email);
  if (email === '') errors.push({ field: 'email', code: 'REQUIRED' });
  else if (email.length > EMAIL_MAX_LENGTH || !isValidEmail(email)) errors.push({ field: 'email', code: 'EMAIL_INVALID' });
  if (normalizeEmail(input.emailConfirmation) !== email) errors.push({ field: 'emailConfirmation', code: 'EMAIL_MISMATCH' });
  const message = text('message', UPLOAD_FORM_MESSAGE_MAX);
  if (input.termsAccepted !== true) errors.push({ field: 'termsAccepted', code: 'TERMS_REQUIRED' });
  if (input.fileIds.length === 0) errors.push({ field: 'fileIds', code: 'FILES_REQUIRED' });
  else if (input.fileIds.length > UPLOAD_FORM_MAX_FILES) errors.push({ field: 'fileIds', code: 'TOO_MANY_FILES' });
  else if (input.fileIds.some((id) => !UPLOAD_ID_PATTERN.test(id))) errors.push({ field: 'fileIds', code: 'FILE_ID_INVALID' });
  if (input.captcha === '' || input.captcha.length > CAPTCHA_FIELD_MAX) errors.push({ field: 'captcha', code: 'CAPTCHA_INVALID' });
  if (errors.length > 0) return { ok: false, fieldErrors: errors };
  return { ok: true, value: { firstName, lastName, svnr, email, message, fileIds: [...new Set(input.fileIds)], captcha: input.captcha } };
}
