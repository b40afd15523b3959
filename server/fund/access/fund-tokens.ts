import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import { exportJWK, generateKeyPair, importJWK, jwtVerify, SignJWT, type JWK, type JWTHeaderParameters } from 'jose';
import type { SigningKeyRow } from '../../../db/schema';
import { isoInstant, type Clock } from '../../platform/shared/clock';
import type { FundAccessStore } from './fund-access.store';
import { parseScopes, type FundPrincipal, type FundScope } from './scopes';

/** The one signing algorithm of the fund's tokens (ECDSA P-256, RFC 7518 section 3.4); nothing else verifies. */
export const TOKEN_ALG = 'ES256';
/** Seconds an access token lives (RFC 9068 `exp` − `iat`; at most 15 minutes, decision 0050). */
export const TOKEN_LIFETIME_S = 600;
/** Verified tokens kept per process (all dropped when full): a core system holds one token at a time per client. */
const VERIFIED_TOKENS_MAX = 1000;
/** The JWT `typ` header of access tokens (RFC 9068 section 2.1). */
const TOKEN_TYP = 'at+jwt';
/** Path of the fund's GraphQL endpoint, the audience of every token. */
export const FUND_GRAPHQL_PATH = '/fund/graphql';

/** One client as `client list` shows it (never the secret or its hash). */
export interface FundClientView {
  clientId: string;
  name: string;
  scopes: FundScope[];
  createdAt: string;
  revokedAt: string | null;
}

/** A refusal of the token endpoint, as RFC 6749 section 5.2 names it. */
export type TokenError = 'invalid_request' | 'invalid_client' | 'invalid_scope' | 'unsupported_grant_type';

/** An access token as RFC 6749 section 5.1 answers it. */
export interface IssuedToken {
  access_token: string;
  token_type: 'Bearer';
  /** Seconds until the token expires. */
  expires_in: number;
  /** The granted scopes, space-separated. */
  scope: string;
}

/** Why a bearer token is refused (logged, never told to the caller beyond `invalid_token`). */
export type TokenRefusal = 'malformed' | 'signature' | 'claims' | 'expired' | 'unknown_client' | 'revoked';

/** A refusal of `client create`: `message` says what is wrong. */
export class FundClientError extends Error {}

const sha256 = (text: string) => createHash('sha256').update(text, 'utf8').digest();

/**
 * Clients, access tokens and signing keys of the fund's API (OAuth 2.0 client credentials, RFC 6749 section 4.4; JWT
 * access tokens, RFC 9068; decision 0050). `origin` is the portal's public origin: the tokens' issuer, and with
 * FUND_GRAPHQL_PATH their audience.
 */
export function createFundTokens(deps: { store: FundAccessStore; clock: Clock; origin: string }) {
  const { store, clock } = deps;
  const issuer = deps.origin;
  const audience = `${deps.origin}${FUND_GRAPHQL_PATH}`;
  const imported = new Map<string, CryptoKey>();
  // Tokens whose signature and claims verified (decision 0060): by the SHA-256 of the token, its payload and key id.
  const verified = new Map<string, { payload: Record<string, unknown>; kid: string }>();

  async function keyOf(row: SigningKeyRow, which: 'public' | 'private'): Promise<CryptoKey> {
    const cacheKey = `${which}:${row.kid}`;
    let key = imported.get(cacheKey);
    if (!key) {
      key = (await importJWK(JSON.parse(which === 'public' ? row.publicJwk : row.privateJwk) as JWK, TOKEN_ALG)) as CryptoKey;
      imported.set(cacheKey, key);
    }
    return key;
  }

  async function newKeyRow(): Promise<SigningKeyRow> {
    const pair = await generateKeyPair(TOKEN_ALG, { extractable: true });
    const kid = randomBytes(12).toString('base64url');
    const publicJwk = { ...(await exportJWK(pair.publicKey)), kid, alg: TOKEN_ALG, use: 'sig' };
    const privateJwk = { ...(await exportJWK(pair.privateKey)), kid, alg: TOKEN_ALG };
    return { kid, alg: TOKEN_ALG, publicJwk: JSON.stringify(publicJwk), privateJwk: JSON.stringify(privateJwk), createdAt: isoInstant(clock.now()), retiredAt: null };
  }

  /** Keys that still verify: active ones, and retired ones while a token they signed may live. */
  async function verifyingKeys(): Promise<SigningKeyRow[]> {
    const now = clock.now();
    return (await store.keys()).filter((k) => k.retiredAt === null || Date.parse(k.retiredAt) + TOKEN_LIFETIME_S * 1000 > now);
  }

  /** The key that signs now: the newest active one, generated and stored on first use. */
  async function signingKey(): Promise<SigningKeyRow> {
    const active = (await store.keys()).find((k) => k.retiredAt === null);
    if (active) return active;
    await store.addKey(await newKeyRow());
    return (await store.keys()).find((k) => k.retiredAt === null)!;
  }

  return {
    /**
     * Creates a client that may ask for `scopes` (space-separated fund scopes). Resolves to its id and its secret (32
     * random bytes, base64url), which is never stored: only its SHA-256 is.
     * @throws FundClientError for an empty or over-long name, no scopes, or a scope that is no fund scope.
     */
    async createClient(name: string, scopes: string): Promise<{ clientId: string; clientSecret: string }> {
      const cleanName = name.trim();
      if (cleanName === '' || cleanName.length > 100) throw new FundClientError('the name must have 1 to 100 characters');
      const parsed = parseScopes(scopes);
      if (parsed.unknown.length > 0) throw new FundClientError(`unknown scope: ${parsed.unknown.join(' ')}`);
      if (parsed.scopes.length === 0) throw new FundClientError('at least one scope is required');
      const clientId = `fc_${randomBytes(18).toString('base64url')}`;
      const clientSecret = randomBytes(32).toString('base64url');
      await store.insertClient({
        id: clientId,
        name: cleanName,
        scopes: parsed.scopes.join(' '),
        secretHash: sha256(clientSecret).toString('hex'),
        createdAt: isoInstant(clock.now()),
        revokedAt: null,
      });
      return { clientId, clientSecret };
    },

    /** Every client, newest first. */
    async listClients(): Promise<FundClientView[]> {
      return (await store.clients()).map((c) => ({ clientId: c.id, name: c.name, scopes: parseScopes(c.scopes).scopes, createdAt: c.createdAt, revokedAt: c.revokedAt }));
    },

    /** Revokes the client: no new tokens, and its issued tokens are refused from now on. Resolves to false for an unknown id. */
    revokeClient(clientId: string): Promise<boolean> {
      return store.revokeClient(clientId, isoInstant(clock.now()));
    },

    /**
     * The token endpoint's work after the transport parsed the request (RFC 6749 section 4.4.2): authenticates the
     * client by id and secret and issues a token for the requested scopes (all of the client's when `scope` is absent).
     * Resolves to the token, or to the RFC 6749 section 5.2 error: `invalid_client` for an unknown or revoked client or a
     * wrong secret, `invalid_scope` for an empty scope or one the client may not have.
     */
    async issue(clientId: string, clientSecret: string, scope: string | undefined): Promise<{ ok: IssuedToken } | { error: TokenError }> {
      const client = await store.client(clientId);
      const given = sha256(clientSecret);
      const stored = client ? Buffer.from(client.secretHash, 'hex') : Buffer.alloc(32);
      if (!client || client.revokedAt !== null || !timingSafeEqual(given, stored)) return { error: 'invalid_client' };
      const allowed = parseScopes(client.scopes).scopes;
      let granted: FundScope[] = allowed;
      if (scope !== undefined) {
        const requested = parseScopes(scope);
        if (requested.unknown.length > 0 || requested.scopes.length === 0 || requested.scopes.some((s) => !allowed.includes(s))) return { error: 'invalid_scope' };
        granted = requested.scopes;
      }
      const key = await signingKey();
      const now = Math.floor(clock.now() / 1000);
      const header: JWTHeaderParameters = { alg: TOKEN_ALG, typ: TOKEN_TYP, kid: key.kid };
      const accessToken = await new SignJWT({ client_id: client.id, scope: granted.join(' ') })
        .setProtectedHeader(header)
        .setIssuer(issuer)
        .setAudience(audience)
        .setSubject(client.id)
        .setIssuedAt(now)
        .setExpirationTime(now + TOKEN_LIFETIME_S)
        .setJti(randomBytes(16).toString('base64url'))
        .sign(await keyOf(key, 'private'));
      return { ok: { access_token: accessToken, token_type: 'Bearer', expires_in: TOKEN_LIFETIME_S, scope: granted.join(' ') } };
    },

    /**
     * The principal of a bearer token (RFC 6750), or why it is refused. Checked: the algorithm is ES256 (`none`, HMAC
     * and every other one refused), `typ` is `at+jwt`, the signature by a published key (`kid`), `iss`, `aud`, `exp`
     * and `iat` against the clock, and — one database read per request, so a revocation works at once — that the client
     * exists and is not revoked. The principal's scopes are the token's, narrowed to what the client may still have.
     */
    async verify(token: string): Promise<{ ok: FundPrincipal } | { refused: TokenRefusal }> {
      const keys = await verifyingKeys();
      let payload: Record<string, unknown>;
      // A token's bytes never change, so its ECDSA signature (about 0.3 ms of CPU, most of a cached fund read) is
      // checked once per process (decision 0060). Everything that can change is checked on every call, as jwtVerify
      // would: the key still verifies (`verifyingKeys`: retired keys drop out), the expiry against the clock
      // (RFC 7519 section 4.1.4, no leeway), `nbf`; the client's revocation and scopes below.
      const memoKey = sha256(token).toString('base64');
      const known = verified.get(memoKey);
      if (known && keys.some((k) => k.kid === known.kid)) {
        const nowS = Math.floor(clock.now() / 1000);
        if ((known.payload.exp as number) <= nowS) return { refused: 'expired' };
        if (typeof known.payload.nbf === 'number' && known.payload.nbf > nowS) return { refused: 'claims' };
        payload = known.payload;
      } else {
        try {
          let kid = '';
          const result = await jwtVerify(
            token,
            async (header: JWTHeaderParameters) => {
              const row = keys.find((k) => k.kid === header.kid);
              if (!row) throw new Error('unknown kid');
              kid = row.kid;
              return keyOf(row, 'public');
            },
            { algorithms: [TOKEN_ALG], typ: TOKEN_TYP, issuer, audience, currentDate: new Date(clock.now()), requiredClaims: ['exp', 'iat', 'sub', 'jti'] },
          );
          payload = result.payload as Record<string, unknown>;
          if (verified.size >= VERIFIED_TOKENS_MAX) verified.clear();
          verified.set(memoKey, { payload, kid });
        } catch (error) {
          const code = (error as { code?: string }).code;
          if (code === 'ERR_JWT_EXPIRED') return { refused: 'expired' };
          if (code === 'ERR_JWS_SIGNATURE_VERIFICATION_FAILED') return { refused: 'signature' };
          if (code === 'ERR_JWT_CLAIM_VALIDATION_FAILED') return { refused: 'claims' };
          return { refused: 'malformed' };
        }
      }
      if (typeof payload.client_id !== 'string' || payload.client_id !== payload.sub || typeof payload.scope !== 'string') return { refused: 'claims' };
      if (typeof payload.iat !== 'number' || payload.iat * 1000 > clock.now()) return { refused: 'claims' };
      const client = await store.client(payload.client_id);
      if (!client) return { refused: 'unknown_client' };
      if (client.revokedAt !== null) return { refused: 'revoked' };
      const allowed = new Set(parseScopes(client.scopes).scopes);
      const scopes = new Set(parseScopes(payload.scope).scopes.filter((s) => allowed.has(s)));
      return { ok: { kind: 'client', clientId: client.id, scopes } };
    },

    /** The JSON Web Key Set of the keys that verify tokens now (RFC 7517 section 5): one key, two during a rotation. */
    async jwks(): Promise<{ keys: JWK[] }> {
      await signingKey();
      return { keys: (await verifyingKeys()).map((k) => JSON.parse(k.publicJwk) as JWK) };
    },

    /**
     * Rotates the signing key (`npm run fund -- key rotate`): a new key signs from now on; the previous one stops
     * signing and stays published until the last token it signed has expired. Resolves to the new key's id.
     */
    async rotateKey(): Promise<string> {
      const row = await newKeyRow();
      await store.addKey(row, isoInstant(clock.now()));
      return row.kid;
    },
  };
}

export type FundTokens = ReturnType<typeof createFundTokens>;
