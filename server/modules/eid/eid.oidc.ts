import * as oidc from 'openid-client';
import type { Logger } from '../../log';
import { EID_SCOPE, type EidSettings } from './eid.rules';

/** Seconds the portal waits for the eID provider (discovery, token endpoint, keys). */
const PROVIDER_TIMEOUT_SECONDS = 10;

/**
 * The eID provider as the portal uses it (OpenID Connect; DOMAIN.md "Electronic ID"). The only place that knows
 * openid-client, as the stores are the only places that know SQL.
 */
export interface EidProvider {
  /**
   * The authorization request URL at the provider's (discovered) authorization endpoint, with response_type=code,
   * client_id, redirect_uri, scope `openid profile eid`, state, nonce, code_challenge and code_challenge_method=S256.
   * Rejects when the provider's metadata cannot be fetched.
   */
  authorizationUrl(params: { state: string; nonce: string; codeChallenge: string }): Promise<URL>;
  /**
   * Validates the authorization response in `callbackUrl` (state, and `iss` where the provider sends it), exchanges
   * the code at the token endpoint with the client secret (client_secret_post) and the PKCE verifier, and validates
   * the ID token: its JWS signature against the provider's published keys (jwks_uri; `enableNonRepudiationChecks`,
   * without which openid-client 6 would trust TLS alone), `iss` equal to the discovered issuer, `aud` containing the
   * client id (and `azp` when there are several audiences), `exp` in the future and `iat` present, and `nonce` equal
   * to the one sent at start (openid-client's ID token checks, OpenID Connect Core 3.1.3.7).
   * @returns the ID token's claims. Rejects on any provider error or failed check.
   */
  exchange(callbackUrl: URL, checks: { state: string; nonce: string; codeVerifier: string }): Promise<Record<string, unknown>>;
}

/**
 * An EidProvider for `settings`. The provider metadata is discovered from EID_ISSUER on first use and kept for the
 * life of the process (it is a cache: any process can rebuild it); a failed discovery is retried on the next call.
 * Plain http is allowed only when `settings.allowInsecureRequests` (never in production).
 */
export function createEidProvider(settings: EidSettings, logger: Logger): EidProvider {
  let configuration: Promise<oidc.Configuration> | undefined;

  function discover(): Promise<oidc.Configuration> {
    configuration ??= oidc
      .discovery(new URL(settings.issuer), settings.clientId, settings.clientSecret, oidc.ClientSecretPost(settings.clientSecret), {
        // enableNonRepudiationChecks: openid-client 6 trusts the TLS connection to the token endpoint by default and
        // does not check the ID token's signature; with it, the signature is verified against the provider's published
        // key set (jwks_uri, fetched and cached by openid-client), so a token signed with any other key, or unsigned
        // (alg none), is refused.
        execute: [oidc.enableNonRepudiationChecks, ...(settings.allowInsecureRequests ? [oidc.allowInsecureRequests] : [])],
        timeout: PROVIDER_TIMEOUT_SECONDS,
      })
      .then(
        (config) => {
          const discovered = config.serverMetadata().authorization_endpoint;
          if (discovered !== settings.authEndpoint) {
            logger.warn('eid: EID_AUTH_ENDPOINT differs from the discovered authorization endpoint; the discovered one is used', {
              configured: settings.authEndpoint,
              discovered,
            });
          }
          return config;
        },
        (error: unknown) => {
          configuration = undefined;
          throw error;
        },
      );
    return configuration;
  }

  return {
    async authorizationUrl({ state, nonce, codeChallenge }) {
      const config = await discover();
      return oidc.buildAuthorizationUrl(config, {
        response_type: 'code',
        client_id: settings.clientId,
        redirect_uri: settings.redirectUri,
        scope: EID_SCOPE,
        state,
        nonce,
        code_challenge: codeChallenge,
        code_challenge_method: 'S256',
      });
    },

    async exchange(callbackUrl, { state, nonce, codeVerifier }) {
      const config = await discover();
      const tokens = await oidc.authorizationCodeGrant(config, callbackUrl, {
        expectedState: state,
        expectedNonce: nonce,
        pkceCodeVerifier: codeVerifier,
        idTokenExpected: true,
      });
      const claims = tokens.claims();
      if (!claims) throw new Error('eid: no ID token in the token response');
      return { ...claims };
    },
  };
}
