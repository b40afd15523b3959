import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LOGIN_PERSONAS } from '../../db/seed';
import { graphql } from '../gql';
import { DEMO_PASSWORD, logIn, loginStatusOf, PortalClient } from '../helpers/client';
import { sqlAll } from '../helpers/raw-sql';
import { emailOf } from '../helpers/scenarios';
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

const ACCEPT_TERMS_PKVK = graphql(`
  mutation ParityAcceptTermsPkvk {
    acceptTerms(input: { previousStatus: NUTZUNGSBEDINGUNGEN_ACCEPT_PKVK, accepted: true }) {
      ...LoginStatusFields
    }
  }
`);
const ACCEPT_TERMS_PK = graphql(`
  mutation ParityAcceptTermsPk {
    acceptTerms(input: { previousStatus: NUTZUNGSBEDINGUNGEN_ACCEPT_PK, accepted: true }) {
      ...LoginStatusFields
    }
  }
`);
const ANNUAL_STATEMENT = graphql(`
  mutation ParityAnnualStatement {
    setAnnualStatementDelivery(input: { viaPortal: false }) {
      ...LoginStatusFields
    }
  }
`);
const SYNCHRONIZE = graphql(`
  mutation ParitySynchronize {
    synchronizeLoginData {
      ...LoginStatusFields
    }
  }
`);
const DUTIES = graphql(`
  query ParityDuties {
    serviceDuties {
      id
    }
  }
`);
const CHOOSE_MAILBOX = graphql(`
  mutation ParityChooseMailbox($id: ID) {
    chooseMailbox(type: ASP, dutyId: $id) {
      ok {
        type
      }
    }
  }
`);
const NEWSLETTER = graphql(`
  mutation ParityNewsletter {
    setNewsletterConsent(pensionFund: true, severanceFund: true) {
      ok {
        person {
          id
        }
      }
    }
  }
`);
const BENEFIT_DELIVERY = graphql(`
  mutation ParityBenefitDelivery {
    setBenefitStatementDelivery(digital: false) {
      ok {
        person {
          id
        }
      }
    }
  }
`);
const ACCOUNT_STATEMENT = graphql(`
  mutation ParityAccountStatement {
    setAccountStatementByMail(input: { byMail: true, notifyWhenPayoutPossible: true }) {
      ...LoginStatusFields
    }
  }
`);
const PRIZE_DRAW = graphql(`
  mutation ParityPrizeDraw {
    setPrizeDraw(participate: true) {
      ok {
        person {
          id
        }
      }
    }
  }
`);

/** The steps after the first login answer, per persona's e-mail (the login itself is common). */
const FLOWS: Record<string, Step[]> = {
  [emailOf('dora')]: [
    {
      rest: restForm('loginNutzungAkzeptiert', { cont: 'NUTZUNGSBEDINGUNGEN_ACCEPT_PKVK', accepted: 'true' }),
      gql: (c) => c.operation(ACCEPT_TERMS_PKVK),
    },
  ],
  [emailOf('theo')]: [
    {
      rest: restForm('loginNutzungAkzeptiert', { cont: 'NUTZUNGSBEDINGUNGEN_ACCEPT_PK', accepted: 'true' }),
      gql: (c) => c.operation(ACCEPT_TERMS_PK),
    },
  ],
  [emailOf('fritz')]: [{ rest: restForm('setIbkPerPortal', { value: 'false' }), gql: (c) => c.operation(ANNUAL_STATEMENT) }],
  [emailOf('gabi')]: [{ rest: restForm('loginMvbv'), gql: (c) => c.operation(SYNCHRONIZE) }],
  [emailOf('emil')]: [
    {
      rest: async (c) => {
        const duties = (await c.rest('getAspDuties')).json as unknown as { id: number }[];
        await c.fetch('/rest/setSelectedAspDuty', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(duties[2]) });
        return c.rest('setPostfachtype', { postfachtype: 'ASP' });
      },
      gql: async (c) => {
        const duties = (await c.operation(DUTIES)).body.data!.serviceDuties;
        return c.operation(CHOOSE_MAILBOX, { id: duties[2]!.id });
      },
    },
  ],
  [emailOf('ida')]: [
    {
      rest: restForm('setNewsletter', { newsletterPk: 'true', showNewsletterPk: 'true', newsletterVk: 'true', showNewsletterVk: 'true' }),
      gql: (c) => c.operation(NEWSLETTER),
    },
    { rest: restForm('setLNDigital', { lnDigital: 'false', showLNDigital: 'true' }), gql: (c) => c.operation(BENEFIT_DELIVERY) },
    { rest: restForm('setABPBPerMail', { aBPBPerMail: 'true', expressInfo: 'true' }), gql: (c) => c.operation(ACCOUNT_STATEMENT) },
    { rest: restForm('setGewinnspielVk', { gewinnspielVk: 'true' }), gql: (c) => c.operation(PRIZE_DRAW) },
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
