import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ANNA_EID_BPK, demoEidBpk } from '../../db/seed';
import { graphql } from '../gql';
import { DEMO_PASSWORD, PortalClient } from '../helpers/client';
import { startTestIdp, type TestIdp } from '../helpers/oidc-provider';
import { booleansAsNumbers, countRows, sqlAll, sqlGet, sqlOne, sqlRun } from '../helpers/raw-sql';
import { emailOf } from '../helpers/scenarios';
import { startTestServer, type TestServer } from '../helpers/test-server';

/**
 * Electronic-ID login (DOMAIN.md "Electronic ID"; spec 000 section 2 route /eid, section 8 "no or incomplete data
 * from the electronic-ID provider") against a real OpenID Connect provider (oidc-provider) in this process.
 */
const EID_CONFIG = graphql(`
  query EidClientConfig {
    clientConfig {
      eidAuthEndpoint
      eidClientId
      eidRedirectUri
      eidStartUrl
    }
  }
`);
const EID_START_URL = graphql(`
  query EidStartUrl {
    clientConfig {
      eidStartUrl
    }
  }
`);
const UNLINKED_BPK = demoEidBpk('nobody');
const NAMELESS_BPK = demoEidBpk('nameless');
const KARL_BPK = demoEidBpk('karl.gesperrt');
const DORA_BPK = demoEidBpk('dora.nutzung');

let idp: TestIdp;
let server: TestServer;

beforeAll(async () => {
  idp = await startTestIdp([
    { sub: ANNA_EID_BPK, given_name: 'Anna', family_name: 'Muster', birthdate: '1984-05-17' },
    { sub: UNLINKED_BPK, given_name: 'Niemand', family_name: 'Unbekannt' },
    { sub: NAMELESS_BPK },
    { sub: KARL_BPK, given_name: 'Karl', family_name: 'Gesperrt' },
    { sub: DORA_BPK, given_name: 'Dora', family_name: 'Nutzung' },
  ]);
  server = await startTestServer({
    members: 3,
    env: (url) => ({
      EID_ISSUER: idp.issuer,
      EID_AUTH_ENDPOINT: idp.authorizationEndpoint,
      EID_CLIENT_ID: idp.clientId,
      EID_CLIENT_SECRET: idp.clientSecret,
      EID_REDIRECT_URI: `${url}/webportal/eid/callback`,
    }),
  });
  idp.register(`${server.url}/webportal/eid/callback`);
  // Linked bPKs of a deactivated access and of a member with terms to accept (only anna's is seeded).
  const link = 'UPDATE persons SET eid_bpk = ? WHERE email = ?';
  await sqlRun(server.db, link, KARL_BPK, emailOf('karl'));
  await sqlRun(server.db, link, DORA_BPK, emailOf('dora'));
});

afterAll(async () => {
  await server?.close();
  await idp?.close();
});

const SESSION_COOKIE = 'mvbv_session';
const STATE_COOKIE = 'mvbv_eid_state';

/** GET /webportal/eid/start in a fresh browser; returns the browser and the provider URL it was sent to. */
async function start(query = '') {
  const browser = new PortalClient(server.url);
  const res = await browser.fetch(`/webportal/eid/start${query}`, { redirect: 'manual' });
  expect(res.status).toBe(302);
  return { browser, authorizationUrl: new URL(res.headers.get('location')!) };
}

/** Delivers the provider's redirect to the portal's callback; returns the portal's answer. */
async function callback(browser: PortalClient, redirect: URL) {
  const res = await browser.fetch(redirect.pathname + redirect.search, { redirect: 'manual' });
  expect(res.status).toBe(302);
  return { res, location: res.headers.get('location')! };
}

/** The whole flow in one browser: start, sign in at the provider as `bpk`, callback. */
async function eidLogin(bpk: string | null) {
  const { browser, authorizationUrl } = await start();
  const redirect = await idp.authorize(authorizationUrl.href, bpk);
  return { browser, redirect, ...(await callback(browser, redirect)) };
}

const sessionCount = () => countRows(server.db, 'sessions');
const stateRow = (state: string) => sqlGet(server.db, 'SELECT * FROM eid_auth_requests WHERE state_hash = ?', createHash('sha256').update(state).digest('base64url'));

describe('eID start (GET /webportal/eid/start)', () => {
  it('redirects to the provider with code flow, scope, state, nonce and an S256 PKCE challenge, and stores the request', async () => {
    const { browser, authorizationUrl } = await start();
    expect(authorizationUrl.origin + authorizationUrl.pathname).toBe(idp.authorizationEndpoint);
    const p = authorizationUrl.searchParams;
    expect(p.get('response_type')).toBe('code');
    expect(p.get('client_id')).toBe(idp.clientId);
    expect(p.get('redirect_uri')).toBe(`${server.url}/webportal/eid/callback`);
    expect(p.get('scope')).toBe('openid profile eid');
    expect(p.get('code_challenge_method')).toBe('S256');
    expect(p.get('state')).toMatch(/^[\w-]{43}$/);
    expect(p.get('nonce')).toMatch(/^[\w-]{43}$/);
    expect(p.get('code_challenge')).toMatch(/^[\w-]{43}$/);
    expect(p.has('client_secret')).toBe(false);
    // The state is bound to this browser and stored only as its hash, with nonce and verifier, for 10 minutes.
    expect(browser.cookies.get(STATE_COOKIE)).toBe(p.get('state'));
    const row = (await stateRow(p.get('state')!))!;
    expect(row).toMatchObject({ nonce: p.get('nonce'), used_at: null, return_to: null });
    expect(
      createHash('sha256')
        .update(row.code_verifier as string)
        .digest('base64url'),
    ).toBe(p.get('code_challenge'));
    expect(Date.parse(row.expires_at as string) - Date.parse(row.created_at as string)).toBe(10 * 60_000);
    expect(JSON.stringify(await sqlAll(server.db, 'SELECT * FROM eid_auth_requests'))).not.toContain(p.get('state'));
  });

  it('answers 405 to anything but GET', async () => {
    expect((await fetch(`${server.url}/webportal/eid/start`, { method: 'POST' })).status).toBe(405);
  });
});

describe('eID login through the provider', () => {
  it('logs anna in by her bPK (sub): session cookie, /#/eid?status=SUCCESSFUL, her personal data', async () => {
    const { browser, location, redirect } = await eidLogin(ANNA_EID_BPK);
    expect(redirect.searchParams.get('code')).toBeTruthy();
    expect(location).toBe('/#/eid?status=SUCCESSFUL');
    expect(browser.cookies.get(SESSION_COOKIE)).toMatch(/^[\w-]{43}$/);
    expect(browser.cookies.has(STATE_COOKIE)).toBe(false);
    expect((await browser.rest('checkSessionQuiet')).json).toEqual({ loggedIn: true });
    const data = await browser.rest('getPersonalData');
    expect(data.status).toBe(200);
    expect(JSON.stringify(data.json)).toContain(emailOf('anna'));
    const attempt = booleansAsNumbers(
      await sqlOne(
        server.db,
        `SELECT a.email, a.method, a.status, a.succeeded FROM login_attempts a JOIN persons p ON p.id = a.person_id WHERE p.email = ? ORDER BY a.id DESC`,
        emailOf('anna'),
      ),
    );
    expect(attempt).toEqual({ email: emailOf('anna'), method: 'EID', status: 'SUCCESSFUL', succeeded: 1 });
  });

  it('step-up (decision 0011): within 5 minutes of the eID login bank details change without a password, after that only with one', async () => {
    const { browser, location } = await eidLogin(ANNA_EID_BPK);
    expect(location).toBe('/#/eid?status=SUCCESSFUL');
    const bank = { accountHolder: 'Anna Muster', bankName: 'Erste Bank', iban: 'AT61 1904 3002 3457 3201', bic: '' };
    expect((await browser.rest('changeBankDetails', bank)).json).toEqual({ ok: true, code: null, fieldErrors: [] });
    server.clock.advance(5 * 60_000 + 1);
    try {
      expect((await browser.rest('changeBankDetails', { ...bank, bankName: 'Bank Austria' })).json).toEqual({
        ok: false,
        code: 'ERROR_INVALID_INPUT',
        fieldErrors: [{ field: 'currentPassword', code: 'REQUIRED' }],
      });
      expect((await browser.rest('changeBankDetails', { ...bank, bankName: 'Bank Austria', currentPassword: DEMO_PASSWORD })).json).toMatchObject({ ok: true });
      // A password session never had the eID stand-in.
      const password = new PortalClient(server.url);
      await password.rest('login', { user: emailOf('anna'), password: DEMO_PASSWORD });
      expect((await password.rest('changeBankDetails', bank)).json).toMatchObject({ ok: false, fieldErrors: [{ field: 'currentPassword', code: 'REQUIRED' }] });
    } finally {
      server.clock.advance(-(5 * 60_000 + 1));
    }
  });

  it('replaces a session the browser held before and carries a safe returnTo', async () => {
    const first = await eidLogin(ANNA_EID_BPK);
    const oldToken = first.browser.cookies.get(SESSION_COOKIE)!;
    const res = await first.browser.fetch('/webportal/eid/start?returnTo=/kontoinformation/pensionskasse', { redirect: 'manual' });
    const redirect = await idp.authorize(res.headers.get('location')!, ANNA_EID_BPK);
    const { location } = await callback(first.browser, redirect);
    expect(location).toBe('/#/eid?status=SUCCESSFUL&returnTo=%2Fkontoinformation%2Fpensionskasse');
    expect(first.browser.cookies.get(SESSION_COOKIE)).not.toBe(oldToken);
    const old = new PortalClient(server.url);
    old.cookies.set(SESSION_COOKIE, oldToken);
    expect((await old.rest('getPersonalData')).status).toBe(406);

    const unsafe = await start('?returnTo=' + encodeURIComponent('//evil.example/x'));
    expect((await stateRow(unsafe.authorizationUrl.searchParams.get('state')!))?.return_to).toBeNull();
  });

  it('opens a PENDING session for a member with a login-flow step (dora: terms to accept)', async () => {
    const { browser, location } = await eidLogin(DORA_BPK);
    expect(location).toBe('/#/eid?status=NUTZUNGSBEDINGUNGEN_ACCEPT_PKVK');
    expect(browser.cookies.has(SESSION_COOKIE)).toBe(true);
    expect((await browser.rest('checkSessionQuiet')).json).toEqual({ loggedIn: false });
    expect((await browser.rest('loginNutzungAkzeptiert', { cont: 'NUTZUNGSBEDINGUNGEN_ACCEPT_PKVK', accepted: 'true' })).json).toEqual({
      status: 'SUCCESSFUL',
    });
    expect((await browser.rest('getPersonalData')).status).toBe(200);
  });

  it('answers the status without a session for a deactivated access (karl)', async () => {
    const before = await sessionCount();
    const { browser, location } = await eidLogin(KARL_BPK);
    expect(location).toBe('/#/eid?status=DEACTIVATED');
    expect(browser.cookies.has(SESSION_COOKIE)).toBe(false);
    expect(await sessionCount()).toBe(before);
  });
});

describe('eID failures: a redirect with an error code, no session, no 5xx', () => {
  async function expectRefused(result: { browser: PortalClient; res: Response; location: string }, error: 'INCOMPLETE' | 'NOT_LINKED') {
    expect(result.res.status).toBe(302);
    expect(result.location).toBe(`/#/eid?error=${error}`);
    expect(result.res.headers.getSetCookie().some((c) => c.startsWith(`${SESSION_COOKIE}=`))).toBe(false);
    expect(result.browser.cookies.has(SESSION_COOKIE)).toBe(false);
    expect((await result.browser.rest('getPersonalData')).status).toBe(406);
  }

  it('a bPK linked to no person → NOT_LINKED', async () => {
    const before = await sessionCount();
    await expectRefused(await eidLogin(UNLINKED_BPK), 'NOT_LINKED');
    expect(await sessionCount()).toBe(before);
  });

  it('an ID token without given_name and family_name → INCOMPLETE', async () => {
    await expectRefused(await eidLogin(NAMELESS_BPK), 'INCOMPLETE');
  });

  it('a provider error (the person cancels at the provider) → INCOMPLETE, and the state is used up', async () => {
    const result = await eidLogin(null);
    expect(result.redirect.searchParams.get('error')).toBe('access_denied');
    await expectRefused(result, 'INCOMPLETE');
    expect((await stateRow(result.redirect.searchParams.get('state')!))?.used_at).not.toBeNull();
  });

  it('a tampered state → INCOMPLETE, also when the state cookie is tampered alike', async () => {
    const { browser, authorizationUrl } = await start();
    const redirect = await idp.authorize(authorizationUrl.href, ANNA_EID_BPK);
    const state = redirect.searchParams.get('state')!;
    const tampered = (state[0] === 'A' ? 'B' : 'A') + state.slice(1);
    redirect.searchParams.set('state', tampered);
    await expectRefused({ browser, ...(await callback(browser, redirect)) }, 'INCOMPLETE');

    const forged = new PortalClient(server.url);
    forged.cookies.set(STATE_COOKIE, tampered);
    await expectRefused({ browser: forged, ...(await callback(forged, redirect)) }, 'INCOMPLETE');
  });

  it('a callback in another browser than the one that started (no state cookie) → INCOMPLETE', async () => {
    const { authorizationUrl } = await start();
    const redirect = await idp.authorize(authorizationUrl.href, ANNA_EID_BPK);
    const other = new PortalClient(server.url);
    await expectRefused({ browser: other, ...(await callback(other, redirect)) }, 'INCOMPLETE');
  });

  it('a reused state (the same callback a second time) → INCOMPLETE', async () => {
    const first = await eidLogin(ANNA_EID_BPK);
    expect(first.location).toBe('/#/eid?status=SUCCESSFUL');
    const again = new PortalClient(server.url);
    again.cookies.set(STATE_COOKIE, first.redirect.searchParams.get('state')!);
    await expectRefused({ browser: again, ...(await callback(again, first.redirect)) }, 'INCOMPLETE');
  });

  it('an expired state (more than 10 minutes between start and callback) → INCOMPLETE', async () => {
    const { browser, authorizationUrl } = await start();
    const redirect = await idp.authorize(authorizationUrl.href, ANNA_EID_BPK);
    server.clock.advance(10 * 60_000 + 1);
    try {
      await expectRefused({ browser, ...(await callback(browser, redirect)) }, 'INCOMPLETE');
      expect((await stateRow(redirect.searchParams.get('state')!))?.used_at).toBeNull();
    } finally {
      server.clock.advance(-(10 * 60_000 + 1));
    }
  });

  it('a callback without code or state, or with garbage → INCOMPLETE', async () => {
    for (const query of ['', '?code=abc', '?state=abc', '?code=abc&state=' + 'x'.repeat(5000), '?error=server_error&state=%00']) {
      const browser = new PortalClient(server.url);
      const res = await browser.fetch(`/webportal/eid/callback${query}`, { redirect: 'manual' });
      await expectRefused({ browser, res, location: res.headers.get('location')! }, 'INCOMPLETE');
    }
  });

  it("a nonce or PKCE verifier that does not match the provider's code → INCOMPLETE", async () => {
    for (const column of ['nonce', 'code_verifier']) {
      const { browser, authorizationUrl } = await start();
      const redirect = await idp.authorize(authorizationUrl.href, ANNA_EID_BPK);
      const hash = createHash('sha256').update(redirect.searchParams.get('state')!).digest('base64url');
      await sqlRun(server.db, `UPDATE eid_auth_requests SET ${column} = ? WHERE state_hash = ?`, 'x'.repeat(43), hash);
      await expectRefused({ browser, ...(await callback(browser, redirect)) }, 'INCOMPLETE');
    }
  });

  describe('ID tokens that a provider with a stolen endpoint or a careless one could answer (decision 0011)', () => {
    afterAll(() => idp.tamperIdTokens(null));
    it.each([
      ["signed with a key that is not in the provider's key set", { key: 'foreign' as const }],
      [
        "expired (exp and iat an hour ago), signed with the provider's key",
        { key: 'own' as const, claims: (c: Record<string, unknown>) => ({ ...c, iat: Math.floor(Date.now() / 1000) - 7200, exp: Math.floor(Date.now() / 1000) - 3600 }) },
      ],
      ["for another audience, signed with the provider's key", { key: 'own' as const, claims: (c: Record<string, unknown>) => ({ ...c, aud: 'another-client' }) }],
      ["from another issuer, signed with the provider's key", { key: 'own' as const, claims: (c: Record<string, unknown>) => ({ ...c, iss: 'https://idp.example' }) }],
      ['without a signature (alg none)', { key: 'none' as const }],
    ])('an ID token %s → INCOMPLETE, no session', async (_name, mode) => {
      const before = await sessionCount();
      idp.tamperIdTokens(mode);
      try {
        const result = await eidLogin(ANNA_EID_BPK);
        await expectRefused(result, 'INCOMPLETE');
      } finally {
        idp.tamperIdTokens(null);
      }
      expect(await sessionCount()).toBe(before);
    });

    it('the same flow with an honest token logs in (the tampering above is the only difference)', async () => {
      idp.tamperIdTokens({ key: 'own' });
      try {
        expect((await eidLogin(ANNA_EID_BPK)).location).toBe('/#/eid?status=SUCCESSFUL');
      } finally {
        idp.tamperIdTokens(null);
      }
    });
  });

  it('logs why, without codes, states or bPKs', () => {
    const reasons = server.logLines
      .map((l) => JSON.parse(l) as { msg: string; reason?: string })
      .filter((l) => l.msg === 'eid login refused')
      .map((l) => l.reason);
    expect(new Set(reasons)).toEqual(
      new Set(['NOT_LINKED', 'CLAIMS_MISSING', 'PROVIDER_ERROR', 'STATE_NOT_BOUND_TO_BROWSER', 'STATE_UNKNOWN', 'STATE_USED', 'STATE_EXPIRED', 'NO_STATE', 'EXCHANGE_FAILED']),
    );
    const log = server.logLines.join('\n');
    for (const bpk of [ANNA_EID_BPK, UNLINKED_BPK, NAMELESS_BPK]) expect(log).not.toContain(bpk);
    expect(log).not.toContain(idp.clientSecret);
  });
});

describe('clientConfig and eID off', () => {
  it('offers the start URL in clientConfig next to the spec fields', async () => {
    const { body } = await new PortalClient(server.url).operation(EID_CONFIG);
    expect(body.data?.clientConfig).toEqual({
      eidAuthEndpoint: idp.authorizationEndpoint,
      eidClientId: idp.clientId,
      eidRedirectUri: `${server.url}/webportal/eid/callback`,
      eidStartUrl: '/webportal/eid/start',
    });
  });

  it('answers 404 on both eID routes when eID is not configured', async () => {
    const plain = await startTestServer({ members: 0 });
    try {
      for (const path of ['/webportal/eid/start', '/webportal/eid/callback?code=a&state=b']) {
        const res = await fetch(plain.url + path, { redirect: 'manual' });
        expect(res.status).toBe(404);
      }
      const { body } = await new PortalClient(plain.url).operation(EID_START_URL);
      expect(body.data?.clientConfig.eidStartUrl).toBeNull();
    } finally {
      await plain.close();
    }
  });

  it('sends the browser to /#/eid?error=INCOMPLETE when the provider cannot be reached at start', async () => {
    const unreachable = await startTestServer({
      members: 0,
      env: (url) => ({
        EID_ISSUER: 'http://127.0.0.1:9/',
        EID_AUTH_ENDPOINT: 'http://127.0.0.1:9/auth',
        EID_CLIENT_ID: 'portal',
        EID_CLIENT_SECRET: 'secret',
        EID_REDIRECT_URI: `${url}/webportal/eid/callback`,
      }),
    });
    try {
      const res = await fetch(`${unreachable.url}/webportal/eid/start`, { redirect: 'manual' });
      expect(res.status).toBe(302);
      expect(res.headers.get('location')).toBe('/#/eid?error=INCOMPLETE');
      expect(res.headers.getSetCookie()).toEqual([]);
    } finally {
      await unreachable.close();
    }
  });
});
