import catalogue from '@contract/i18n/de/merge.json';
import type { MergeErrorCode } from './merge.service';

const texts = catalogue.merge;

/**
 * German messages of a refused merge request for GraphQL `RequestMergeError.message` and `FieldError.message`, read
 * from the catalogue the web app shows too (schema/contract/i18n/de/merge.json, `merge.error` and `merge.field`).
 */
export const MERGE_ERROR_MESSAGES: Record<MergeErrorCode, string> = {
  ERROR_NOT_OFFERED: texts.error.ERROR_NOT_OFFERED,
  ERROR_INVALID_INPUT: texts.error.ERROR_INVALID_INPUT,
  ERROR_NOT_ELIGIBLE: texts.error.ERROR_NOT_ELIGIBLE,
  ERROR_ALREADY_PENDING: texts.error.ERROR_ALREADY_PENDING,
  ERROR_UPLOAD: texts.error.ERROR_UPLOAD,
};

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
