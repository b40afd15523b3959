import type { Clock } from '../../platform/shared/clock';
import { isoInstant } from '../../platform/shared/clock';
import type { TenantDefinition } from '../../tenants';
import type { SecurityAudit } from '../../platform/audit/security-audit';
import type { SessionStore } from './session.store';
import type { RequestMeta } from '../../platform/shared/request-meta';
import type { RequestScope } from '../../platform/shared/request-scope';
import { isPendingStatus, nextLoginStatus, type LoginState } from '../login-flow/login-flow.rules';
import { checkLoginInput, isLoggedInStatus, severanceAccessEnded, type LoginStatus } from './session.rules';
import { isoDateVienna } from '@contract/dates';
import { PASSWORD_MAX_LENGTH } from '@contract/registration';
import { EMAIL_MAX_LENGTH, normalizeEmail } from '@contract/email';
import { createLoginThrottle, type IpThrottleSettings } from './login-throttle';
import { verifyDummy, verifyWithEqualWork } from './password';
import { createSessionGuard } from './session-guard';
import { hashToken, newPublicId, newSessionToken } from './session-token';

export interface SessionSettings {
  maintenance: boolean;
  /** Consecutive wrong passwords that lock the access. */
  lockoutThreshold: number;
  /** Lock duration in milliseconds (spec 000 section 9: 60 minutes). */
  lockoutMs: number;
  /** Inactivity after which the server ends a session, in milliseconds. */
  idleTimeoutMs: number;
  /** Maximum session lifetime in milliseconds. */
  absoluteTimeoutMs: number;
  /** Per-IP login throttle (server/modules/session/login-throttle.ts); off when absent. */
  ipThrottle?: IpThrottleSettings;
}

/** Where a request comes from; written to the login attempt and the session. */
export interface LoginResult {
  status: LoginStatus;
  /** The new session's cookie token when the status is a logged-in one. */
  sessionToken?: string;
  /** With ERROR_PWD_INVALID: wrong passwords left before the temporary lock (spec 000 section 8). */
  remainingAttempts?: number;
  /** With LOCKED_TEMPORARY: the end of the lock, an ISO 8601 instant (UTC). */
  lockedUntil?: string;
}

/** How a person proved who they are at login; written to the login attempt and the session. */
export type LoginMethod = 'PASSWORD' | 'EID' | 'PASSKEY';

/**
 * A login proof other than the password (a passkey's assertion, server/modules/passkeys/passkeys.service.ts): the person it
 * proved, or null when it proved nobody (answered NOT_VALID).
 */
export type LoginProof = () => Promise<{ personId: number } | null>;

/**
 * A person whose identity has been proven (correct password, or a valid electronic-ID answer), with what the
 * login status depends on. `accessStatus` is null when the person has no portal access (no credentials row).
 */
export interface LoginSubject {
  personId: number;
  accessStatus: 'ACTIVE' | 'DEACTIVATED' | 'LOCKED' | 'PENDING_ACTIVATION' | null;
  membershipStatus: 'ACTIVE' | 'EXITED' | 'DECEASED';
}

/**
 * Login, logout and session checks (spec 000 sections 4, 8 and 9); the session checks and logout are the session
 * guard's (./session-guard.ts), handed on. Used by GraphQL and REST alike; built once per process (server/services.ts). Every method that writes an attempt, a session or a security event takes the
 * request's scope first (its `meta`: IP address and user agent).
 */
export function createSessionService(deps: {
  store: SessionStore;
  clock: Clock;
  tenant: TenantDefinition;
  settings: SessionSettings;
  /** The person's login state for the status machine (server/modules/login-flow). */
  loginStateOf: (personId: number) => Promise<LoginState>;
  /** Security audit log (login success and failure, lockout, session end, refused access). */
  audit?: SecurityAudit;
  /**
   * Runs after a login opened a session, inside the login's transaction (the new-browser notice of the signed-in
   * devices, decision 0048: its mail is queued exactly when the session is committed). `at`: the login time, ms.
   */
  onSessionOpened?: (session: { personId: number; tokenHash: string; meta: RequestMeta; at: number }) => Promise<unknown>;
}) {
  const { store, clock, tenant, settings, loginStateOf, audit, onSessionOpened } = deps;
  const throttle = createLoginThrottle({ store, settings: settings.ipThrottle });
  const sessions = createSessionGuard({ store, clock, tenant, settings, audit });

  /**
   * Writes the attempt (login_attempts) and its security event. `slotId`: the attempt's row reserved by the per-IP
   * throttle, which gets the final status instead of a new row. `detail`: extra codes for the security event.
   */
  async function record(
    personId: number | null,
    email: string,
    status: LoginStatus,
    meta: RequestMeta,
    method: LoginMethod = 'PASSWORD',
    options: { slotId?: number | null; detail?: Record<string, string | number> } = {},
  ): Promise<void> {
    const succeeded = isLoggedInStatus(status) || isPendingStatus(status);
    await audit?.record(succeeded ? 'LOGIN_SUCCESS' : 'LOGIN_FAILURE', personId, meta, { status, method, ...options.detail });
    if (
      options.slotId != null &&
      (await store.completeSlot(options.slotId, { personId, status, succeeded: status.startsWith('SUCCESSFUL'), email: email.slice(0, EMAIL_MAX_LENGTH) }))
    )
      return;
    await store.recordAttempt({
      personId,
      email: email.slice(0, EMAIL_MAX_LENGTH),
      method,
      status,
      succeeded: status.startsWith('SUCCESSFUL'),
      ipAddress: meta.ipAddress,
      userAgent: meta.userAgent?.slice(0, 300) ?? null,
      attemptedAt: isoInstant(clock.now()),
    });
  }

  /**
   * Checks e-mail and password and, on success, creates a new session (a new token on every login, so a
   * session id planted before login is never adopted).
   *
   * Order of checks: maintenance; input (ERROR_MAIL_NOT_GIVEN, ERROR_PWD_NOT_GIVEN, ERROR_MAIL_NOT_VALID); the per-IP
   * throttle (login-throttle.ts: answers ERROR, the spec's "login data invalid on both fields", without looking at the
   * account or the password, and locks no account); unknown e-mail (NOT_VALID, after a dummy hash check so it takes
   * as long as a known one); lock
   * (LOCKED_TEMPORARY, with `lockedUntil`); password (ERROR_PWD_INVALID with `remainingAttempts`; the guess that
   * reaches the threshold locks for 60 minutes and answers LOCKED_TEMPORARY with `lockedUntil`); access (DEACTIVATED, LOCKED; an access not yet activated answers NOT_VALID);
   * membership (ERROR_AUSGETRETEN, ERROR_TOT); then the login status machine (`nextLoginStatus`): a logged-in
   * status creates an ACTIVE session, a flow status (terms, IBK decision, data sync, e-mail update) a PENDING one.
   * Every attempt is recorded in login_attempts; nothing else is written unless the password was checked.
   * `entryViaQrCode` (spec 000 section 7, login request) is true when the member came through /qr; it is stored with
   * the session it opens (`sessions.entry_via_qr_code`).
   */
  async function login(scope: RequestScope, input: { email: string; password: string; entryViaQrCode?: boolean }): Promise<LoginResult> {
    const { meta } = scope;
    const email = normalizeEmail(input.email);
    const password = input.password;
    if (settings.maintenance) {
      await record(null, email, 'MAINTENANCE', meta);
      return { status: 'MAINTENANCE' };
    }
    const inputError = checkLoginInput(email, password);
    if (inputError) {
      await record(null, email, inputError, meta);
      return { status: inputError };
    }
    const userAgent = meta.userAgent?.slice(0, 300) ?? null;
    const slot = await throttle.reserve({ ipAddress: meta.ipAddress, email: email.slice(0, EMAIL_MAX_LENGTH), userAgent, now: clock.now() });
    if (!slot.allowed) {
      await record(null, email, 'ERROR', meta, 'PASSWORD', { detail: { reason: 'IP_THROTTLED', retryAfterSeconds: slot.retryAfterSeconds } });
      return { status: 'ERROR' };
    }
    try {
      return await checkPassword(email, password, meta, slot.slotId, input.entryViaQrCode === true);
    } finally {
      // Normally the row has its final status by now; this removes it only when the check failed unexpectedly.
      if (slot.slotId !== null) await store.abandonSlot(slot.slotId);
    }
  }

  /**
   * The password part of `login` (unknown e-mail, lock, password, then `completeLogin`), for input that passed the
   * checks and the throttle. `slotId` is the throttle's reserved login_attempts row, which gets the final status;
   * `entryViaQrCode` goes to the session the login opens.
   */
  async function checkPassword(email: string, password: string, meta: RequestMeta, slotId: number | null, entryViaQrCode: boolean): Promise<LoginResult> {
    const subject = await store.findLoginSubject(email);
    if (!subject || !subject.passwordHash) {
      await verifyDummy(password.slice(0, PASSWORD_MAX_LENGTH));
      await record(subject?.personId ?? null, email, 'NOT_VALID', meta, 'PASSWORD', { slotId });
      return { status: 'NOT_VALID' };
    }
    const now = clock.now();
    const guess = await store.reserveGuess(subject.personId, isoInstant(now), settings.lockoutThreshold);
    if (guess === null) {
      await verifyDummy(password.slice(0, PASSWORD_MAX_LENGTH));
      await record(subject.personId, email, 'LOCKED_TEMPORARY', meta, 'PASSWORD', { slotId });
      return { status: 'LOCKED_TEMPORARY', ...(subject.lockedUntil ? { lockedUntil: subject.lockedUntil } : {}) };
    }
    const correct = await verifyWithEqualWork(subject.passwordHash, password, PASSWORD_MAX_LENGTH);
    if (!correct) {
      const status: LoginStatus = guess >= settings.lockoutThreshold ? 'LOCKED_TEMPORARY' : 'ERROR_PWD_INVALID';
      const lockedUntil = isoInstant(now + settings.lockoutMs);
      // Lock, audit and attempt row together: a failure in between leaves none of them.
      await store.inTransaction(async () => {
        if (status === 'LOCKED_TEMPORARY') {
          await store.lock(subject.personId, lockedUntil);
          await audit?.record('LOCKOUT', subject.personId, meta, { minutes: Math.round(settings.lockoutMs / 60_000), failedAttempts: guess });
        }
        await record(subject.personId, email, status, meta, 'PASSWORD', { slotId });
      });
      return status === 'LOCKED_TEMPORARY' ? { status, lockedUntil } : { status, remainingAttempts: settings.lockoutThreshold - guess };
    }
    // Counter reset, attempt row, audit event and session in one transaction.
    return store.inTransaction(async () => {
      await store.recordSuccess(subject.personId, isoInstant(clock.now()));
      return await completeLogin({ meta }, subject, { method: 'PASSWORD', email, slotId, entryViaQrCode });
    });
  }

  /**
   * Logs in with a proof other than the password: a passkey (docs/decisions/0047-passkeys.md). The same guards as the
   * password login where they apply, in the same order: maintenance (MAINTENANCE); the per-IP throttle (ERROR, nothing
   * checked; the attempt counts against the IP like a failed password); the proof (`prove`; null: NOT_VALID, counted
   * against the IP as a failed login); the 60-minute lock of the access after wrong passwords (LOCKED_TEMPORARY with
   * `lockedUntil`: the lock is on the access, not on the password). Then, as after a correct password, the failed
   * counter is reset and `completeLogin` answers the status and opens the session (access, membership, the login
   * flow's next status), with `method` in the attempt, the security event and the session.
   */
  async function loginWithProof(scope: RequestScope, method: Exclude<LoginMethod, 'PASSWORD' | 'EID'>, prove: LoginProof): Promise<LoginResult> {
    const { meta } = scope;
    if (settings.maintenance) {
      await record(null, '', 'MAINTENANCE', meta, method);
      return { status: 'MAINTENANCE' };
    }
    const userAgent = meta.userAgent?.slice(0, 300) ?? null;
    const slot = await throttle.reserve({ ipAddress: meta.ipAddress, email: '', userAgent, now: clock.now(), method });
    if (!slot.allowed) {
      await record(null, '', 'ERROR', meta, method, { detail: { reason: 'IP_THROTTLED', retryAfterSeconds: slot.retryAfterSeconds } });
      return { status: 'ERROR' };
    }
    try {
      const proven = await prove();
      const subject = proven ? await store.findLoginSubjectById(proven.personId) : undefined;
      if (!subject) {
        await record(null, '', 'NOT_VALID', meta, method, { slotId: slot.slotId });
        return { status: 'NOT_VALID' };
      }
      const email = subject.email ?? '';
      if (subject.lockedUntil !== null && subject.lockedUntil > isoInstant(clock.now())) {
        await record(subject.personId, email, 'LOCKED_TEMPORARY', meta, method, { slotId: slot.slotId });
        return { status: 'LOCKED_TEMPORARY', lockedUntil: subject.lockedUntil };
      }
      return await store.inTransaction(async () => {
        await store.recordSuccess(subject.personId, isoInstant(clock.now()));
        return await completeLogin({ meta }, subject, { method, email, slotId: slot.slotId });
      });
    } finally {
      if (slot.slotId !== null) await store.abandonSlot(slot.slotId);
    }
  }

  /**
   * Finishes a login whose identity check has passed: the password in `login`, the electronic ID in
   * server/modules/eid (DOMAIN.md "Electronic ID"). Shared so that both ways answer the same statuses and open
   * sessions the same way (spec 000 sections 4 and 8).
   *
   * Order: maintenance (MAINTENANCE); access (DEACTIVATED, LOCKED; not yet activated or no portal access at all:
   * NOT_VALID); membership (ERROR_AUSGETRETEN, ERROR_TOT; also ERROR_AUSGETRETEN for a severance-only member 10 years
   * after the last payout, `severanceAccessEnded`); then the status machine (`nextLoginStatus`). A logged-in
   * status opens an ACTIVE session, a flow status (terms, IBK decision, data sync, e-mail update) a PENDING one;
   * every other status opens none. The session gets a new random token (only its hash is stored), so an id planted
   * before login is never adopted. The attempt is recorded in login_attempts with `via.method` and `via.email`.
   *
   * `scope.meta` goes to the attempt row, the security event and the session.
   *
   * @returns the status, and the new session's cookie token when a session was opened.
   */
  function completeLogin(
    scope: Pick<RequestScope, 'meta'>,
    subject: LoginSubject,
    via: { method: LoginMethod; email: string; slotId?: number | null; entryViaQrCode?: boolean },
  ): Promise<LoginResult> {
    const { meta } = scope;
    // Attempt row, audit event and session are written together or not at all.
    return store.inTransaction(async () => {
      let status: LoginStatus;
      if (settings.maintenance) status = 'MAINTENANCE';
      else if (subject.accessStatus === 'DEACTIVATED') status = 'DEACTIVATED';
      else if (subject.accessStatus === 'LOCKED') status = 'LOCKED';
      else if (subject.accessStatus === 'PENDING_ACTIVATION' || subject.accessStatus === null) status = 'NOT_VALID';
      else if (subject.membershipStatus === 'EXITED') status = 'ERROR_AUSGETRETEN';
      else if (subject.membershipStatus === 'DECEASED') status = 'ERROR_TOT';
      // A severance-only member's access ends 10 years after the last payout (spec 000 section 9): "no valid contract".
      else if (severanceAccessEnded(await store.severanceAccessFacts(subject.personId), isoDateVienna(clock.now()))) status = 'ERROR_AUSGETRETEN';
      else status = nextLoginStatus(await loginStateOf(subject.personId));
      await record(subject.personId, via.email, status, meta, via.method, { slotId: via.slotId });
      const stage = isLoggedInStatus(status) ? 'ACTIVE' : isPendingStatus(status) ? 'PENDING' : null;
      if (!stage) return { status };

      const now = clock.now();
      const nowIso = isoInstant(now);
      const token = newSessionToken();
      const tokenHash = hashToken(token);
      await store.createSession({
        tokenHash,
        publicId: newPublicId(),
        personId: subject.personId,
        tenant: tenant.id,
        createdAt: nowIso,
        lastSeenAt: nowIso,
        ipAddress: meta.ipAddress,
        userAgent: meta.userAgent?.slice(0, 300) ?? null,
        stage,
        loginMethod: via.method,
        entryViaQrCode: via.entryViaQrCode ? 1 : 0,
      });
      await onSessionOpened?.({ personId: subject.personId, tokenHash, meta, at: now });
      return { status, sessionToken: token };
    });
  }

  return { login, loginWithProof, completeLogin, ...sessions };
}

export type SessionService = ReturnType<typeof createSessionService>;
