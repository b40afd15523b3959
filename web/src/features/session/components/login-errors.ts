import type { LoginStatus } from '../../../gql/graphql';
import { formatLocalTime } from '@contract/format';
import type loginCatalogue from '@contract/i18n/de/login.json';

/** A catalogue key without its plural suffix (`attemptsLeft_one` → `attemptsLeft`), as `t()` takes it. */
type WithoutPlural<K extends string> = K extends `${infer Base}_${'zero' | 'one' | 'other'}` ? Base : K;

/** Catalogue keys of the login messages. */
export type LoginErrorKey = `login.error.${WithoutPlural<keyof (typeof loginCatalogue)['login']['error']>}`;

export interface FieldMessage {
  key: LoginErrorKey;
  /** Values of the message's placeholders. */
  values?: Record<string, string | number>;
  /** The message links to the registration (NOT_VALID). */
  registrationLink?: boolean;
  /** The message offers the password-lost link (LOCKED_TEMPORARY). */
  passwordLostLink?: boolean;
}

/** What the login answered beside the refusal's code (GraphQL `LoginError`). */
export interface LoginAnswerDetails {
  /** With ERROR_PWD_INVALID: wrong passwords left before the temporary lock. */
  remainingAttempts?: number | null;
  /** With LOCKED_TEMPORARY: end of the lock (ISO instant). */
  lockedUntil?: string | null;
}

/** From this many attempts left (after the third wrong password of five), the message warns of the lock. */
export const WARN_FROM_REMAINING = 2;

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
 * Placement of the message for an error status of the login (spec 000 section 8). A wrong password with at most
 * `WARN_FROM_REMAINING` attempts left says how many remain; the temporary lock says until when (local time) and
 * offers the password-lost link. The statuses of the login flow
 * (terms, mailbox choice, …) never get here: they come in `LoginResult.ok`, which the form hands to the flow; should
 * one arrive anyway, it gets a form-level message.
 */
export function loginErrorPlacement(status: LoginStatus, details: LoginAnswerDetails = {}, now: Date = new Date()): LoginErrorPlacement {
  switch (status) {
    case 'ERROR_MAIL_NOT_GIVEN':
    case 'ERROR_MAIL_NOT_VALID':
      return { email: { key: `login.error.${status}` } };
    case 'LOCKED_TEMPORARY':
      return {
        email: details.lockedUntil
          ? { key: 'login.error.lockedUntil', values: { until: formatLocalTime(details.lockedUntil, now) }, passwordLostLink: true }
          : { key: 'login.error.LOCKED_TEMPORARY', passwordLostLink: true },
      };
    case 'ERROR_PWD_INVALID': {
      const remaining = details.remainingAttempts;
      if (remaining != null && remaining > 0 && remaining <= WARN_FROM_REMAINING) {
        return { password: { key: 'login.error.attemptsLeft', values: { count: remaining } } };
      }
      return { password: { key: 'login.error.ERROR_PWD_INVALID' } };
    }
    case 'ERROR_PWD_NOT_GIVEN':
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

/**
 * Placement when the login call itself failed for a technical reason (no connection, a server error): spec 001 section
 * 8 "Session: login not possible due to technical problems", a message for the whole form; the fields stay valid, as
 * nothing was wrong with them.
 */
export const failedCallPlacement: LoginErrorPlacement = { form: 'login.error.technical' };
