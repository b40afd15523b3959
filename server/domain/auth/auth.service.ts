import type { Clock } from '../shared/clock';
import { isoInstant } from '../shared/clock';
import type { TenantDefinition } from '../../tenants';
import type { SecurityAudit } from '../audit/security-audit';
import type { AuthStore } from './auth.store';
import type { RequestMeta } from '../shared/request-meta';
import type { RequestScope } from '../shared/request-scope';
import { sessionInvalid, sessionTimeout, type DomainError } from '../shared/errors';
import type { FlowSession } from '../login-flow/login-flow.service';
import { isPendingStatus, nextLoginStatus, type LoginState } from '../login-flow/login-flow.rules';
import { checkLoginInput, isLoggedInStatus, severanceAccessEnded, type LoginStatus } from './auth.rules';
import { isoDateVienna } from '@contract/dates';
import { PASSWORD_MAX_LENGTH } from '@contract/registration';
import { EMAIL_MAX_LENGTH, normalizeEmail } from '@contract/email';
import { createLoginThrottle, type IpThrottleSettings } from './login-throttle';
import { verifyDummy, verifyWithEqualWork } from './password';
import type { SessionCheck } from './session-check';
import { hashToken, isWellFormedToken, newPublicId, newSessionToken } from './session-token';

/** A session's `lastSeenAt` is written at most this often, in milliseconds: a request later than that after it touches the session. */
export const SESSION_TOUCH_INTERVAL_MS = 15_000;

export interface AuthSettings {
  maintenance: boolean;
  /** Consecutive wrong passwords that lock the access. */
  lockoutThreshold: number;
  /** Lock duration in milliseconds (spec 000 section 9: 60 minutes). */
  lockoutMs: number;
  /** Inactivity after which the server ends a session, in milliseconds. */
  idleTimeoutMs: number;
  /** Maximum session lifetime in milliseconds. */
  absoluteTimeoutMs: number;
  /** Per-IP login throttle (server/domain/auth/login-throttle.ts); off when absent. */
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
 * A login proof other than the password (a passkey's assertion, server/domain/auth/passkey.service.ts): the person it
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
 * Login, logout and session checks (spec 000 sections 4, 8 and 9). Used by GraphQL and REST alike; built once per
 * process (server/services.ts). Every method that writes an attempt, a session or a security event takes the
 * request's scope first (its `meta`: IP address and user agent).
 */
export function createAuthService(deps: {
  store: AuthStore;
  clock: Clock;
  tenant: TenantDefinition;
  settings: AuthSettings;
  /** The person's login state for the status machine (server/domain/login-flow). */
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

  /** Ends a session and writes the SESSION_END security event. */
  async function endSession(scope: RequestScope, tokenHash: string, personId: number | null, at: number, reason: 'LOGOUT' | 'IDLE_TIMEOUT' | 'ABSOLUTE_TIMEOUT'): Promise<void> {
    if (await store.endSession(tokenHash, isoInstant(at), reason)) await audit?.record('SESSION_END', personId, scope.meta, { reason });
  }

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
   * server/domain/eid (DOMAIN.md "Electronic ID"). Shared so that both ways answer the same statuses and open
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

  /** Ends the session of `token` (the request's cookie token) on the server. Unknown or ended tokens are ignored. */
  async function logout(scope: RequestScope, token: string | undefined): Promise<void> {
    if (!token || !isWellFormedToken(token)) return;
    const row = await store.findSession(hashToken(token));
    await endSession(scope, hashToken(token), row?.personId ?? null, clock.now(), 'LOGOUT');
  }

  /**
   * The time-out a session row has run into at `now` (ms since the epoch), its lifetime first: the one rule of
   * `checkSession` and `sessionStateWithoutWrite`.
   */
  function timeoutOf(row: { createdAt: string; lastSeenAt: string }, now: number): 'ABSOLUTE_TIMEOUT' | 'IDLE_TIMEOUT' | null {
    if (now - Date.parse(row.createdAt) > settings.absoluteTimeoutMs) return 'ABSOLUTE_TIMEOUT';
    if (now - Date.parse(row.lastSeenAt) > settings.idleTimeoutMs) return 'IDLE_TIMEOUT';
    return null;
  }

  /** Whether a request at `now` writes the session's `lastSeenAt` (at most every SESSION_TOUCH_INTERVAL_MS). */
  const touchDue = (row: { lastSeenAt: string }, now: number): boolean => now - Date.parse(row.lastSeenAt) > SESSION_TOUCH_INTERVAL_MS;

  /**
   * Looks up the session of a cookie token and applies the idle and absolute time-outs.
   * - NONE: no token; INVALID: unknown, logged out, ended otherwise or of another tenant (REST answers 406);
   * - TIMEOUT: ended by inactivity or lifetime, now or earlier (REST answers 423);
   * - ACTIVE: valid (`stage` PENDING while a login-flow step is open). With `touch`, the last-seen time moves to now (at most every 15 s, to spare writes);
   *   `checkSessionQuiet` passes `touch: false` so that asking does not keep a session alive.
   * A request's own check (with touch) runs once, through `RequestScope.session()` (server/context.ts); `scope.meta`
   * goes to the SESSION_END event of a time-out.
   */
  async function checkSession(scope: RequestScope, token: string | undefined, options: { touch: boolean }): Promise<SessionCheck> {
    if (!token) return { state: 'NONE' };
    if (!isWellFormedToken(token)) return { state: 'INVALID' };
    const tokenHash = hashToken(token);
    const row = await store.findSession(tokenHash);
    if (!row || row.tenant !== tenant.id) return { state: 'INVALID' };
    if (row.endedAt) {
      if (row.endReason === 'IDLE_TIMEOUT' || row.endReason === 'ABSOLUTE_TIMEOUT') return { state: 'TIMEOUT' };
      // The password was changed in another session (settings or reset link): the login says so (spec 000 "settings-changed notice").
      // LOGOUT, ACCESS_DELETED and ENDED_BY_MEMBER (ended from another session's device list, decision 0048) answer as a logout.
      return row.endReason === 'PASSWORD_CHANGED' ? { state: 'INVALID', endedBy: 'SETTINGS_CHANGED' } : { state: 'INVALID' };
    }
    const now = clock.now();
    const timeout = timeoutOf(row, now);
    if (timeout) {
      await endSession(scope, tokenHash, row.personId, now, timeout);
      return { state: 'TIMEOUT' };
    }
    if (options.touch && touchDue(row, now)) await store.touchSession(tokenHash, isoInstant(now));
    return { state: 'ACTIVE', personId: row.personId, tokenHash, mailboxType: row.mailboxType, selectedDutyId: row.selectedDutyId, stage: row.stage };
  }

  /**
   * What `checkSession` would make of a session row (read by its token hash at `now`, ms since the epoch), decided
   * without any write, for the response cache (server/http/response-cache.ts):
   * - `ACTIVE`: this tenant's, not ended, in the ACTIVE stage, inside the absolute and the idle time-out, and seen
   *   within SESSION_TOUCH_INTERVAL_MS, so a checking request would write nothing;
   * - `TOUCH_DUE`: the same, but a checking request would touch it (write `lastSeenAt`);
   * - `OTHER`: anything else, which `checkSession` ends, refuses or answers as pending.
   */
  function sessionStateWithoutWrite(
    row: { tenant: string; endedAt: string | null; createdAt: string; lastSeenAt: string; stage: 'PENDING' | 'ACTIVE' },
    now: number,
  ): 'ACTIVE' | 'TOUCH_DUE' | 'OTHER' {
    if (row.tenant !== tenant.id || row.endedAt !== null || row.stage !== 'ACTIVE' || timeoutOf(row, now)) return 'OTHER';
    return touchDue(row, now) ? 'TOUCH_DUE' : 'ACTIVE';
  }

  /** True when `token` holds a fully logged-in session (ACTIVE stage); never extends it (checkSessionQuiet). */
  async function isLoggedIn(scope: RequestScope, token: string | undefined): Promise<boolean> {
    const s = await checkSession(scope, token, { touch: false });
    return s.state === 'ACTIVE' && s.stage === 'ACTIVE';
  }

  /** Writes the ACCESS_DENIED event of a refused session and answers the error to throw (SESSION_TIMEOUT or SESSION_INVALID). */
  async function denied(scope: RequestScope, s: Exclude<SessionCheck, { state: 'ACTIVE' }> | null, personId: number | null, reason: string): Promise<DomainError> {
    await audit?.record('ACCESS_DENIED', personId, scope.meta, { reason });
    return s?.state === 'TIMEOUT' ? sessionTimeout() : sessionInvalid(s?.state === 'INVALID' ? s.endedBy : undefined);
  }

  /**
   * Person id of the request's fully logged-in session (access level SESSION, decision 0020). Throws
   * SESSION_INVALID (no, unknown or ended session, or a login still PENDING a flow step) or SESSION_TIMEOUT, after
   * writing ACCESS_DENIED with the reason (LOGIN_PENDING, NONE, INVALID or TIMEOUT).
   */
  async function requirePersonId(scope: RequestScope): Promise<number> {
    const s = await scope.session();
    if (s.state === 'ACTIVE' && s.stage === 'ACTIVE') return s.personId;
    throw s.state === 'ACTIVE' ? await denied(scope, null, s.personId, 'LOGIN_PENDING') : await denied(scope, s, null, s.state);
  }

  /** The session of a login-flow call (access level FLOW): PENDING (a step is open) or ACTIVE. Throws like `requirePersonId`. */
  async function requireFlowSession(scope: RequestScope): Promise<FlowSession> {
    const s = await scope.session();
    if (s.state === 'ACTIVE') return { personId: s.personId, tokenHash: s.tokenHash, stage: s.stage };
    throw await denied(scope, s, null, s.state);
  }

  return { login, loginWithProof, completeLogin, logout, checkSession, sessionStateWithoutWrite, timeoutOf, isLoggedIn, requirePersonId, requireFlowSession };
}

export type AuthService = ReturnType<typeof createAuthService>;
