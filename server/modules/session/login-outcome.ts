/**
 * The login's answer as the one result of decision 0012 (decision 0029): a status that opens a session or names the
 * next step of the login flow is the success value; every other status of spec 000 section 8 is a refusal, with the
 * spec's status name as the code and the fields the spec shows it at. Pure: GraphQL maps the same value for `login`
 * and each flow step; REST keeps answering the bare status (spec 000 section 7).
 */
import { LOGIN_REFUSALS as CONTRACT_LOGIN_REFUSALS } from '@contract/login-status';
import { isPendingStatus } from '../login-flow/login-flow.rules';
import { err, ok, type Err, type FieldError, type Ok } from '../../platform/shared/result';
import { isLoggedInStatus, type LoginStatus } from './session.rules';

/** The refusals of a login (spec 000 section 8), as codes of `LoginError`: the contract's list, one for web and server. */
export const LOGIN_REFUSALS = CONTRACT_LOGIN_REFUSALS satisfies readonly LoginStatus[];

export type LoginRefusal = (typeof LOGIN_REFUSALS)[number];

/** Catalogue keys (schema/contract/i18n/de/login.json `login.error.*`) of a message. */
export type LoginMessageKey =
  | 'ERROR_MAIL_NOT_GIVEN'
  | 'ERROR_MAIL_NOT_VALID'
  | 'ERROR_PWD_NOT_GIVEN'
  | 'ERROR_PWD_INVALID'
  | 'LOCKED_TEMPORARY'
  | 'NOT_VALID'
  | 'loginDataInvalid'
  | 'passwordIncorrect'
  | 'noValidContract'
  | 'MAINTENANCE';

/** A field error of the login form: `code` is the catalogue key of its message. */
export type LoginFieldError = FieldError<LoginMessageKey> & { field: 'email' | 'password' };

/** The text `code` for the whole form and at the one field `field`. */
function atField(field: LoginFieldError['field'], code: LoginMessageKey) {
  return { message: code, fields: [{ field, code }] };
}

/** The text `code` for the whole form and at the e-mail field, `passwordCode` at the password field. */
function atBoth(code: LoginMessageKey, passwordCode: LoginMessageKey) {
  return {
    message: code,
    fields: [
      { field: 'email' as const, code },
      { field: 'password' as const, code: passwordCode },
    ],
  };
}

/**
 * Where spec 000 section 8 shows each refusal, and with which catalogue text: `message` is the text for the whole
 * answer, `fields` the texts at the e-mail and password fields (none: the message stands for the whole form).
 */
const REFUSAL_TEXTS: Record<LoginRefusal, { message: LoginMessageKey; fields: LoginFieldError[] }> = {
  ERROR_MAIL_NOT_GIVEN: atField('email', 'ERROR_MAIL_NOT_GIVEN'),
  ERROR_MAIL_NOT_VALID: atField('email', 'ERROR_MAIL_NOT_VALID'),
  ERROR_PWD_NOT_GIVEN: atField('password', 'ERROR_PWD_NOT_GIVEN'),
  ERROR_PWD_INVALID: atField('password', 'ERROR_PWD_INVALID'),
  LOCKED_TEMPORARY: atField('email', 'LOCKED_TEMPORARY'),
  NOT_VALID: atBoth('NOT_VALID', 'NOT_VALID'),
  ERROR: atBoth('loginDataInvalid', 'loginDataInvalid'),
  DEACTIVATED: atBoth('loginDataInvalid', 'passwordIncorrect'),
  LOCKED: atBoth('loginDataInvalid', 'passwordIncorrect'),
  ERROR_AUSGETRETEN: { message: 'noValidContract', fields: [] },
  ERROR_TOT: { message: 'noValidContract', fields: [] },
  MAINTENANCE: { message: 'MAINTENANCE', fields: [] },
};

/** The success value: the status (never a refusal) and whether it means logged in (session ACTIVE). */
export interface LoginStep {
  status: Exclude<LoginStatus, LoginRefusal>;
  loggedIn: boolean;
}

/** A refusal with what the login answered beside it (spec 000 section 8). */
export type LoginRefused = Err<LoginRefusal, LoginFieldError> & {
  /** Catalogue key of the message for the whole answer. */
  messageKey: LoginMessageKey;
  /** With ERROR_PWD_INVALID: wrong passwords left before the temporary lock. */
  remainingAttempts: number | null;
  /** With LOCKED_TEMPORARY: the end of the lock, an ISO 8601 instant (UTC). */
  lockedUntil: string | null;
};

/** True for the statuses of spec 000 section 8 that refuse the login (no session). */
export function isLoginRefusal(status: LoginStatus): status is LoginRefusal {
  return (LOGIN_REFUSALS as readonly string[]).includes(status);
}

/**
 * Maps a login status (of `login` or of a flow step) onto the one result: Ok for a logged-in or pending status,
 * Err with the spec's status name otherwise. `details` are the login's extras (remaining attempts, lock end).
 * @throws for a status that is neither (a bug: every status of `LoginStatus` is one of the three kinds).
 */
export function loginOutcome(status: LoginStatus, details: { remainingAttempts?: number; lockedUntil?: string } = {}): Ok<LoginStep> | LoginRefused {
  if (!isLoginRefusal(status)) {
    if (!isLoggedInStatus(status) && !isPendingStatus(status)) throw new Error(`login status ${status} is neither a refusal nor a step`);
    return ok({ status, loggedIn: isLoggedInStatus(status) });
  }
  const texts = REFUSAL_TEXTS[status];
  return {
    ...err(status, texts.fields),
    messageKey: texts.message,
    remainingAttempts: status === 'ERROR_PWD_INVALID' ? (details.remainingAttempts ?? null) : null,
    lockedUntil: status === 'LOCKED_TEMPORARY' ? (details.lockedUntil ?? null) : null,
  };
}
