import catalogue from '@contract/i18n/de/claim.json';
import type { ClaimErrorCode } from './claims.service';

const texts = catalogue.claim;

/**
 * German messages of a refused severance claim for GraphQL `SubmitSeveranceClaimError.message` and `FieldError.message`,
 * read from the catalogue the web app shows too (schema/contract/i18n/de/claim.json, `claim.error` and `claim.field`), so
 * screen and API word them alike. Spec 001 section 8 "Claim: already submitted recently, global error on creation".
 * The catalogue section itself, typed by the codes: the typecheck refuses a code without its text there.
 */
export const CLAIM_ERROR_MESSAGES: Record<ClaimErrorCode, string> = texts.error;

const FIELD_MESSAGES: Record<string, string> = texts.field;

/** A field error with its German message (`claim.field.<code>`, else the one for `INVALID`). */
export function claimFieldError(e: { field: string; code: string }): { field: string; code: string; message: string } {
  return { ...e, message: FIELD_MESSAGES[e.code] ?? texts.field.INVALID };
}
