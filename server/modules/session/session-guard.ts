import type { TenantDefinition } from '../../tenants';
import type { SecurityAudit } from '../../platform/audit/security-audit';
import type { FlowSession } from '../login-flow/login-flow.service';
import type { Clock } from '../../platform/shared/clock';
import { isoInstant } from '../../platform/shared/clock';
import { sessionInvalid, sessionTimeout, type DomainError } from '../../platform/shared/errors';
import type { RequestScope } from '../../platform/shared/request-scope';
import type { SessionStore } from './session.store';
import type { SessionCheck } from './session-check';
import { hashToken, isWellFormedToken } from './session-token';

/** A session's `lastSeenAt` is written at most this often, in milliseconds: a request later than that after it touches the session. */
export const SESSION_TOUCH_INTERVAL_MS = 15_000;

/**
 * The session half of the auth service (spec 000 section 9): a cookie token's session looked up and held to the idle
 * and absolute time-outs, logout, and the access levels SESSION and FLOW (decision 0020) that GraphQL and REST ask
 * for. `createSessionService` builds it with its own deps and hands its methods on; the login half opens the sessions.
 */
export function createSessionGuard(deps: {
  store: SessionStore;
  clock: Clock;
  tenant: TenantDefinition;
  /** Inactivity and lifetime after which a session ends, in milliseconds (SessionSettings of the auth service). */
  settings: { idleTimeoutMs: number; absoluteTimeoutMs: number };
  audit?: SecurityAudit | undefined;
}) {
  const { store, clock, tenant, settings, audit } = deps;

  /** Ends a session and writes the SESSION_END security event. */
  async function endSession(scope: RequestScope, tokenHash: string, personId: number | null, at: number, reason: 'LOGOUT' | 'IDLE_TIMEOUT' | 'ABSOLUTE_TIMEOUT'): Promise<void> {
    if (await store.endSession(tokenHash, isoInstant(at), reason)) await audit?.record('SESSION_END', personId, scope.meta, { reason });
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
   * A request's own check (with touch) runs once, through `RequestScope.session()` (server/platform/request-context.ts); `scope.meta`
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

  return { logout, checkSession, sessionStateWithoutWrite, timeoutOf, isLoggedIn, requirePersonId, requireFlowSession };
}
