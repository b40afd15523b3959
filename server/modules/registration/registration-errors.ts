import catalogue from '@contract/i18n/de/registration.json';
import { formatDate } from '@contract/format';
import type { FieldError } from '../../platform/shared/result';

const texts = catalogue.registration;
const table = (t: object): Record<string, string | undefined> => t as Record<string, string | undefined>;
const REQUIRED = table(texts.required);
const FIELD = table(texts.fieldError);

/**
 * The German message of one refused field (the catalogue the web forms show, schema/contract/i18n/de/registration.json):
 * REQUIRED names the field (`registration.required.<field>`), TERMS_NOT_ACCEPTED is the terms' "please agree", every
 * other code has its text in `registration.fieldError`; an unknown one "Bitte prüfen Sie Ihre Eingabe.".
 */
export function registrationFieldMessage(field: string, code: string): string {
  if (code === 'REQUIRED') return REQUIRED[field] ?? texts.fieldError.UNKNOWN;
  if (code === 'TERMS_NOT_ACCEPTED') return texts.required.termsAccepted;
  return FIELD[code] ?? texts.fieldError.UNKNOWN;
}

/** The refusal messages of each mutation, by code (the spec's status names), and the text for an unlisted code. */
const MESSAGES = {
  register: { ...table(texts.status), ALREADY_REGISTERED: texts.alreadyRegistered.text },
  requestPasswordReset: { ...table(texts.pwdLost.status), MAIL_NOT_FOUND: texts.pwdLost.mailNotFoundHeading, REGISTRATION_CODE_NEEDED: texts.pwdLost.registrationCode },
  resetPassword: { ...table(texts.pwdReset), ERROR_PW_ALREADY_USED: texts.fieldError.PASSWORD_ALREADY_USED },
  changeInsecurePassword: table(texts.pwdChange),
  changePassword: {
    ERROR_WRONG_CURRENT_PASSWORD: texts.fieldError.WRONG_CURRENT_PASSWORD,
    ERROR_PW_ALREADY_USED: texts.fieldError.PASSWORD_ALREADY_USED,
    ERROR: texts.pwdChange.ERROR,
  },
  orderRegistrationCode: table(texts.orderCode.status),
  updateRegistrationEmail: table(texts.updateEmail),
} satisfies Record<string, Record<string, string | undefined>>;

/** A mutation of server/modules/registration/registration.graphql whose refusals have messages here. */
export type RegistrationMutation = keyof typeof MESSAGES;

/**
 * The `Error` payload of a refused registration or password mutation (decision 0012): the code (the spec's status
 * name), its German message from the catalogue (INVALID_INPUT: "Bitte prüfen Sie Ihre Eingabe."; an unlisted code the
 * mutation's ERROR text), and each refused field with its message. `nextPossibleOn` (ISO date) fills the order's
 * "ab {{date}}" (shown DD.MM.YYYY).
 */
export function registrationError(mutation: RegistrationMutation, code: string, fieldErrors: readonly FieldError[], nextPossibleOn?: string | null) {
  const messages: Record<string, string | undefined> = MESSAGES[mutation];
  let message = code === 'INVALID_INPUT' ? texts.fieldError.UNKNOWN : (messages[code] ?? messages.ERROR ?? texts.fieldError.UNKNOWN);
  if (mutation === 'orderRegistrationCode' && code === 'ERROR_ALREADY_REQUESTED')
    message = nextPossibleOn
      ? texts.orderCode.status.ERROR_ALREADY_REQUESTED.replace('{{date}}', formatDate(nextPossibleOn))
      : texts.orderCode.status.ERROR_ALREADY_REQUESTED_NO_DATE;
  return { code, message, fieldErrors: fieldErrors.map((f) => ({ field: f.field, code: f.code, message: registrationFieldMessage(f.field, f.code) })) };
}
