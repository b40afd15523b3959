import catalogue from '@contract/i18n/de/own-contributions.json';
import type { OwnContributionErrorCode, OwnContributionFieldError } from './own-contributions.model';

/**
 * German messages of refused own-contribution calls for GraphQL `message` fields and REST answers, from the shared
 * catalogue (schema/contract/i18n/de/own-contributions.json; spec 001 section 8).
 */
const ERRORS: Record<string, string> = catalogue.ownContributions.errors;
const FIELDS: Record<string, string> = catalogue.ownContributions.fieldErrors;

/** The message of an error code. */
export function ownContributionErrorMessage(code: OwnContributionErrorCode): string {
  return ERRORS[code] ?? ERRORS.ERROR_INTERNAL!;
}

/**
 * The field name a client sent: the service checks cents as `amountCents`, GraphQL and REST take them as `amount`, so
 * a refusal names the input field the caller knows.
 */
export function publicFieldName(field: string): string {
  return field === 'amountCents' ? 'amount' : field;
}

/**
 * A field error with its German message, named by the input field of the API (`amount`, not `amountCents`). The
 * error's `params` fill the text's `{{…}}` placeholders (`START_TOO_EARLY`: the earliest debit date DD.MM.YYYY and the
 * period's days; decision 0044).
 */
export function ownContributionFieldError(e: OwnContributionFieldError): { field: string; code: string; message: string } {
  const text = FIELDS[e.code] ?? FIELDS.INVALID!;
  const params = e.params ?? {};
  return { field: publicFieldName(e.field), code: e.code, message: text.replace(/\{\{(\w+)\}\}/g, (m, k: string) => params[k] ?? m) };
}

/** `{ ok: null, error }` of a refused call (decision 0012). */
export function ownContributionError(r: { code: OwnContributionErrorCode; fieldErrors: OwnContributionFieldError[] }) {
  return { ok: null, error: { code: r.code, message: ownContributionErrorMessage(r.code), fieldErrors: r.fieldErrors.map(ownContributionFieldError) } };
}
