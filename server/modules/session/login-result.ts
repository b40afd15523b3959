import catalogue from '@contract/i18n/de/login.json';
import { loginOutcome } from './login-outcome';
import type { LoginStatus } from './session.rules';

/** The German texts of the login's refusals, from the catalogue the login page shows too (`login.error`). */
const LOGIN_TEXTS: Record<string, string> = catalogue.login.error;

/**
 * The GraphQL `LoginResult` of a login status (decision 0029): `ok { status loggedIn }` for a status that opens a
 * session or names the next flow step, `error` with the spec's status name as `code`, the catalogue's message and
 * the fields spec 000 section 8 shows it at otherwise.
 */
export function loginResult(status: LoginStatus, details: { remainingAttempts?: number; lockedUntil?: string } = {}) {
  const outcome = loginOutcome(status, details);
  if (outcome.ok) return { ok: outcome.value, error: null };
  return {
    ok: null,
    error: {
      code: outcome.code,
      message: LOGIN_TEXTS[outcome.messageKey]!,
      fieldErrors: outcome.fieldErrors.map((f) => ({ field: f.field, code: f.code, message: LOGIN_TEXTS[f.code]! })),
      remainingAttempts: outcome.remainingAttempts,
      lockedUntil: outcome.lockedUntil,
    },
  };
}
