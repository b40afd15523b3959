import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LOGIN_PERSONAS } from '../../db/seed';
import { DEMO_PASSWORD, logIn, loginStatusOf, PortalClient } from '../helpers/client';
import { sqlAll } from '../helpers/raw-sql';
import { startTestServer, type TestServer } from '../helpers/test-server';

/**
 * Each login persona's flow runs once over the legacy REST methods and once over GraphQL, on two databases seeded
 * identically; afterwards the stored state (persons, sessions, login attempts) must be the same.
 */
let restServer: TestServer;
let gqlServer: TestServer;
beforeAll(async () => {
  [restServer, gqlServer] = await Promise.all([startTestServer({ members: 3 }), startTestServer({ members: 3 })]);
});
afterAll(async () => {
  await Promise.all([restServer.close(), gqlServer.close()]);
});

type Step = { rest: (c: PortalClient) => Promise<unknown>; gql: (c: PortalClient) => Promise<unknown> };
const restForm =
  (method: string, body: Record<string, string> = {}) =>
  (c: PortalClient) =>
    c.rest(method, body);
const gql = (query: string) => (c: PortalClient) => c.graphql(query);

/** The steps after the first login answer, per persona (the login itself is common). */
const FLOWS: Record<string, Step[]> = {
  'dora.nutzung@example.at': [
    {
      rest: restForm('loginNutzungAkzeptiert', { cont: 'NUTZUNGSBEDINGUNGEN_ACCEPT_PKVK', accepted: 'true' }),
      gql: gql(`mutation { acceptTerms(input: { previousStatus: NUTZUNGSBEDINGUNGEN_ACCEPT_PKVK, accepted: true }) { ok { status loggedIn } error { code } } }`),
    },
  ],
  'theo.nutzung@example.at': [
    {
      rest: restForm('loginNutzungAkzeptiert', { cont: 'NUTZUNGSBEDINGUNGEN_ACCEPT_PK', accepted: 'true' }),
      gql: gql(`mutation { acceptTerms(input: { previousStatus: NUTZUNGSBEDINGUNGEN_ACCEPT_PK, accepted: true }) { ok { status loggedIn } error { code } } }`),
    },
  ],
  'fritz.brief@example.at': [
    {
      rest: restForm('setIbkPerPortal', { value: 'false' }),
      gql: gql(`mutation { setAnnualStatementDelivery(input: { viaPortal: false }) { ok { status loggedIn } error { code } } }`),
    },
  ],
  'gabi.erstlogin@example.at': [{ rest: restForm('loginMvbv'), gql: gql(`mutation { synchronizeLoginData { ok { status loggedIn } error { code } } }`) }],
  'emil.dienst@example.at': [
    {
      rest: async (c) => {
        const duties = (await c.rest('getAspDuties')).json as unknown as { id: number }[];
        await c.fetch('/rest/setSelectedAspDuty', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(duties[2]) });
        return c.rest('setPostfachtype', { postfachtype: 'ASP' });
      },
      gql: async (c) => {
        const duties = (await c.graphql<{ serviceDuties: { id: string }[] }>(`{ serviceDuties { id } }`)).body.data!.serviceDuties;
        return c.graphql(`mutation($id: ID) { chooseMailbox(type: ASP, dutyId: $id) { ok { type } } }`, { id: duties[2]!.id });
      },
    },
  ],
  'ida.newsletter@example.at': [
    {
      rest: restForm('setNewsletter', { newsletterPk: 'true', showNewsletterPk: 'true', newsletterVk: 'true', showNewsletterVk: 'true' }),
      gql: gql(`mutation { setNewsletterConsent(pensionFund: true, severanceFund: true) { ok { person { id } } } }`),
    },
    {
      rest: restForm('setLNDigital', { lnDigital: 'false', showLNDigital: 'true' }),
      gql: gql(`mutation { setBenefitStatementDelivery(digital: false) { ok { person { id } } } }`),
    },
    {
      rest: restForm('setABPBPerMail', { aBPBPerMail: 'true', expressInfo: 'true' }),
      gql: gql(`mutation { setAccountStatementByMail(input: { byMail: true, notifyWhenPayoutPossible: true }) { ok { status loggedIn } error { code } } }`),
    },
    { rest: restForm('setGewinnspielVk', { gewinnspielVk: 'true' }), gql: gql(`mutation { setPrizeDraw(participate: true) { ok { person { id } } } }`) },
  ],
};

async function state(server: TestServer) {
  const db = server.db;
  return {
    persons: await sqlAll(db, `SELECT * FROM persons ORDER BY id`),
    sessions: await sqlAll(db, `SELECT person_id, tenant, stage, mailbox_type, selected_duty_id, ended_at, end_reason FROM sessions ORDER BY person_id, created_at`),
    attempts: await sqlAll(db, `SELECT person_id, email, status, succeeded FROM login_attempts ORDER BY id`),
  };
}

describe('REST and GraphQL give the same stored state for every login persona', () => {
  it.each(LOGIN_PERSONAS.map((p) => p.persona.email))('%s', async (email) => {
    const viaRest = new PortalClient(restServer.url);
    const viaGql = new PortalClient(gqlServer.url);
    const restStatus = ((await viaRest.rest('login', { user: email, password: DEMO_PASSWORD })).json as { status: string }).status;
    const gqlStatus = loginStatusOf(await logIn(viaGql, email));
    expect(gqlStatus).toBe(restStatus);
    for (const step of FLOWS[email] ?? []) {
      await step.rest(viaRest);
      await step.gql(viaGql);
    }
    expect(await state(gqlServer)).toEqual(await state(restServer));
  });
});
