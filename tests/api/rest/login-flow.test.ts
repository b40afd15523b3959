import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demoActivationToken, LOGIN_PERSONAS } from '../../../db/seed';
import { graphql } from '../../gql';
import { DEMO_PASSWORD, LOGIN_STATUS as LOGIN, PortalClient } from '../../helpers/client';
import { booleansAsNumbers, sqlAll, sqlGet, sqlOne, sqlRun } from '../../helpers/raw-sql';
import { IDA_FLAGS_AFTER_ANSWERS } from '../../helpers/ida-answers';
import { emailOf } from '../../helpers/scenarios';
import { startTestServer, type TestServer } from '../../helpers/test-server';

const FIRST_NAME = graphql(`
  query RestLoginFlowFirstName {
    me {
      firstName
    }
  }
`);

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({ members: 5 });
});
afterAll(async () => {
  await server.close();
});

const login = async (email: string) => {
  const client = new PortalClient(server.url);
  const res = await client.rest('login', { user: email, password: DEMO_PASSWORD });
  return { client, status: (res.json as { status: string }).status };
};
const personRow = async (email: string) => booleansAsNumbers(await sqlOne(server.db, `SELECT * FROM persons WHERE email = ?`, email));
const sessionRow = (client: PortalClient) =>
  sqlGet<{ stage: string; mailbox_type: string; selected_duty_id: number | null }>(
    server.db,
    `SELECT stage, mailbox_type, selected_duty_id FROM sessions WHERE token_hash = ?`,
    createHash('sha256').update(client.cookies.get('mvbv_session')!).digest('base64url'),
  );
const form = (client: PortalClient, method: string, body: Record<string, string>) => client.rest(method, body);
const json = (client: PortalClient, method: string, body: unknown) =>
  client.fetch(`/rest/${method}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });

describe('login status machine: the first answer of every login persona (spec 000 section 4)', () => {
  it.each(LOGIN_PERSONAS.map((p) => [p.persona.email, p.firstStatus]))('%s answers %s', async (email, status) => {
    expect((await login(email)).status).toBe(status);
  });
});

describe('login flow steps over REST', () => {
  it('dora accepts the terms with the previous status and is then logged in', async () => {
    const { client, status } = await login(emailOf('dora'));
    expect(status).toBe('NUTZUNGSBEDINGUNGEN_ACCEPT_PKVK');
    expect((await sessionRow(client))?.stage).toBe('PENDING');
    expect((await client.rest('checkSessionQuiet')).json).toEqual({ loggedIn: false });
    expect((await client.rest('getPersonalData')).status).toBe(406);
    expect((await form(client, 'loginNutzungAkzeptiert', { cont: 'NUTZUNGSBEDINGUNGEN_ACCEPT_PK', accepted: 'true' })).json).toEqual({
      status: 'NUTZUNGSBEDINGUNGEN_ACCEPT_PKVK',
    });
    expect((await form(client, 'loginNutzungAkzeptiert', { cont: status, accepted: 'false' })).json).toEqual({ status });
    expect((await personRow(emailOf('dora'))).terms_pending).toBe('PKVK');
    expect((await form(client, 'loginNutzungAkzeptiert', { cont: status, accepted: 'true' })).json).toEqual({ status: 'SUCCESSFUL' });
    expect((await personRow(emailOf('dora'))).terms_pending).toBeNull();
    expect((await personRow(emailOf('dora'))).terms_accepted_at).not.toBeNull();
    expect((await client.rest('checkSessionQuiet')).json).toEqual({ loggedIn: true });
    expect((await client.rest('getPersonalData')).status).toBe(200);
  });

  it('fritz decides letter versus portal and gabi synchronises the login data with loginMvbv', async () => {
    const fritz = await login(emailOf('fritz'));
    expect((await form(fritz.client, 'setIbkPerPortal', { value: 'true' })).json).toEqual({ status: 'SUCCESSFUL' });
    expect(await personRow(emailOf('fritz'))).toMatchObject({ annual_statement_via_portal: 1, annual_statement_decision_pending: 0 });
    const gabi = await login(emailOf('gabi'));
    expect((await gabi.client.rest('loginNoevk')).status).toBe(404);
    expect((await gabi.client.rest('loginMvbv')).json).toEqual({ status: 'SUCCESSFUL' });
    expect((await personRow(emailOf('gabi'))).login_data_sync_pending).toBe(0);
    expect((await gabi.client.rest('checkSessionQuiet')).json).toEqual({ loggedIn: true });
  });

  it('emil lists his three duties and chooses one as mailbox; a foreign duty changes nothing', async () => {
    const { client } = await login(emailOf('emil'));
    const duties = (await client.rest('getAspDuties')).json as unknown as { id: number; kundenbezeichnung: string; funktionsgruppen: string[] }[];
    expect(duties.map((d) => d.kundenbezeichnung)).toEqual(['Donau Logistik AG', 'Alpenländische Bau GmbH', 'Tiroler Holzbau GmbH & Co KG']);
    expect(duties[2]!.funktionsgruppen).toEqual(['Geschäftsführung', 'Personalverrechnung', 'Auswertungen']);
    const foreign = await json(client, 'setSelectedAspDuty', { kundenbezeichnung: 'Fremde GmbH', funktionsgruppen: ['X'] });
    expect(foreign.status).toBe(404);
    expect(await sessionRow(client)).toMatchObject({ mailbox_type: 'AWB_LB', selected_duty_id: null });
    const { id: _id, ...chosen } = duties[1]!;
    expect((await json(client, 'setSelectedAspDuty', chosen)).status).toBe(200);
    expect((await form(client, 'setPostfachtype', { postfachtype: 'ASP' })).status).toBe(200);
    expect(await sessionRow(client)).toMatchObject({ mailbox_type: 'ASP', selected_duty_id: duties[1]!.id });
    expect((await form(client, 'setPostfachtype', { postfachtype: 'AWB_LB' })).status).toBe(200);
    expect(await sessionRow(client)).toMatchObject({ mailbox_type: 'AWB_LB', selected_duty_id: null });
  });

  it('hans stays in a pending session that reaches no member data', async () => {
    const { client, status } = await login(emailOf('hans'));
    expect(status).toBe('UPDATE_PKVK_MAIL');
    expect((await client.rest('getPersonalData')).status).toBe(406);
    expect((await client.operation(FIRST_NAME)).body.errors?.[0]?.extensions?.code).toBe('UNAUTHENTICATED');
  });

  it('ida answers the newsletter, benefit-statement, account-statement and prize-draw questions once each', async () => {
    const { client } = await login(emailOf('ida'));
    const decision = (await client.rest('getNewsletterDecisionNecessary')).json as Record<string, unknown>;
    expect(decision).toMatchObject({ status: 'NECESSARY', showPk: true, showVk: true, showGewinnspielVk: true });
    expect(decision.personalDataPk).toEqual({
      bIsMaennlich: false,
      titelVorne: null,
      vorname: 'Ida',
      nachname: 'Newsletter',
      titelHinten: null,
      email: emailOf('ida'),
    });
    const personal = (await client.rest('getPersonalData')).json as Record<string, Record<string, unknown>>;
    expect(personal.VBVPK!.bLeistungsnachweisDigital).toBeNull();
    expect(personal.VBVVK!.bABPBPerMail).toBe(false);
    await form(client, 'setNewsletter', { newsletterPk: 'true', showNewsletterPk: 'true', newsletterVk: 'false', showNewsletterVk: 'true' });
    await form(client, 'setLNDigital', { lnDigital: 'true', showLNDigital: 'true' });
    expect((await form(client, 'setABPBPerMail', { aBPBPerMail: 'true', expressInfo: 'true' })).json).toEqual({ status: 'SUCCESSFUL' });
    await form(client, 'setGewinnspielVk', { gewinnspielVk: 'false' });
    expect(await personRow(emailOf('ida'))).toMatchObject(IDA_FLAGS_AFTER_ANSWERS);
    expect((await client.rest('getNewsletterDecisionNecessary')).json).toMatchObject({ status: 'NONE', showPk: false, showVk: false, showGewinnspielVk: false });
  });
});

describe('activation (spec 000 section 4 "Activation statuses")', () => {
  const insertToken = async (token: string, expiresAt: string, usedAt: string | null) => {
    const nina = await personRow(emailOf('nina'));
    await sqlRun(
      server.db,
      `INSERT INTO person_tokens (token_hash, person_id, purpose, created_at, expires_at, used_at) VALUES (?, ?, 'ACTIVATION', ?, ?, ?)`,
      createHash('sha256').update(token).digest('base64url'),
      nina.id,
      '2026-11-01T00:00:00.000Z',
      expiresAt,
      usedAt,
    );
  };

  it('activates nina with the demo link, after which she can log in; the link then answers ALREADY_ACTIVATED', async () => {
    const client = new PortalClient(server.url);
    expect((await client.rest('login', { user: emailOf('nina'), password: DEMO_PASSWORD })).json).toEqual({ status: 'NOT_VALID' });
    const token = demoActivationToken(20261122);
    expect((await client.rest('activateAccount', { registrationId: token })).json).toEqual({ status: 'SUCCESSFUL' });
    expect((await client.rest('login', { user: emailOf('nina'), password: DEMO_PASSWORD })).json).toEqual({ status: 'SUCCESSFUL_VK' });
    expect((await client.rest('activateAccount', { registrationId: token })).json).toEqual({ status: 'ALREADY_ACTIVATED' });
  });

  it('answers ERROR_LINK_EXPIRED for an expired link and ERROR for an unknown or malformed one', async () => {
    await insertToken('expired-token-aaaaaaaaaaaaaaaaaaaaaa', '2026-11-01T00:00:00.000Z', null);
    const client = new PortalClient(server.url);
    expect((await client.rest('activateAccount', { registrationId: 'expired-token-aaaaaaaaaaaaaaaaaaaaaa' })).json).toEqual({ status: 'ERROR_LINK_EXPIRED' });
    expect((await client.rest('activateAccount', { registrationId: 'unknown-token-bbbbbbbbbbbbbbbbbbbbbbb' })).json).toEqual({ status: 'ERROR' });
    expect((await client.rest('activateAccount', { registrationId: "x' OR 1=1" })).json).toEqual({ status: 'ERROR' });
  });
});

describe('maintenance switch', () => {
  let maintenance: TestServer;
  beforeAll(async () => {
    maintenance = await startTestServer({ members: 1, env: { MAINTENANCE: '1' } });
  });
  afterAll(async () => {
    await maintenance.close();
  });

  it('makes login and activation answer MAINTENANCE', async () => {
    const client = new PortalClient(maintenance.url);
    expect((await client.rest('login', { user: emailOf('anna'), password: DEMO_PASSWORD })).json).toEqual({ status: 'MAINTENANCE' });
    expect((await client.rest('activateAccount', { registrationId: demoActivationToken(20261122) })).json).toEqual({ status: 'MAINTENANCE' });
    const gql = await client.operation(LOGIN, { e: emailOf('anna'), p: DEMO_PASSWORD });
    expect(gql.body.data).toEqual({ login: { ok: null, error: { code: 'MAINTENANCE' } } });
  });
});

describe('remote log (spec 000 section 7)', () => {
  it('writes a valid entry to the server log and answers an empty body', async () => {
    const client = new PortalClient(server.url);
    const res = await json(client, 'log', { component: 'LoginPage', level: 'ERROR', msgs: ['chunk load failed'] });
    expect(res.status).toBe(200);
    expect(await res.text()).toBe('');
    expect(server.logLines.some((l) => l.includes('"component":"LoginPage"') && l.includes('chunk load failed'))).toBe(true);
  });

  it('refuses an unknown level, a missing component and too many messages with 400', async () => {
    const client = new PortalClient(server.url);
    expect((await json(client, 'log', { component: 'X', level: 'FATAL', msgs: [] })).status).toBe(400);
    expect((await json(client, 'log', { level: 'INFO', msgs: [] })).status).toBe(400);
    expect((await json(client, 'log', { component: 'X', level: 'INFO', msgs: Array(21).fill('m') })).status).toBe(400);
  });
});

describe('bad input on the login-flow methods changes nothing', () => {
  const snapshot = async () =>
    JSON.stringify(await sqlAll(server.db, `SELECT * FROM persons ORDER BY id`)) +
    JSON.stringify(await sqlAll(server.db, `SELECT stage, mailbox_type, selected_duty_id FROM sessions ORDER BY token_hash`));

  it.each([
    ['loginNutzungAkzeptiert', {}],
    ['loginNutzungAkzeptiert', { cont: 'x'.repeat(5000), accepted: 'true' }],
    ['setIbkPerPortal', { value: 'vielleicht' }],
    ['setLNDigital', {}],
    ['setPostfachtype', { postfachtype: 'BOSS' }],
    ['setNewsletter', { newsletterPk: 'ja' }],
    ['setGewinnspielVk', { gewinnspielVk: '2' }],
    ['setABPBPerMail', { aBPBPerMail: 'maybe' }],
    ['activateAccount', {}],
  ])('%s with %j answers 400', async (method, body) => {
    const { client } = await login(emailOf('anna'));
    const before = await snapshot();
    const res = await client.rest(method, body as Record<string, string>);
    expect(res.status).toBe(400);
    expect(await snapshot()).toBe(before);
  });

  it.each([
    'loginNutzungAkzeptiert',
    'setIbkPerPortal',
    'setLNDigital',
    'getAspDuties',
    'setPostfachtype',
    'getNewsletterDecisionNecessary',
    'setNewsletter',
    'setGewinnspielVk',
    'setABPBPerMail',
    'loginMvbv',
  ])('%s without a session answers 406', async (method) => {
    const body: Record<string, Record<string, string>> = {
      loginNutzungAkzeptiert: { cont: 'NUTZUNGSBEDINGUNGEN_ACCEPT_PK', accepted: 'true' },
      setIbkPerPortal: { value: 'true' },
      setLNDigital: { lnDigital: 'true' },
      setPostfachtype: { postfachtype: 'AWB_LB' },
      setNewsletter: {},
      setGewinnspielVk: { gewinnspielVk: 'true' },
      setABPBPerMail: { aBPBPerMail: 'true' },
    };
    const before = await snapshot();
    const res = await new PortalClient(server.url).rest(method, body[method] ?? {});
    expect(res.status).toBe(406);
    expect(await snapshot()).toBe(before);
  });
});
