import type { TFunction } from 'i18next';
import type { FieldValues, Path, UseFormSetError } from 'react-hook-form';
import settings from '@contract/i18n/de/settings.json';

/** Field error codes with a text in the catalogue (`settings.fieldError.<code>`): profile and password codes. */
export type SettingsFieldCode = keyof typeof settings.settings.fieldError;

const KNOWN_CODES = new Set(Object.keys(settings.settings.fieldError));

/** Whether `code` has its own text. */
export function isSettingsFieldCode(code: string): code is SettingsFieldCode {
  return KNOWN_CODES.has(code);
}

/**
 * German text of a field error code, whether it came from the shared zod schema (issue message) or from the server
 * (`fieldErrors[].code`); an unknown code reads as "invalid input".
 */
export function fieldErrorText(t: TFunction, code: string | undefined): string | undefined {
  if (!code) return undefined;
  return t(`settings.fieldError.${isSettingsFieldCode(code) ? code : 'INVALID'}`);
}

/**
 * Puts the server's field errors on the form's fields (the first one takes the focus); errors of fields the form
 * does not have are left out. Returns how many were placed.
 */
export function applyServerFieldErrors<T extends FieldValues>(
  setError: UseFormSetError<T>,
  fieldErrors: ReadonlyArray<{ field: string; code: string }>,
  fields: readonly Path<T>[],
): number {
  let placed = 0;
  for (const error of fieldErrors) {
    const field = fields.find((name) => name === error.field);
    if (!field) continue;
    setError(field, { type: 'server', message: error.code }, { shouldFocus: placed === 0 });
    placed += 1;
  }
  return placed;
}
