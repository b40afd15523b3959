import type { LoginStatus } from '../../../gql/graphql';
import type loginCatalogue from '../../../i18n/de/login.json';

/** Catalogue keys of the login messages. */
export type LoginErrorKey = `login.error.${keyof (typeof loginCatalogue)['login']['error']}`;

export interface FieldMessage {
  key: LoginErrorKey;
  /** The message links to the registration (NOT_VALID). */
  registrationLink?: boolean;
}

/** Where the answer of a failed login is shown (spec 000 section 8). */
export interface LoginErrorPlacement {
  email?: FieldMessage;
  /** A message of its own, or `sameAsEmail`: the field is invalid and described by the e-mail field's message. */
  password?: FieldMessage | 'sameAsEmail';
  /** A message for the whole form. */
  form?: LoginErrorKey;
}

const loginDataInvalidOnBoth: LoginErrorPlacement = {
  email: { key: 'login.error.loginDataInvalid' },
  password: 'sameAsEmail',
};

/**
 * Placement of the message for an error status of the login (spec 000 section 8). The statuses of the login flow
 * (terms, mailbox choice, …) never get here: the form hands them to the flow (`login-flow.ts` `isErrorStatus`); should
 * one arrive anyway, it gets a form-level message.
 */
export function loginErrorPlacement(status: LoginStatus): LoginErrorPlacement {
  switch (status) {
    case 'ERROR_MAIL_NOT_GIVEN':
    case 'ERROR_MAIL_NOT_VALID':
    case 'LOCKED_TEMPORARY':
      return { email: { key: `login.error.${status}` } };
    case 'ERROR_PWD_NOT_GIVEN':
    case 'ERROR_PWD_INVALID':
      return { password: { key: `login.error.${status}` } };
    case 'NOT_VALID':
      return { email: { key: 'login.error.NOT_VALID', registrationLink: true }, password: 'sameAsEmail' };
    case 'DEACTIVATED':
    case 'LOCKED':
      return { email: { key: 'login.error.loginDataInvalid' }, password: { key: 'login.error.passwordIncorrect' } };
    case 'ERROR_AUSGETRETEN':
    case 'ERROR_TOT':
      return { form: 'login.error.noValidContract' };
    case 'MAINTENANCE':
      return { form: 'login.error.MAINTENANCE' };
    case 'ERROR':
      return loginDataInvalidOnBoth;
    default:
      return { form: 'login.error.stepNotAvailable' };
  }
}

/** Placement when the login call itself failed (network, server error): invalid login data on both fields. */
export const failedCallPlacement: LoginErrorPlacement = loginDataInvalidOnBoth;
