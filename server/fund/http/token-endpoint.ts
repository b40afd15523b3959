import type { IncomingMessage, ServerResponse } from 'node:http';
import type { AppDeps } from '../../platform/deps';
import { publicOriginFor } from '../../platform/request-context';
import { readBodyWithin } from '../../rest/body';
import { createRateLimiter } from '../../platform/shared/rate-limit';
import { createFundAccessStore } from '../access/fund-access.store';
import { createFundTokens, type FundTokens, type TokenError } from '../access/fund-tokens';

/** The token endpoint of the fund's API (RFC 6749 section 3.2). */
export const TOKEN_PATH = '/oauth/token';
/** The published verification keys (RFC 7517 section 5; the RFC 8414 well-known location). */
export const JWKS_PATH = '/.well-known/jwks.json';
/** Largest request body the token endpoint reads (a form of three short fields). */
const MAX_BODY_BYTES = 4096;

/**
 * Descriptions of the RFC 6749 section 5.2 errors. In English, not from the German catalogue: the RFC allows only
 * printable ASCII in `error_description`, and the readers are the integrators' programs and logs (decision 0050).
 */
const DESCRIPTIONS: Record<TokenError, string> = {
  invalid_request: 'Send grant_type=client_credentials as application/x-www-form-urlencoded, with the client credentials once (HTTP Basic or form fields).',
  invalid_client: 'Client authentication failed.',
  invalid_scope: 'The requested scope is empty, unknown or not granted to this client.',
  unsupported_grant_type: 'Only grant_type=client_credentials is supported.',
};

function answer(res: ServerResponse, status: number, body: unknown, extra: Record<string, string> = {}): void {
  res.writeHead(status, { 'Content-Type': 'application/json; charset=utf-8', 'Cache-Control': 'no-store', Pragma: 'no-cache', ...extra }).end(JSON.stringify(body));
}

function refuse(res: ServerResponse, error: TokenError): void {
  // RFC 6749 section 5.2: invalid_client is 401 with a WWW-Authenticate challenge, every other error 400.
  if (error === 'invalid_client') answer(res, 401, { error, error_description: DESCRIPTIONS[error] }, { 'WWW-Authenticate': 'Basic realm="fund", charset="UTF-8"' });
  else answer(res, 400, { error, error_description: DESCRIPTIONS[error] });
}

/** Client id and secret of an `Authorization: Basic` header (RFC 6749 section 2.3.1: each form-urlencoded), or null. */
function basicCredentials(header: string | undefined): { id: string; secret: string } | null | 'malformed' {
  if (header === undefined) return null;
  const match = /^Basic ([A-Za-z0-9+/]+=*)$/i.exec(header.trim());
  if (!match) return 'malformed';
  const decoded = Buffer.from(match[1]!, 'base64').toString('utf8');
  const colon = decoded.indexOf(':');
  if (colon === -1) return 'malformed';
  try {
    const unform = (s: string) => decodeURIComponent(s.replace(/\+/g, ' '));
    return { id: unform(decoded.slice(0, colon)), secret: unform(decoded.slice(colon + 1)) };
  } catch {
    return 'malformed';
  }
}

/**
 * The token endpoint and the key set of the fund's API (decision 0050), built once per app. `tokens` is the same
 * object the fund's GraphQL endpoint verifies with.
 *
 * `POST /oauth/token` (RFC 6749 section 4.4.2): body `application/x-www-form-urlencoded` with
 * `grant_type=client_credentials`, optional `scope`, and the client's id and secret either as HTTP Basic or as the
 * form fields `client_id` and `client_secret` (not both). Answers 200 `{access_token, token_type: "Bearer",
 * expires_in, scope}`, or the section 5.2 errors: 400 `invalid_request` (other content type, missing or repeated
 * field, credentials twice; 413 for a body over the limit, the connection closed), 400 `unsupported_grant_type`, 401 `invalid_client`, 400 `invalid_scope`; 405 for
 * another method; 429 with Retry-After beyond FUND_TOKEN_IP_MAX_PER_MINUTE requests of one IP address per minute
 * (counted before anything else, refused requests included). `GET /.well-known/jwks.json` answers the key set.
 */
export function createFundTokenRoutes(deps: AppDeps) {
  let tokens: FundTokens | null = null;
  const limiter = createRateLimiter({ store: deps.stores.rateLimit, clock: deps.clock });
  const rule = { name: 'fund-token:ip', max: deps.config.FUND_TOKEN_IP_MAX_PER_MINUTE, windowMs: 60_000 };

  /** The token service; the origin is PUBLIC_ORIGIN, else (outside production) the first request's own address. */
  function tokensFor(req: IncomingMessage): FundTokens {
    tokens ??= createFundTokens({
      store: createFundAccessStore(deps.db),
      clock: deps.clock,
      origin: publicOriginFor(deps.config, { localAddress: req.socket.localAddress, localPort: req.socket.localPort }),
    });
    return tokens;
  }

  async function token(req: IncomingMessage, res: ServerResponse): Promise<void> {
    if (req.method !== 'POST') return answer(res, 405, { error: 'invalid_request', error_description: 'Use POST.' }, { Allow: 'POST' });
    const limit = await limiter.take(rule, req.socket.remoteAddress ?? 'unknown');
    if (!limit.allowed) {
      return answer(res, 429, { error: 'rate_limited', error_description: 'Too many token requests; retry later.' }, { 'Retry-After': String(limit.retryAfterSeconds) });
    }
    const contentType = (req.headers['content-type'] ?? '').split(';')[0]!.trim().toLowerCase();
    const raw = await readBodyWithin(req, MAX_BODY_BYTES);
    if (raw === null) {
      // Larger than any token request: answered without reading the rest, so the connection is closed after the
      // answer (announced), and never reused with unread bytes in it (a reset the client's next request would meet).
      res.on('finish', () => req.destroy());
      return answer(res, 413, { error: 'invalid_request', error_description: DESCRIPTIONS.invalid_request }, { Connection: 'close' });
    }
    if (contentType !== 'application/x-www-form-urlencoded') return refuse(res, 'invalid_request');
    const form = new URLSearchParams(raw.toString('utf8'));
    // RFC 6749 section 3.2: parameters must not appear more than once.
    for (const name of new Set(form.keys())) if (form.getAll(name).length > 1) return refuse(res, 'invalid_request');
    const grantType = form.get('grant_type');
    if (grantType === null) return refuse(res, 'invalid_request');
    if (grantType !== 'client_credentials') return refuse(res, 'unsupported_grant_type');
    const basic = basicCredentials(req.headers.authorization);
    const formId = form.get('client_id');
    const formSecret = form.get('client_secret');
    if (basic === 'malformed') return refuse(res, 'invalid_client');
    if (basic !== null && (formId !== null || formSecret !== null)) return refuse(res, 'invalid_request');
    const credentials = basic ?? (formId !== null && formSecret !== null ? { id: formId, secret: formSecret } : null);
    if (credentials === null) return refuse(res, 'invalid_client');
    const outcome = await tokensFor(req).issue(credentials.id, credentials.secret, form.get('scope') ?? undefined);
    if ('error' in outcome) {
      deps.logger.info('fund token refused', { error: outcome.error, clientId: credentials.id.slice(0, 40) });
      return refuse(res, outcome.error);
    }
    answer(res, 200, outcome.ok);
  }

  return {
    /** True for the paths these routes serve. */
    handles: (pathname: string) => pathname === TOKEN_PATH || pathname === JWKS_PATH,
    tokensFor,
    async handle(req: IncomingMessage, res: ServerResponse, pathname: string): Promise<void> {
      if (pathname === TOKEN_PATH) return token(req, res);
      if (req.method !== 'GET' && req.method !== 'HEAD') return answer(res, 405, { error: 'method_not_allowed' }, { Allow: 'GET, HEAD' });
      const set = await tokensFor(req).jwks();
      res.writeHead(200, { 'Content-Type': 'application/jwk-set+json', 'Cache-Control': 'public, max-age=300' }).end(req.method === 'HEAD' ? undefined : JSON.stringify(set));
    },
  };
}
