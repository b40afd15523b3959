import { describe, expect, it } from 'vitest';
import { graphql } from '../../gql';
import { DEMO_PASSWORD, PortalClient } from '../../helpers/client';
import { countRows, sqlOne, sqlRun } from '../../helpers/raw-sql';
import { emailOf } from '../../helpers/scenarios';
import { regionalSuiteServer, suiteServer } from '../../helpers/suite-server';

const CONTRACTS = graphql(`
  query RestMethodsContracts {
    me {
      pensionContracts {
        id
      }
    }
  }
`);

const server = suiteServer();

const tableCounts = async () =>
  Object.fromEntries(
    await Promise.all(['persons', 'credentials', 'sessions', 'pk_statements', 'vk_statements', 'messages', 'bank_accounts'].map(async (t) => [t, await countRows(server().db, t)])),
  );

describe('REST compatibility layer (spec 000 section 7)', () => {
  it('logs in with the form fields user, password and entryViaQrCode and answers {status} with the session cookie', async () => {
    const client = new PortalClient(server().url);
    const res = await client.rest('login', { user: emailOf('anna'), password: DEMO_PASSWORD, entryViaQrCode: 'false' });
    expect(res.status).toBe(200);
    expect(res.json).toEqual({ status: 'SUCCESSFUL' });
    expect(res.headers.getSetCookie()[0]).toMatch(/^mvbv_session=.+; Path=\/; HttpOnly; SameSite=Strict$/);
  });

  it('tells checkSessionQuiet whether the cookie holds a session', async () => {
    const client = new PortalClient(server().url);
    expect((await client.rest('checkSessionQuiet')).json).toEqual({ loggedIn: false });
    await client.rest('login', { user: emailOf('anna'), password: DEMO_PASSWORD });
    expect((await client.rest('checkSessionQuiet')).json).toEqual({ loggedIn: true });
  });

  it('answers getPersonalData with the VBVPK block and the severance block under VBVVK', async () => {
    const client = new PortalClient(server().url);
    await client.rest('login', { user: emailOf('anna'), password: DEMO_PASSWORD });
    const res = await client.rest('getPersonalData');
    expect(res.status).toBe(200);
    const data = res.json as Record<string, Record<string, unknown>>;
    expect(data.VBVPK).toMatchObject({ vorname: 'Anna', nachname: 'Muster', bIsMaennlich: false, awb: true, email: emailOf('anna') });
    expect(data.VBVPK).toHaveProperty('bLeistungsnachweisDigital');
    expect(data.VBVVK).toMatchObject({ vorname: 'Anna', nachname: 'Muster' });
    expect(typeof data.VBVVK!.bABPBPerMail).toBe('boolean');
  });

  it('answers null for the fund a member does not have', async () => {
    const client = new PortalClient(server().url);
    await client.rest('login', { user: emailOf('bernd'), password: DEMO_PASSWORD });
    const data = (await client.rest('getPersonalData')).json as Record<string, unknown>;
    expect(data.VBVPK).toBeNull();
    expect(data.VBVVK).toMatchObject({ vorname: 'Bernd', bIsMaennlich: true });
  });

  it('answers 406 without a session and 423 after the idle time-out', async () => {
    const anonymous = await new PortalClient(server().url).rest('getPersonalData');
    expect(anonymous.status).toBe(406);
    const client = new PortalClient(server().url);
    await client.rest('login', { user: emailOf('anna'), password: DEMO_PASSWORD });
    server().clock.advance(14 * 60_000 + 1);
    const timedOut = await client.rest('getPersonalData');
    expect(timedOut.status).toBe(423);
    expect((await client.rest('getPersonalData')).status).toBe(423);
    server().clock.advance(-(14 * 60_000 + 1));
  });

  it('checks the session before the body: every protected method answers 406 without a session whatever its body, 423 after a time-out', async () => {
    const { REST_METHODS, LOGIN_PRODUCT_METHOD } = await import('../../../server/rest/registry');
    const protectedMethods = [...REST_METHODS, LOGIN_PRODUCT_METHOD].filter((m) => m.auth !== 'public').map((m) => m.name.replace('{product}', 'Mvbv'));
    expect(protectedMethods).toEqual(expect.arrayContaining(['changeBankDetails', 'changeEmail', 'pwdChange', 'updateRegistration', 'loginMvbv']));
    const before = await tableCounts();
    const anonymous = new PortalClient(server().url);
    for (const name of protectedMethods) {
      // An empty body (fields missing), a wrongly typed one and a malformed JSON body: all 406, never a field error.
      for (const body of [{}, { newEmail: 42, iban: ['x'], value: 'maybe', postfachtype: 'NONE', first: '-1' }]) {
        const res = await anonymous.rest(name, body as unknown as Record<string, string>);
        expect(res.status, `${name} ${JSON.stringify(body)}`).toBe(406);
      }
      const raw = await fetch(`${server().url}/rest/${name}`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', 'X-Application-Version': 'test' },
        body: '{"broken',
      });
      expect(raw.status, name).toBe(406);
    }
    expect(await tableCounts()).toEqual(before);
    const client = new PortalClient(server().url);
    await client.rest('login', { user: emailOf('anna'), password: DEMO_PASSWORD });
    server().clock.advance(14 * 60_000 + 1);
    expect((await client.rest('changeBankDetails', {})).status).toBe(423);
    server().clock.advance(-(14 * 60_000 + 1));
  });

  it('answers getClientConfig with the version numbers and no eID fields when eID is not configured', async () => {
    const res = await new PortalClient(server().url).rest('getClientConfig');
    expect(res.json).toEqual({
      matomoSiteId: null,
      versionNumbers: { Mvbv: 'v902', WebRechner: expect.any(String) },
      announcement: null,
      eidAuthEndpoint: null,
      eidClientId: null,
      eidRedirectUri: null,
    });
  });
});

describe('REST bad input', () => {
  const post = (path: string, init: RequestInit) =>
    fetch(server().url + path, { method: 'POST', ...init, headers: { 'x-application-version': 'Portal', ...(init.headers as Record<string, string>) } });

  it.each([
    ['malformed JSON', { headers: { 'content-type': 'application/json' }, body: '{"user": "a' }, 400],
    ['a JSON array', { headers: { 'content-type': 'application/json' }, body: '[1,2]' }, 400],
    ['a wrong content type', { headers: { 'content-type': 'text/xml' }, body: '<user/>' }, 400],
    ['a wrong type for user', { headers: { 'content-type': 'application/json' }, body: '{"user": 123, "password": true}' }, 400],
    ['an oversized body', { headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: 'user=' + 'a'.repeat(200_000) }, 413],
  ])('answers %s on login with %i and a clear message, never a stack trace', async (_name, init, status) => {
    const before = await tableCounts();
    const res = await post('/rest/login', init as RequestInit);
    expect(res.status).toBe(status);
    const body = (await res.json()) as { error: string; message: string };
    expect(body.message.length).toBeGreaterThan(5);
    expect(JSON.stringify(body)).not.toMatch(/node_modules|\.ts:\d+|at \w+ \(/);
    expect(await tableCounts()).toEqual(before);
  });

  it('answers an unknown method with 404 and a GET with 405', async () => {
    expect((await post('/rest/doesNotExist', {})).status).toBe(404);
    const get = await fetch(server().url + '/rest/login');
    expect(get.status).toBe(405);
    expect(get.headers.get('allow')).toBe('POST');
  });

  it('accepts the login fields as JSON and as multipart as well', async () => {
    const json = await post('/rest/login', {
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ user: emailOf('anna'), password: 'wrong-pass-1' }),
    });
    expect(await json.json()).toEqual({ status: 'ERROR_PWD_INVALID' });
    const form = new FormData();
    form.set('user', '');
    form.set('password', 'x');
    expect(await (await post('/rest/login', { body: form })).json()).toEqual({ status: 'ERROR_MAIL_NOT_GIVEN' });
    await sqlRun(server().db, `UPDATE credentials SET failed_attempts = 0`);
  });

  it('ignores __proto__ keys in a JSON body', async () => {
    const res = await post('/rest/login', { headers: { 'content-type': 'application/json' }, body: '{"__proto__": {"polluted": 1}, "user": "", "password": ""}' });
    expect(await res.json()).toEqual({ status: 'ERROR_MAIL_NOT_GIVEN' });
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });
});

describe('regional tenant', () => {
  const regional = regionalSuiteServer();

  it('logs anna in for the Vorsorgekasse only and answers her severance data under NOEVK', async () => {
    const client = new PortalClient(regional().url);
    expect((await client.rest('login', { user: emailOf('anna'), password: DEMO_PASSWORD })).json).toEqual({ status: 'SUCCESSFUL_VK' });
    const data = (await client.rest('getPersonalData')).json as Record<string, unknown>;
    expect(data.VBVPK).toBeNull();
    expect(data.NOEVK).toMatchObject({ vorname: 'Anna' });
    expect(data).not.toHaveProperty('VBVVK');
    const gql = await client.operation(CONTRACTS);
    expect(gql.body.data!.me!.pensionContracts).toEqual([]);
  });

  it('refuses clara, who has no Vorsorgekasse account, with ERROR_AUSGETRETEN (no valid contract)', async () => {
    const res = await new PortalClient(regional().url).rest('login', { user: emailOf('clara'), password: DEMO_PASSWORD });
    expect(res.json).toEqual({ status: 'ERROR_AUSGETRETEN' });
  });

  it('does not accept a session of the main tenant', async () => {
    const main = new PortalClient(server().url);
    await main.rest('login', { user: emailOf('anna'), password: DEMO_PASSWORD });
    const token = main.cookies.get('mvbv_session')!;
    // Copy the main tenant's session row into the regional database: only the tenant check can refuse it.
    const row = await sqlOne(server().db, `SELECT * FROM sessions WHERE tenant = 'main' ORDER BY created_at DESC LIMIT 1`);
    const annaRegional = await sqlOne<{ id: number }>(regional().db, 'SELECT id FROM persons WHERE email = ?', emailOf('anna'));
    await sqlRun(
      regional().db,
      `INSERT INTO sessions (token_hash, person_id, tenant, created_at, last_seen_at, mailbox_type) VALUES (?, ?, 'main', ?, ?, 'AWB_LB')`,
      row.token_hash,
      annaRegional.id,
      row.created_at,
      row.last_seen_at,
    );
    const other = new PortalClient(regional().url);
    other.cookies.set('mvbv_session', token);
    expect((await other.rest('getPersonalData')).status).toBe(406);
  });
});
