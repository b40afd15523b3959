import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import type { Logger } from '../../log';
import type { SessionService } from '../session/session.service';
import type { RequestMeta } from '../../platform/shared/request-meta';
import type { SessionStore } from '../session/session.store';
import { hashToken } from '../session/session-token';
import type { Clock } from '../../platform/shared/clock';
import { isoInstant } from '../../platform/shared/clock';
import type { EidProvider } from './eid.oidc';
import { EID_REQUEST_TTL_MS, eidResultLocation, identityFromClaims, isSafeReturnTo, type EidOutcome, type EidSettings } from './eid.rules';
import type { EidStore } from './eid.store';

/** Where `start` sends the browser, and the state to bind to it (null when it goes straight back to the web app). */
export interface EidStartResult {
  location: string;
  state: string | null;
}

/** Where `callback` sends the browser, why, and the new session's cookie token when a session was opened. */
export interface EidCallbackResult {
  location: string;
  outcome: EidOutcome;
  sessionToken?: string;
}

/** 256 random bits, base64url (43 characters): state, nonce and PKCE verifier (RFC 7636 allows 43 to 128). */
const randomValue = (): string => randomBytes(32).toString('base64url');

/** The S256 PKCE challenge of a verifier (RFC 7636 section 4.2). */
const s256 = (verifier: string): string => createHash('sha256').update(verifier).digest('base64url');

function sameText(a: string, b: string): boolean {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
}

/**
 * Login with the electronic ID (ID Austria) over OpenID Connect: authorization-code flow with PKCE (S256), state
 * and nonce; the code is exchanged on the server with the client secret (DOMAIN.md "Electronic ID"; spec 000
 * section 2 route /eid, section 8 "no or incomplete data from the electronic-ID provider").
 *
 * Matching: the person is found by the ID token's `sub` claim, which carries the bPK of the portal's sector (the
 * sector-specific person identifier, never the SVNR), against persons.eid_bpk. Linking a bPK to a member on a first
 * eID login is not part of this service; an unlinked bPK answers NOT_LINKED.
 *
 * A session is opened exactly as a password login opens it (`SessionService.completeLogin`): same statuses, same
 * PENDING or ACTIVE stage from the login status machine, a login attempt row (method EID), a new random token.
 */
export function createEidService(deps: {
  settings: EidSettings;
  store: EidStore;
  provider: EidProvider;
  clock: Clock;
  logger: Logger;
  auth: Pick<SessionService, 'completeLogin'>;
  authStore: Pick<SessionStore, 'findLoginSubjectByBpk'>;
  maintenance: boolean;
}) {
  const { settings, store, provider, clock, logger, auth, authStore } = deps;

  function refuse(reason: string, fields: Record<string, unknown> = {}): EidCallbackResult {
    logger.info('eid login refused', { reason, ...fields });
    const outcome: EidOutcome = { error: 'INCOMPLETE' };
    return { location: eidResultLocation(outcome), outcome };
  }

  /**
   * Starts an eID login: draws state, nonce and PKCE verifier, stores them (state as SHA-256 only) for 10 minutes,
   * and answers the provider's authorization URL. Expired requests of earlier starts are deleted on the way.
   *
   * @param input.returnTo optional app route to continue with after login; kept only when `isSafeReturnTo`.
   * @returns the provider URL and the state to bind to the browser; during maintenance `/#/eid?status=MAINTENANCE`,
   *   and `/#/eid?error=INCOMPLETE` when the provider's metadata cannot be fetched (state null in both).
   */
  async function start(input: { returnTo: string | null }): Promise<EidStartResult> {
    if (deps.maintenance) return { location: eidResultLocation({ status: 'MAINTENANCE', returnTo: null }), state: null };
    const state = randomValue();
    const nonce = randomValue();
    const codeVerifier = randomValue();
    let url: URL;
    try {
      url = await provider.authorizationUrl({ state, nonce, codeChallenge: s256(codeVerifier) });
    } catch (error) {
      logger.warn('eid provider unavailable', { issuer: settings.issuer, error: error instanceof Error ? error.message : String(error) });
      return { location: eidResultLocation({ error: 'INCOMPLETE' }), state: null };
    }
    const now = clock.now();
    await store.purgeExpired(isoInstant(now));
    await store.create({
      stateHash: hashToken(state),
      nonce,
      codeVerifier,
      returnTo: input.returnTo && isSafeReturnTo(input.returnTo) ? input.returnTo : null,
      createdAt: isoInstant(now),
      expiresAt: isoInstant(now + EID_REQUEST_TTL_MS),
      usedAt: null,
    });
    return { location: url.href, state };
  }

  /**
   * Finishes an eID login from the provider's redirect (`code` and `state`, or `error`).
   *
   * Checks in order, each failure answering `/#/eid?error=INCOMPLETE` without a session: `state` present and equal
   * to the state bound to this browser at start (`boundState`, from the state cookie); the stored request unknown,
   * used or expired (it is consumed here, so it never works twice); a provider `error`; no `code`; the code exchange
   * and ID-token validation (eid.oidc.ts: signature against the provider's published keys, issuer, audience, expiry, nonce; PKCE); `sub`, `given_name`, `family_name`
   * present. Then the bPK (`sub`) must belong to a person, else `/#/eid?error=NOT_LINKED`. Otherwise the login
   * completes as a password login does and answers `/#/eid?status=<login status>` (plus `&returnTo=` when asked
   * for and a session was opened); deactivated, locked, exited or deceased persons get their status without a session.
   *
   * Never throws for provider or input problems; the server log gets the reason, never code, state, tokens or bPK.
   */
  async function callback(input: { query: URLSearchParams; boundState: string | undefined; meta: RequestMeta }): Promise<EidCallbackResult> {
    const { query } = input;
    const state = query.get('state');
    if (!state || state.length > 512) return refuse('NO_STATE');
    if (!input.boundState || !sameText(input.boundState, state)) return refuse('STATE_NOT_BOUND_TO_BROWSER');
    const nowIso = isoInstant(clock.now());
    const stateHash = hashToken(state);
    const request = await store.consume(stateHash, nowIso);
    if (!request) return refuse(`STATE_${await store.refusalReason(stateHash, nowIso)}`);
    const providerError = query.get('error');
    if (providerError !== null) return refuse('PROVIDER_ERROR', { providerError: providerError.replace(/[^\w.-]/g, '').slice(0, 64) });
    if (!query.get('code')) return refuse('NO_CODE');

    const callbackUrl = new URL(settings.redirectUri);
    callbackUrl.search = query.toString();
    let claims: Record<string, unknown>;
    try {
      claims = await provider.exchange(callbackUrl, { state, nonce: request.nonce, codeVerifier: request.codeVerifier });
    } catch (error) {
      const code = error instanceof Error && 'code' in error ? String(error.code) : undefined;
      return refuse('EXCHANGE_FAILED', { error: error instanceof Error ? error.message : String(error), code });
    }
    const identity = identityFromClaims(claims);
    if (!identity) return refuse('CLAIMS_MISSING');

    const subject = await authStore.findLoginSubjectByBpk(identity.bpk);
    if (!subject) {
      logger.info('eid login refused', { reason: 'NOT_LINKED' });
      const outcome: EidOutcome = { error: 'NOT_LINKED' };
      return { location: eidResultLocation(outcome), outcome };
    }
    const result = await auth.completeLogin({ meta: input.meta }, subject, { method: 'EID', email: subject.email ?? '' });
    const outcome: EidOutcome = { status: result.status, returnTo: result.sessionToken ? request.returnTo : null };
    logger.info('eid login', { personId: subject.personId, status: result.status });
    return { location: eidResultLocation(outcome), outcome, ...(result.sessionToken ? { sessionToken: result.sessionToken } : {}) };
  }

  return { start, callback };
}

export type EidService = ReturnType<typeof createEidService>;
