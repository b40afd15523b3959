/**
 * Pure rules of the electronic-ID login (ID Austria over OpenID Connect; DOMAIN.md "Electronic ID", spec 000
 * section 2 route /eid and section 8 "no or incomplete data from the electronic-ID provider"). No I/O.
 */
import type { LoginStatus } from '../session/session.rules';

/** The scope the spec's eID link carries (spec 000 section 2). */
export const EID_SCOPE = 'openid profile eid';

/** How long a started eID login may take until the callback (state, nonce and PKCE verifier expire). */
export const EID_REQUEST_TTL_MS = 10 * 60_000;

/** Route that starts the flow: the web app's eID button links here (clientConfig `eid.startUrl`). */
export const EID_START_PATH = '/webportal/eid/start';

/** Route the provider redirects back to; EID_REDIRECT_URI is `<origin>` plus this path. */
export const EID_CALLBACK_PATH = '/webportal/eid/callback';

/**
 * Error codes of the redirect to the web app's /eid route:
 * - INCOMPLETE: no or incomplete data from the provider (spec 000 section 8, "try again later"): a provider
 *   `error`, an unknown, used, expired or foreign state, a failed code exchange or ID-token check, or missing claims;
 * - NOT_LINKED: a valid answer whose bPK is linked to no person of the portal.
 */
export type EidErrorCode = 'INCOMPLETE' | 'NOT_LINKED';

/** Where a finished eID callback sends the browser. */
export type EidOutcome = { error: EidErrorCode } | { status: LoginStatus; returnTo: string | null };

/**
 * The web-app location of an outcome, a hash route of the single-page app:
 * `/#/eid?error=INCOMPLETE`, `/#/eid?error=NOT_LINKED`, or `/#/eid?status=<login status>` with
 * `&returnTo=<app route>` when the start asked for one and a session was opened.
 */
export function eidResultLocation(outcome: EidOutcome): string {
  const query = new URLSearchParams();
  if ('error' in outcome) query.set('error', outcome.error);
  else {
    query.set('status', outcome.status);
    if (outcome.returnTo) query.set('returnTo', outcome.returnTo);
  }
  return `/#/eid?${query.toString()}`;
}

/** The person data the portal needs from the ID token. */
export interface EidIdentity {
  /** The `sub` claim: the sector-specific person identifier (bPK), never the SVNR (DOMAIN.md). */
  bpk: string;
  givenName: string;
  familyName: string;
}

const MAX_BPK_LENGTH = 512;
const MAX_NAME_LENGTH = 200;

function claimText(value: unknown, max: number): string | null {
  if (typeof value !== 'string') return null;
  const trimmed = value.trim();
  return trimmed.length > 0 && trimmed.length <= max ? trimmed : null;
}

/**
 * Reads the identity from validated ID-token claims. The person is matched by `sub`, which ID Austria fills with
 * the bPK of the portal's sector (DOMAIN.md: "`sub` carries the sector-specific person identifier (bPK), never the
 * SVNR"). `given_name` and `family_name` must be present too (scope `profile`).
 *
 * @returns the identity, or null when `sub`, `given_name` or `family_name` is missing, empty or not a string, or
 *   longer than a plausible value (the caller answers INCOMPLETE).
 */
export function identityFromClaims(claims: Readonly<Record<string, unknown>> | undefined): EidIdentity | null {
  if (!claims) return null;
  const bpk = typeof claims.sub === 'string' && claims.sub.length > 0 && claims.sub.length <= MAX_BPK_LENGTH ? claims.sub : null;
  const givenName = claimText(claims.given_name, MAX_NAME_LENGTH);
  const familyName = claimText(claims.family_name, MAX_NAME_LENGTH);
  return bpk && givenName && familyName ? { bpk, givenName, familyName } : null;
}

/**
 * True for an app route the start may carry as `returnTo`: a hash path of the web app such as `/dashboard` or
 * `/kontoinformation/pensionskasse/2025-12-31` (letters, digits, `-`, `_`, `/`; at most 200 characters; no `//`).
 * Anything else (full URLs, `//host`, dots, queries) is ignored, so the parameter cannot redirect off the portal.
 */
export function isSafeReturnTo(value: string): boolean {
  return value.length <= 200 && /^\/[A-Za-z0-9_-]+(?:\/[A-Za-z0-9_-]+)*$/.test(value);
}

/** The eID settings the server flow needs; all from the EID_* variables (server/config.ts). */
export interface EidSettings {
  issuer: string;
  clientId: string;
  clientSecret: string;
  redirectUri: string;
  /** The configured authorization endpoint (clientConfig); the redirect goes to the discovered one. */
  authEndpoint: string;
  /** Plain-http provider allowed (outside production only, for local providers and tests). */
  allowInsecureRequests: boolean;
}

/** The configuration variables the eID login reads (a part of server/config.ts's `Config`). */
export interface EidConfig {
  NODE_ENV: string;
  EID_ISSUER?: string | undefined;
  EID_CLIENT_ID?: string | undefined;
  EID_CLIENT_SECRET?: string | undefined;
  EID_REDIRECT_URI?: string | undefined;
  EID_AUTH_ENDPOINT?: string | undefined;
}

/**
 * The eID settings of a configuration, or null when eID login is off (the EID_* variables are all or none; the
 * configuration refuses a partial set).
 */
export function eidSettings(config: EidConfig): EidSettings | null {
  const { EID_ISSUER, EID_CLIENT_ID, EID_CLIENT_SECRET, EID_REDIRECT_URI, EID_AUTH_ENDPOINT } = config;
  if (!EID_ISSUER || !EID_CLIENT_ID || !EID_CLIENT_SECRET || !EID_REDIRECT_URI || !EID_AUTH_ENDPOINT) return null;
  return {
    issuer: EID_ISSUER,
    clientId: EID_CLIENT_ID,
    clientSecret: EID_CLIENT_SECRET,
    redirectUri: EID_REDIRECT_URI,
    authEndpoint: EID_AUTH_ENDPOINT,
    allowInsecureRequests: config.NODE_ENV !== 'production' && EID_ISSUER.startsWith('http:'),
  };
}
