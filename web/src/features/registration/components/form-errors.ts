import type { FieldErrors, FieldValues, Path, UseFormSetError } from 'react-hook-form';
import type { RegistrationField, RegistrationFieldCode } from '@contract/registration';
import registrationCatalogue from '@contract/i18n/de/registration.json';
import { applyServerFieldErrors as applyFieldErrors } from '../../../lib/forms/server-field-errors';

type Catalogue = (typeof registrationCatalogue)['registration'];

/** Catalogue key of a field message: `registration.required.<field>` or `registration.fieldError.<code>`. */
export type FieldMessageKey = `registration.required.${keyof Catalogue['required']}` | `registration.fieldError.${keyof Catalogue['fieldError']}`;

/** Fields with a "please enter …" text, and codes with their own text: whatever the catalogue has a message for. */
const REQUIRED_FIELDS: ReadonlySet<string> = new Set(Object.keys(registrationCatalogue.registration.required));
const FIELD_CODES: ReadonlySet<string> = new Set(Object.keys(registrationCatalogue.registration.fieldError));

/**
 * The German message for a refused field (server/modules/registration/registration.graphql `RegistrationFieldCode`, spec 001 section 8):
 * REQUIRED names the field ("Bitte geben Sie Ihre Sozialversicherungsnummer ein."), every other code has one text;
 * an unknown code (a newer server) gets "Bitte prüfen Sie Ihre Eingabe." rather than nothing.
 */
export function fieldMessageKey(field: RegistrationField | string, code: RegistrationFieldCode | string): FieldMessageKey {
  if (code === 'REQUIRED') {
    return REQUIRED_FIELDS.has(field) ? (`registration.required.${field}` as FieldMessageKey) : 'registration.fieldError.UNKNOWN';
  }
  if (code === 'TERMS_NOT_ACCEPTED') return 'registration.required.termsAccepted';
  return FIELD_CODES.has(code) ? (`registration.fieldError.${code}` as FieldMessageKey) : 'registration.fieldError.UNKNOWN';
}

/** A refused field of a registration answer (its `field` and `code`). */
export interface ServerFieldError {
  field: RegistrationField | string;
  code: RegistrationFieldCode | string;
}

/**
 * Puts the server's field errors on the form's fields (`setError` with the message's catalogue key as message), for
 * the fields the form has; the others are returned, so the page can show them in the summary. The shared helper
 * (web/src/lib/forms/server-field-errors.ts) with the registration texts.
 */
export function applyServerFieldErrors<T extends FieldValues>(
  fieldErrors: readonly ServerFieldError[],
  formFields: readonly Path<T>[],
  setError: UseFormSetError<T>,
): ServerFieldError[] {
  return applyFieldErrors(fieldErrors, formFields, setError, { messageOf: (error) => fieldMessageKey(error.field, error.code) });
}

/**
 * The message key of a react-hook-form error: our own catalogue keys stay as they are; a code of the shared zod rules
 * (schema/contract/registration.ts reports `RegistrationFieldCode` values) becomes its text.
 */
export function messageKeyOf(field: string, message: string | undefined): FieldMessageKey | undefined {
  if (!message) return undefined;
  if (message.startsWith('registration.')) return message as FieldMessageKey;
  return fieldMessageKey(field, message);
}

/** The fields of `order` that have an error, in form order (for the error summary). */
export function erroredFields<T extends FieldValues>(errors: FieldErrors<T>, order: readonly Path<T>[]): Path<T>[] {
  return order.filter((name) => Boolean((errors as Record<string, unknown>)[name]));
}
