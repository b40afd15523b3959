import catalogue from '@contract/i18n/de/merge.json';
import type { MergeErrorCode } from './merge.service';

const texts = catalogue.merge;

/**
 * German messages of a refused merge request for GraphQL `RequestMergeError.message` and `FieldError.message`, read
 * from the catalogue the web app shows too (schema/contract/i18n/de/merge.json, `merge.error` and `merge.field`).
 * The catalogue section itself, typed by the codes: the typecheck refuses a code without its text there.
 */
export const MERGE_ERROR_MESSAGES: Record<MergeErrorCode, string> = texts.error;

const FIELD_MESSAGES: Record<string, string> = texts.field;

/** A field error with its German message (`merge.field.<code>`, else the one for `INVALID`). */
export function mergeFieldError(e: { field: string; code: string }): { field: string; code: string; message: string } {
  return { ...e, message: FIELD_MESSAGES[e.code] ?? texts.field.INVALID };
}

const PUBLIC_ERROR_MESSAGES: Record<string, string> = texts.error;

/** German message of a refused public merge request (`merge.error.<code>`, else the global technical error). */
export function publicMergeErrorMessage(code: string): string {
  return PUBLIC_ERROR_MESSAGES[code] ?? texts.error.global;
}
