import { createPrivateKey, generateKeyPairSync, sign, type JsonWebKey } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { Provider } from 'oidc-provider';

/** What the test provider knows of a person: the ID-token claims (`sub` is the bPK the portal matches on). */
export interface TestIdpAccount {
  sub: string;
  given_name?: string;
  family_name?: string;
  birthdate?: string;
}

export interface TestIdp {
  /** Issuer identifier (`http://127.0.0.1:<port>`): EID_ISSUER. */
  issuer: string;
  /** The provider's authorization endpoint (`<issuer>/auth`, as discovery tells): EID_AUTH_ENDPOINT. */
  authorizationEndpoint: string;
  clientId: string;
  clientSecret: string;
  /** Registers the one client with the portal's callback URL and starts answering requests. */
  register(redirectUri: string): void;
  /**
   * Plays the browser at the provider: opens `authorizationUrl`, signs in as `accountId` (the bPK) and consents, or
   * aborts at the first interaction when `accountId` is null (the provider then answers `error=access_denied`).
   * @returns the URL the provider redirects the browser to (the client's callback with code or error, and state).
   */
  authorize(authorizationUrl: string, accountId: string | null): Promise<URL>;
  /**
   * Makes the token endpoint misbehave, as a compromised or impersonated provider would: every ID token it answers
   * is decoded, its claims passed through `tamper.claims`, and signed again (RS256, same `kid`) with the provider's
   * own key or, with `key: 'foreign'`, with a key that is not in the provider's published key set (`none`: unsigned,
   * `alg: none`). `null` restores
   * honest answers.
   */
  tamperIdTokens(tamper: { key: 'own' | 'foreign' | 'none'; claims?: (claims: Record<string, unknown>) => Record<string, unknown> } | null): void;
  close(): Promise<void>;
}

const b64url = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');

/** An RS256 JWS of `claims` with `header`, signed with the RSA private key `jwk`. */
function signRs256(header: Record<string, unknown>, claims: Record<string, unknown>, jwk: JsonWebKey): string {
  const input = `${b64url(header)}.${b64url(claims)}`;
  return `${input}.${sign('sha256', Buffer.from(input), createPrivateKey({ key: jwk, format: 'jwk' })).toString('base64url')}`;
}

/**
 * A real OpenID Connect provider (oidc-provider) on 127.0.0.1 with a port chosen at run time, standing in for ID
 * Austria in tests: one confidential client (client_secret_post, authorization_code only, PKCE required), scopes
 * `openid profile eid`, the name claims in the ID token (as ID Austria delivers them), and oidc-provider's
 * development login and consent pages (devInteractions), driven over HTTP by `authorize`.
 */
export async function startTestIdp(accounts: readonly TestIdpAccount[]): Promise<TestIdp> {
  let handler: ((req: IncomingMessage, res: ServerResponse) => void) | undefined;
  const server: Server = createServer((req, res) => {
    if (handler && tamper && req.method === 'POST' && req.url?.startsWith('/token')) tamperTokenResponse(res);
    if (handler) handler(req, res);
    else res.writeHead(503).end();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  const issuer = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
  const clientId = 'portal-test';
  const clientSecret = 'portal-test-secret-0123456789abcdef';
  const byId = new Map(accounts.map((a) => [a.sub, a]));
  const signingKey = generateKeyPairSync('rsa', { modulusLength: 2048 }).privateKey.export({ format: 'jwk' });
  const foreignKey = generateKeyPairSync('rsa', { modulusLength: 2048 }).privateKey.export({ format: 'jwk' });
  let tamper: Parameters<TestIdp['tamperIdTokens']>[0] = null;

  /** Rewrites the ID token of a token-endpoint answer (oidc-provider answers with one `end(body)` call). */
  function tamperTokenResponse(res: ServerResponse): void {
    const end = res.end.bind(res) as (chunk?: unknown) => ServerResponse;
    (res as { end: (chunk?: unknown) => ServerResponse }).end = (chunk?: unknown) => {
      const active = tamper;
      if (!active || chunk === undefined || res.statusCode !== 200) return end(chunk);
      const body = JSON.parse(Buffer.from(chunk as Buffer).toString('utf8')) as { id_token?: string };
      if (body.id_token) {
        const [header, payload] = body.id_token.split('.');
        const claims = JSON.parse(Buffer.from(payload!, 'base64url').toString('utf8')) as Record<string, unknown>;
        const next = active.claims ? active.claims(claims) : claims;
        const parsedHeader = JSON.parse(Buffer.from(header!, 'base64url').toString('utf8')) as Record<string, unknown>;
        body.id_token =
          active.key === 'none' ? `${b64url({ alg: 'none', typ: 'JWT' })}.${b64url(next)}.` : signRs256(parsedHeader, next, active.key === 'own' ? signingKey : foreignKey);
      }
      const text = JSON.stringify(body);
      res.setHeader('content-length', Buffer.byteLength(text));
      return end(text);
    };
  }

  function register(redirectUri: string): void {
    const provider = new Provider(issuer, {
      clients: [
        {
          client_id: clientId,
          client_secret: clientSecret,
          redirect_uris: [redirectUri],
          grant_types: ['authorization_code'],
          response_types: ['code'],
          token_endpoint_auth_method: 'client_secret_post',
        },
      ],
      pkce: { required: () => true },
      scopes: ['openid', 'profile', 'eid'],
      claims: { openid: ['sub'], profile: ['given_name', 'family_name'], eid: ['birthdate'] },
      // ID Austria puts the person's claims into the ID token; without this oidc-provider would keep them for userinfo.
      conformIdTokenClaims: false,
      findAccount: async (_ctx: unknown, sub: string) => {
        const account = byId.get(sub);
        if (!account) return undefined;
        return { accountId: sub, claims: async () => ({ ...account }) };
      },
      features: { devInteractions: { enabled: true } },
      ttl: { AuthorizationCode: 60, Interaction: 600, Session: 600, Grant: 600, AccessToken: 600, IdToken: 600 },
      cookies: { keys: ['eid-test-cookie-key-0123456789'] },
      jwks: { keys: [{ ...signingKey, kid: 'eid-test', use: 'sig', alg: 'RS256' }] },
    });
    // oidc-provider's Koa callback answers through `res`; its promise settles when the answer is written.
    handler = provider.callback() as (req: IncomingMessage, res: ServerResponse) => void;
  }

  async function authorize(authorizationUrl: string, accountId: string | null): Promise<URL> {
    const jar = new Map<string, string>();
    let url = new URL(authorizationUrl);
    let init: RequestInit = {};
    for (let step = 0; step < 12; step++) {
      const headers = new Headers(init.headers);
      if (jar.size) headers.set('cookie', [...jar].map(([k, v]) => `${k}=${v}`).join('; '));
      const res = await fetch(url, { ...init, headers, redirect: 'manual' });
      for (const line of res.headers.getSetCookie()) {
        const pair = line.split(';')[0]!;
        const eq = pair.indexOf('=');
        const value = pair.slice(eq + 1);
        if (value === '') jar.delete(pair.slice(0, eq));
        else jar.set(pair.slice(0, eq), value);
      }
      const location = res.headers.get('location');
      if (res.status >= 300 && res.status < 400 && location) {
        const next = new URL(location, url);
        if (next.origin !== issuer) return next;
        url = next;
        init = {};
        continue;
      }
      const html = await res.text();
      if (res.status !== 200) throw new Error(`test provider answered ${res.status}: ${html.slice(0, 500)}`);
      const action = /<form[^>]*action="([^"]+)"/.exec(html)?.[1];
      if (!action) throw new Error(`test provider page without a form: ${html.slice(0, 500)}`);
      const submit = new URL(action.replace(/&amp;/g, '&'), url);
      if (accountId === null) {
        url = new URL(`${submit.pathname}/abort`, url);
        init = {};
        continue;
      }
      const prompt = html.includes('name="prompt" value="login"') ? 'login' : 'consent';
      const form: Record<string, string> = prompt === 'login' ? { prompt, login: accountId, password: 'any' } : { prompt };
      url = submit;
      init = { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: new URLSearchParams(form).toString() };
    }
    throw new Error('test provider: too many steps');
  }

  return {
    issuer,
    authorizationEndpoint: `${issuer}/auth`,
    clientId,
    clientSecret,
    register,
    authorize,
    tamperIdTokens(next) {
      tamper = next;
    },
    close() {
      server.closeAllConnections();
      return new Promise((resolve) => server.close(() => resolve()));
    },
  };
}
