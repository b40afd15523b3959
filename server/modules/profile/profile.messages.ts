import catalogue from '@contract/i18n/de/settings.json';
import type { ProfileFieldCode } from '@contract/profile';
import type { ProfileErrorCode } from './profile.service';

const texts = catalogue.settings;

/**
 * German field messages of the profile forms for the GraphQL `FieldError.message`, read from the catalogue the web app
 * shows too (schema/contract/i18n/de/settings.json, `settings.fieldError`), so screen and API word them alike.
 */
export const PROFILE_FIELD_MESSAGES: Record<ProfileFieldCode, string> = texts.fieldError;

/** German message of a refused profile change (`ProfileChangeError.message`), from the same catalogue as the screen's. */
const PROFILE_ERROR_MESSAGES: Record<ProfileErrorCode, string> = {
  ERROR_INVALID_INPUT: texts.invalidInput,
  ERROR_MAIL_NOT_UNIQUE: texts.fieldError.EMAIL_NOT_UNIQUE,
  ERROR_PWD_INVALID: texts.fieldError.PASSWORD_INCORRECT,
  ERROR_INTERNAL: texts.internalError,
  ERROR_TOO_MANY_REQUESTS: texts.email.tooManyRequests,
};

/** A field error with its German message (`settings.fieldError.<code>`, else the one for `INVALID`). */
export function withMessage(e: { field: string; code: string }): { field: string; code: string; message: string } {
  return { ...e, message: PROFILE_FIELD_MESSAGES[e.code as ProfileFieldCode] ?? PROFILE_FIELD_MESSAGES.INVALID };
}

/** The `ProfileChangeError` of a refused profile change: its code, German message and field errors with messages. */
export function profileError(code: ProfileErrorCode, fieldErrors: ReadonlyArray<{ field: string; code: string }>) {
  return { code, message: PROFILE_ERROR_MESSAGES[code], fieldErrors: fieldErrors.map(withMessage) };
}

/** The `ConfirmEmailChangeError` of an e-mail change link that did not confirm (`settings.emailChange.<status>`). */
export function emailChangeError(status: 'ERROR_LINK_EXPIRED' | 'ALREADY_USED' | 'ERROR_MAIL_NOT_UNIQUE' | 'ERROR') {
  return { code: status, message: texts.emailChange[status], fieldErrors: [] };
}
