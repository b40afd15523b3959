import catalogue from '@contract/i18n/de/settings.json';
import type { ProfileFieldCode } from '@contract/profile';

/**
 * German field messages of the profile forms for the GraphQL `FieldError.message`, read from the catalogue the web app
 * shows too (schema/contract/i18n/de/settings.json, `settings.fieldError`), so screen and API word them alike.
 */
export const PROFILE_FIELD_MESSAGES: Record<ProfileFieldCode, string> = catalogue.settings.fieldError;

/** A field error with its German message (`settings.fieldError.<code>`, else the one for `INVALID`). */
export function withMessage(e: { field: string; code: string }): { field: string; code: string; message: string } {
  return { ...e, message: PROFILE_FIELD_MESSAGES[e.code as ProfileFieldCode] ?? PROFILE_FIELD_MESSAGES.INVALID };
}
