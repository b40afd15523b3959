import type { TFunction } from 'i18next';
import type { FieldValues, Path, UseFormSetError } from 'react-hook-form';
import settings from '@contract/i18n/de/settings.json';
import { applyServerFieldErrors, type ServerFieldError } from '../../../lib/forms/server-field-errors';

/** Field error codes with a text in the catalogue (`settings.fieldError.<code>`): profile and password codes. */
export type SettingsFieldCode = keyof typeof settings.settings.fieldError;

const KNOWN_CODES = new Set(Object.keys(settings.settings.fieldError));
/** Fields whose empty value has a message naming them (`settings.required.<field>`). */
const REQUIRED_TEXTS: ReadonlySet<string> = new Set(Object.keys(settings.settings.required));

/** Whether `code` has its own text. */
export function isSettingsFieldCode(code: string): code is SettingsFieldCode {
  return KNOWN_CODES.has(code);
}

/**
 * German text of a field error code, whether it came from the shared zod schema (issue message) or from the server
 * (`fieldErrors[].code`); an unknown code reads as "invalid input". An empty required `field` is named
 * ("Bitte geben Sie die Postleitzahl ein.", `settings.required.<field>`), as registration and login do.
 */
export function fieldErrorText(t: TFunction, code: string | undefined, field?: string): string | undefined {
  if (!code) return undefined;
  if (code === 'REQUIRED' && field && REQUIRED_TEXTS.has(field)) return t(`settings.required.${field as keyof typeof settings.settings.required}`);
  return t(`settings.fieldError.${isSettingsFieldCode(code) ? code : 'INVALID'}`);
}

/**
 * Puts the server's field errors on the form's fields with the shared helper (web/src/lib/forms/server-field-errors.ts):
 * the code is the message (`fieldErrorText` words it), the first placed field takes the focus. True when none of the
 * errors belongs to a field of the form, so the section shows its general failure instead.
 */
export function nonePlaced<T extends FieldValues>(fieldErrors: readonly ServerFieldError[], fields: readonly Path<T>[], setError: UseFormSetError<T>): boolean {
  return applyServerFieldErrors(fieldErrors, fields, setError, { focusFirst: true }).length === fieldErrors.length;
}
