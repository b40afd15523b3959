import catalogue from '@contract/i18n/de/claim.json';
import type { ClaimErrorCode } from './claims.service';

const texts = catalogue.claim;

/**
 * German messages of a refused severance claim for GraphQL `SubmitSeveranceClaimError.message` and `FieldError.message`,
 * read from the catalogue the web app shows too (schema/contract/i18n/de/claim.json, `claim.error` and `claim.field`), so
 * screen and API word them alike. Spec 001 section 8 "Claim: already submitted recently, global error on creation".
 */
export const CLAIM_ERROR_MESSAGES: Record<ClaimErrorCode, string> = {
  ERROR_INVALID_INPUT: texts.error.ERROR_INVALID_INPUT,
  ERROR_NO_RIGHT_TO_DECIDE: texts.error.ERROR_NO_RIGHT_TO_DECIDE,
  ERROR_OPTION_NOT_ALLOWED: texts.error.ERROR_OPTION_NOT_ALLOWED,
  ERROR_ALREADY_SUBMITTED: texts.error.ERROR_ALREADY_SUBMITTED,
  ERROR_PWD_INVALID: texts.error.ERROR_PWD_INVALID,
  ERROR_UPLOAD: texts.error.ERROR_UPLOAD,
};

const FIELD_MESSAGES: Record<string, string> = texts.field;

/** A field error with its German message (`claim.field.<code>`, else the one for `INVALID`). */
export function claimFieldError(e: { field: string; code: string }): { field: string; code: string; message: string } {
  return { ...e, message: FIELD_MESSAGES[e.code] ?? texts.field.INVALID };
}
