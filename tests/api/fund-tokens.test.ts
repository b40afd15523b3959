import { decodeProtectedHeader, generateKeyPair, SignJWT, UnsecuredJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TOKEN_LIFETIME_S, type FundTokens } from '../../server/fund/access/fund-tokens';
import { startTestServer, type TestServer } from '../helpers/test-server';
import { runFund } from '../helpers/fund-command';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({ members: 1, env: { FUND_TOKEN_IP_MAX_PER_MINUTE: '1000' } });
});
afterAll(async () => {
  await server.close();
});

let fundTokens: FundTokens;

async function tokenRequest(form: Record<string, string>, headers: Record<string, string> = {}) {
  const res = await fetch(`${server.url}/oauth/token`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/x-www-form-urlencoded', ...headers },
    body: new URLSearchParams(form).toString(),
  });
  return { status: res.status, headers: res.headers, body: (await res.json()) as Record<string, unknown> };
}

const basic = (id: string, secret: string) => ({ Authorization: `Basic ${Buffer.from(`${id}:${secret}`).toString('base64')}` });

describe('fund API clients and tokens (RFC 6749 section 4.4, RFC 9068; decision 0050)', () => {
  let client: { clientId: string; clientSecret: string };
  beforeAll(async () => {
    const { createFundTokens } = await import('../../server/fund/access/fund-tokens');
    const { createFundAccessStore } = await import('../../server/fund/access/fund-access.store');
    fundTokens = createFundTokens({ store: createFundAccessStore(server.db), clock: server.clock, origin: server.url });
    client = await fundTokens.createClient('Kernsystem', 'claims:read claims:write members:read');
  });

  it('issues an ES256 at+jwt token with form credentials, all the client scopes, RFC 9068 claims and no-store', async () => {
    const answer = await tokenRequest({ grant_type: 'client_credentials', client_id: client.clientId, client_secret: client.clientSecret });
    expect(answer.status).toBe(200);
    expect(answer.headers.get('cache-control')).toBe('no-store');
    expect(answer.body).toMatchObject({ token_type: 'Bearer', expires_in: TOKEN_LIFETIME_S, scope: 'members:read claims:read claims:write' });
    expect(TOKEN_LIFETIME_S).toBeLessThanOrEqual(900);
    const jwt = answer.body.access_token as string;
    expect(decodeProtectedHeader(jwt)).toMatchObject({ alg: 'ES256', typ: 'at+jwt' });
    const payload = JSON.parse(Buffer.from(jwt.split('.')[1]!, 'base64url').toString()) as Record<string, unknown>;
    expect(payload).toMatchObject({ iss: server.url, aud: `${server.url}/fund/graphql`, sub: client.clientId, client_id: client.clientId });
    expect((payload.exp as number) - (payload.iat as number)).toBe(TOKEN_LIFETIME_S);
    expect(typeof payload.jti).toBe('string');
    const verified = await fundTokens.verify(jwt);
    expect('ok' in verified && [...verified.ok.scopes]).toEqual(['members:read', 'claims:read', 'claims:write']);
  });

  it('accepts HTTP Basic credentials and narrows the scope; refuses a scope the client lacks as invalid_scope', async () => {
    const narrowed = await tokenRequest({ grant_type: 'client_credentials', scope: 'claims:read' }, basic(client.clientId, client.clientSecret));
    expect(narrowed.status).toBe(200);
    expect(narrowed.body.scope).toBe('claims:read');
    for (const scope of ['messages:write', 'claims:read bogus', '']) {
      const refused = await tokenRequest({ grant_type: 'client_credentials', scope }, basic(client.clientId, client.clientSecret));
      expect(refused.status).toBe(400);
      expect(refused.body.error).toBe('invalid_scope');
    }
  });

  it('answers the RFC 6749 section 5.2 errors: invalid_client 401 for a wrong secret or unknown id, unsupported_grant_type, invalid_request', async () => {
    const wrong = await tokenRequest({ grant_type: 'client_credentials' }, basic(client.clientId, `${client.clientSecret}x`));
    expect(wrong.status).toBe(401);
    expect(wrong.body.error).toBe('invalid_client');
    expect(wrong.headers.get('www-authenticate')).toMatch(/^Basic/);
    const unknown = await tokenRequest({ grant_type: 'client_credentials', client_id: 'fc_nobody', client_secret: client.clientSecret });
    expect([unknown.status, unknown.body.error]).toEqual([401, 'invalid_client']);
    const grant = await tokenRequest({ grant_type: 'password', client_id: client.clientId, client_secret: client.clientSecret });
    expect([grant.status, grant.body.error]).toEqual([400, 'unsupported_grant_type']);
    const twice = await tokenRequest(
      { grant_type: 'client_credentials', client_id: client.clientId, client_secret: client.clientSecret },
      basic(client.clientId, client.clientSecret),
    );
    expect([twice.status, twice.body.error]).toEqual([400, 'invalid_request']);
    const json = await fetch(`${server.url}/oauth/token`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: '{}' });
    expect([json.status, ((await json.json()) as { error: string }).error]).toEqual([400, 'invalid_request']);
  });

  it('publishes the verification key at /.well-known/jwks.json, and two keys after a rotation; both verify', async () => {
    const before = (await (await fetch(`${server.url}/.well-known/jwks.json`)).json()) as { keys: Record<string, unknown>[] };
    expect(before.keys).toHaveLength(1);
    expect(before.keys[0]).toMatchObject({ kty: 'EC', crv: 'P-256', alg: 'ES256', use: 'sig' });
    expect(before.keys[0]).not.toHaveProperty('d');
    const old = (await tokenRequest({ grant_type: 'client_credentials' }, basic(client.clientId, client.clientSecret))).body.access_token as string;
    const kid = await fundTokens.rotateKey();
    const during = (await (await fetch(`${server.url}/.well-known/jwks.json`)).json()) as { keys: { kid: string }[] };
    expect(during.keys.map((k) => k.kid).sort()).toEqual([kid, before.keys[0]!.kid].sort());
    const fresh = (await tokenRequest({ grant_type: 'client_credentials' }, basic(client.clientId, client.clientSecret))).body.access_token as string;
    expect(decodeProtectedHeader(fresh).kid).toBe(kid);
    expect('ok' in (await fundTokens.verify(old))).toBe(true);
    expect('ok' in (await fundTokens.verify(fresh))).toBe(true);
  });

  it('refuses an expired token (moved clock), a wrong audience, a changed signature, alg none and HS256', async () => {
    const jwt = (await tokenRequest({ grant_type: 'client_credentials' }, basic(client.clientId, client.clientSecret))).body.access_token as string;
    const [h, p, s] = jwt.split('.') as [string, string, string];
    const payload = JSON.parse(Buffer.from(p, 'base64url').toString()) as Record<string, unknown>;
    const tampered = `${h}.${Buffer.from(JSON.stringify({ ...payload, scope: 'members:write' })).toString('base64url')}.${s}`;
    expect(await fundTokens.verify(tampered)).toEqual({ refused: 'signature' });
    const flipped = `${h}.${p}.${s.slice(0, -4)}${s.slice(-4) === 'AAAA' ? 'BBBB' : 'AAAA'}`;
    expect('refused' in (await fundTokens.verify(flipped))).toBe(true);
    const none = new UnsecuredJWT(payload).encode();
    expect('refused' in (await fundTokens.verify(none))).toBe(true);
    // HS256 with the published public key as the HMAC secret (the algorithm-confusion attack).
    const jwk = ((await (await fetch(`${server.url}/.well-known/jwks.json`)).json()) as { keys: object[] }).keys[0]!;
    const hs = await new SignJWT(payload)
      .setProtectedHeader({ alg: 'HS256', typ: 'at+jwt', kid: decodeProtectedHeader(jwt).kid! })
      .sign(new TextEncoder().encode(JSON.stringify(jwk)));
    expect('refused' in (await fundTokens.verify(hs))).toBe(true);
    // A token of a foreign key with the right claims, and one of ours for another audience.
    const foreign = await generateKeyPair('ES256', { extractable: true });
    const stranger = await new SignJWT(payload).setProtectedHeader({ alg: 'ES256', typ: 'at+jwt', kid: decodeProtectedHeader(jwt).kid! }).sign(foreign.privateKey);
    expect(await fundTokens.verify(stranger)).toEqual({ refused: 'signature' });
    const { createFundTokens } = await import('../../server/fund/access/fund-tokens');
    const { createFundAccessStore } = await import('../../server/fund/access/fund-access.store');
    const elsewhere = createFundTokens({ store: createFundAccessStore(server.db), clock: server.clock, origin: 'https://other.example' });
    const otherAud = await elsewhere.issue(client.clientId, client.clientSecret, undefined);
    expect('ok' in otherAud && (await fundTokens.verify(otherAud.ok.access_token))).toEqual({ refused: 'claims' });
    // Verified once before (the signature is then checked once per process, decision 0060): the expiry still applies.
    expect('ok' in (await fundTokens.verify(jwt))).toBe(true);
    server.clock.advance(TOKEN_LIFETIME_S * 1000 + 1000);
    expect(await fundTokens.verify(jwt)).toEqual({ refused: 'expired' });
  });

  it('refuses a revoked client at once: its issued token and a new token request', async () => {
    const other = await fundTokens.createClient('Zweitsystem', 'claims:read');
    const jwt = (await tokenRequest({ grant_type: 'client_credentials' }, basic(other.clientId, other.clientSecret))).body.access_token as string;
    expect('ok' in (await fundTokens.verify(jwt))).toBe(true);
    expect(await fundTokens.revokeClient(other.clientId)).toBe(true);
    expect(await fundTokens.verify(jwt)).toEqual({ refused: 'revoked' });
    const again = await tokenRequest({ grant_type: 'client_credentials' }, basic(other.clientId, other.clientSecret));
    expect([again.status, again.body.error]).toEqual([401, 'invalid_client']);
  });

  it('a fund token opens nothing of the members endpoint', async () => {
    const jwt = (await tokenRequest({ grant_type: 'client_credentials' }, basic(client.clientId, client.clientSecret))).body.access_token as string;
    const res = await fetch(`${server.url}/graphql`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${jwt}` },
      body: JSON.stringify({ query: '{ me { id } }' }),
    });
    const body = (await res.json()) as { data?: { me: unknown } | null; errors?: { extensions?: { code?: string } }[] };
    expect(body.data?.me ?? null).toBeNull();
    expect(body.errors?.[0]?.extensions?.code).toBe('UNAUTHENTICATED');
  });
});

describe('rate limit of the token endpoint (decision 0041 limiter)', () => {
  let limited: TestServer;
  beforeAll(async () => {
    limited = await startTestServer({ members: 1, env: { FUND_TOKEN_IP_MAX_PER_MINUTE: '2' } });
  });
  afterAll(async () => {
    await limited.close();
  });
  it('answers 429 with Retry-After beyond the per-IP limit, and again after the minute', async () => {
    const post = () =>
      fetch(`${limited.url}/oauth/token`, { method: 'POST', headers: { 'Content-Type': 'application/x-www-form-urlencoded' }, body: 'grant_type=client_credentials' });
    expect((await post()).status).toBe(401);
    expect((await post()).status).toBe(401);
    const third = await post();
    expect(third.status).toBe(429);
    expect(Number(third.headers.get('retry-after'))).toBeGreaterThan(0);
    limited.clock.advance(60_000);
    expect((await post()).status).toBe(401);
  });
});

describe('npm run fund -- client (decision 0050)', () => {
  const run = (...args: string[]) => runFund(server, args);
  it('creates a client (one JSON line, secret works once shown), lists it without the secret, revokes it', async () => {
    const created = await run('client', 'create', '--name', 'Kernsystem CLI', '--scopes', 'claims:read events:read');
    expect(created.status, created.stderr).toBe(0);
    const { clientId, clientSecret } = JSON.parse(created.stdout.trim()) as { clientId: string; clientSecret: string };
    expect(clientSecret).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect((await tokenRequest({ grant_type: 'client_credentials' }, basic(clientId, clientSecret))).status).toBe(200);
    const listed = await run('client', 'list');
    expect(listed.stdout).toContain(clientId);
    expect(listed.stdout).not.toContain(clientSecret);
    expect((await run('client', 'revoke', '--id', clientId)).status).toBe(0);
    expect((await tokenRequest({ grant_type: 'client_credentials' }, basic(clientId, clientSecret))).status).toBe(401);
    expect((await run('client', 'create', '--name', 'X', '--scopes', 'claims:delete')).status).toBe(2);
    expect((await run('client', 'revoke', '--id', 'fc_nobody')).status).toBe(2);
  });

  it('webhook add prints the id and the signing secret once, refuses unknown event types and bad URLs; list hides the secret; disable', async () => {
    const added = await run('webhook', 'add', '--url', 'http://127.0.0.1:9/hooks', '--events', 'claim.* message.received');
    expect(added.status, added.stderr).toBe(0);
    const { id, secret, events } = JSON.parse(added.stdout.trim()) as { id: string; secret: string; events: string };
    expect(secret).toMatch(/^whsec_[A-Za-z0-9+/]+=*$/);
    expect(events).toBe('claim.* message.received');
    const listed = await run('webhook', 'list');
    expect(listed.stdout).toContain(id);
    expect(listed.stdout).not.toContain(secret);
    expect((await run('webhook', 'add', '--url', 'http://127.0.0.1:9/x', '--events', 'claims.*')).status).toBe(2);
    expect((await run('webhook', 'add', '--url', 'ftp://example.org/x', '--events', 'claim.*')).status).toBe(2);
    expect((await run('webhook', 'add', '--url', 'https://user:pw@example.org/x', '--events', 'claim.*')).status).toBe(2);
    expect((await run('webhook', 'disable', '--id', id)).status).toBe(0);
    expect((await run('webhook', 'disable', '--id', id)).status).toBe(2);
  }, 180_000);
});
