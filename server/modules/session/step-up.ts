import type { SecurityAudit } from '../../platform/audit/security-audit';
import { isoInstant, type Clock } from '../../platform/shared/clock';
import type { RequestScope } from '../../platform/shared/request-scope';
import { PASSWORD_MAX_LENGTH } from '@contract/registration';
import { verifyWithEqualWork } from './password';

/**
 * How long after an electronic-ID login its session may make a guarded change without typing the password
 * (decision 0011): 5 minutes, in milliseconds.
 */
export const STEP_UP_EID_WINDOW_MS = 5 * 60_000;

/**
 * The changes that move money or identity and therefore need the step-up (ARCHITECTURE.md "Access is declared"):
 * the login e-mail, the payout bank details, deleting the access, the password change in the settings; later the payout account of a severance claim and
 * the debit account of an own-contribution mandate. Written to the security log with every refusal.
 */
export type StepUpAction =
  | 'EMAIL_CHANGE'
  | 'BANK_DETAILS_CHANGE'
  | 'ACCESS_DELETE'
  | 'PASSWORD_CHANGE'
  | 'SEVERANCE_PAYOUT_ACCOUNT'
  | 'MANDATE_DEBIT_ACCOUNT'
  /** The payout account of a vested-amount decision form (decision 0022). */
  | 'VESTED_AMOUNT_PAYOUT_ACCOUNT'
  /** Requesting or downloading the archive of all the member's data (docs/decisions/0052-data-archive.md). */
  | 'DATA_EXPORT'
  /** Adding a passkey in the settings (docs/decisions/0047-passkeys.md). */
  | 'PASSKEY_ADD';

/**
 * Outcome of a step-up check. `ok` with how the person was proven (`PASSWORD`: the current password was typed;
 * `EID`: the session was opened by an electronic-ID login at most 5 minutes ago). Refusals:
 * - `PASSWORD_REQUIRED`: no password was sent and no recent eID login covers the change (no guess counted);
 * - `PASSWORD_INCORRECT`: the password is wrong (counted towards the login lockout like a failed login; the guess
 *   that reaches LOCKOUT_THRESHOLD locks the access for LOCKOUT_MINUTES);
 * - `LOCKED`: the access is locked after too many wrong passwords, no guess is evaluated until the lock ends.
 * Callers answer `PASSWORD_INCORRECT` and `LOCKED` alike (field `currentPassword`, code `PASSWORD_INCORRECT`).
 */
export type StepUpOutcome = { ok: true; via: 'PASSWORD' | 'EID' } | { ok: false; reason: 'PASSWORD_REQUIRED' | 'PASSWORD_INCORRECT' | 'LOCKED' };

/**
 * What the step-up reads of the request (a part of `RequestScope`): its session's token hash and its metadata for the
 * security log. Callers pass their `RequestScope`; a caller holding only these two parts may pass them alone.
 */
export type StepUpScope = Pick<RequestScope, 'meta' | 'sessionHash'>;

/** What the step-up needs of the auth store (server/modules/session/session.store.ts). */
export interface StepUpStore {
  findSession(tokenHash: string): Promise<{ personId: number; createdAt: string; loginMethod: 'PASSWORD' | 'EID' | 'PASSKEY'; endedAt: string | null } | undefined>;
  /** The person's argon2id hash (PHC string), or undefined without credentials. */
  passwordHashOf(personId: number): Promise<string | undefined>;
  reserveGuess(personId: number, now: string, threshold: number): Promise<number | null>;
  lock(personId: number, until: string): Promise<void>;
  /** A correct password: the consecutive-failure counter starts again at 0. */
  resetGuesses(personId: number): Promise<void>;
}

/**
 * Step-up authentication for changes that move money or identity (decision 0011; OWASP ASVS 5.0 V6.2 / V7.5
 * re-authentication before sensitive changes; NIST SP 800-63B section 7.2 reauthentication): the request must carry
 * the current password, or the session must come from an electronic-ID login completed within the last 5 minutes.
 * One service for every door (GraphQL, REST) and every guarded change; a wrong password is counted by the same
 * atomic counter as a failed login (`credentials.failed_attempts`), so a stolen session cannot try passwords
 * without limit, and every refusal is a security event `ACCESS_DENIED { reason: 'STEP_UP_…', action }`.
 */
export function createStepUp(deps: {
  store: StepUpStore;
  clock: Clock;
  audit: SecurityAudit;
  /** LOCKOUT_THRESHOLD and LOCKOUT_MINUTES (in ms) of the login lockout. */
  lockout: { threshold: number; ms: number };
}) {
  const { store, clock, audit, lockout } = deps;

  /**
   * Checks the step-up for `action` of person `personId` in the request's own session.
   *
   * @param scope the request: `sessionHash()` names the session (an eID login counts only when it opened this very
   *   session of this person), `meta` goes into the security events.
   * @param personId the session's person (from `requirePersonId` or the flow session).
   * @param currentPassword the current password as typed; empty or absent means "none sent".
   * @param options.allowEid whether a recent eID login may stand in for the password (default true; deleting the
   *   access always asks for the password).
   * @returns the outcome; never throws for a wrong or missing password. Nothing but the guess counter, a lock and
   *   the security event is written.
   */
  async function verify(
    scope: StepUpScope,
    personId: number,
    currentPassword: string | null | undefined,
    action: StepUpAction,
    options: { allowEid?: boolean } = {},
  ): Promise<StepUpOutcome> {
    const { meta } = scope;
    const tokenHash = await scope.sessionHash();
    const row = tokenHash ? await store.findSession(tokenHash) : undefined;
    const ownSession = row !== undefined && row.personId === personId && row.endedAt === null;
    if (currentPassword === undefined || currentPassword === null || currentPassword === '') {
      const recentEid = ownSession && row.loginMethod === 'EID' && clock.now() - Date.parse(row.createdAt) <= STEP_UP_EID_WINDOW_MS;
      if ((options.allowEid ?? true) && recentEid) return { ok: true, via: 'EID' };
      await audit.record('ACCESS_DENIED', personId, meta, { reason: 'STEP_UP_REQUIRED', action });
      return { ok: false, reason: 'PASSWORD_REQUIRED' };
    }
    const hash = await store.passwordHashOf(personId);
    const guess = await store.reserveGuess(personId, isoInstant(clock.now()), lockout.threshold);
    if (guess === null || hash === undefined) {
      await audit.record('ACCESS_DENIED', personId, meta, { reason: 'STEP_UP_LOCKED', action });
      return { ok: false, reason: 'LOCKED' };
    }
    if (!(await verifyWithEqualWork(hash, currentPassword, PASSWORD_MAX_LENGTH))) {
      await audit.record('ACCESS_DENIED', personId, meta, { reason: 'STEP_UP_PASSWORD', action, failedAttempts: guess });
      if (guess >= lockout.threshold) {
        await store.lock(personId, isoInstant(clock.now() + lockout.ms));
        await audit.record('LOCKOUT', personId, meta, { minutes: Math.round(lockout.ms / 60_000), failedAttempts: guess });
      }
      return { ok: false, reason: 'PASSWORD_INCORRECT' };
    }
    await store.resetGuesses(personId);
    return { ok: true, via: 'PASSWORD' };
  }

  return { verify };
}

export type StepUp = ReturnType<typeof createStepUp>;
