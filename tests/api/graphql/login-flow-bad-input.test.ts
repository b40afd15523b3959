import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { persons, personTokens, sessions } from '../../../db/schema';
import type { TypedDocumentNode } from '@graphql-typed-document-node/core';
import { graphql } from '../../gql';
import { DEMO_PASSWORD, LOGIN, PortalClient } from '../../helpers/client';
import { emailOf, startLoginAs } from '../../helpers/scenarios';
import { startTestServer, type TestServer } from '../../helpers/test-server';

const ACCEPT_TERMS = graphql(`
  mutation LoginFlowBadInputAcceptTerms {
    acceptTerms(input: { previousStatus: NUTZUNGSBEDINGUNGEN_ACCEPT_PKVK, accepted: true }) {
      ...LoginStatusFields
    }
  }
`);
const ANNUAL_STATEMENT = graphql(`
  mutation LoginFlowBadInputAnnualStatement {
    setAnnualStatementDelivery(input: { viaPortal: true }) {
      ...LoginStatusFields
    }
  }
`);
const SYNCHRONIZE = graphql(`
  mutation LoginFlowBadInputSynchronize {
    synchronizeLoginData {
      ...LoginStatusFields
    }
  }
`);
const CHOOSE_MAILBOX = graphql(`
  mutation LoginFlowBadInputChooseMailbox {
    chooseMailbox(type: AWB_LB) {
      ok {
        type
      }
    }
  }
`);
const NEWSLETTER = graphql(`
  mutation LoginFlowBadInputNewsletter {
    setNewsletterConsent(pensionFund: true) {
      ok {
        person {
          id
        }
      }
    }
  }
`);
const PRIZE_DRAW = graphql(`
  mutation LoginFlowBadInputPrizeDraw {
    setPrizeDraw(participate: true) {
      ok {
        person {
          id
        }
      }
    }
  }
`);
const BENEFIT_STATEMENT = graphql(`
  mutation LoginFlowBadInputBenefitStatement {
    setBenefitStatementDelivery(digital: true) {
      ok {
        person {
          id
        }
      }
    }
  }
`);
const ACCOUNT_STATEMENT = graphql(`
  mutation LoginFlowBadInputAccountStatement {
    setAccountStatementByMail(input: { byMail: true }) {
      ...LoginStatusFields
    }
  }
`);
const CONFIRM_EMAIL = graphql(`
  mutation LoginFlowBadInputConfirmEmail {
    confirmRegistrationEmail {
      ...LoginStatusFields
    }
  }
`);
const POST_LOGIN_QUESTIONS = graphql(`
  query LoginFlowBadInputPostLoginQuestions {
    postLoginQuestions {
      askPrizeDraw
    }
  }
`);
/** An operation without variables, whatever it answers. */
type Call = TypedDocumentNode<unknown, { [key: string]: never }>;

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({ members: 1 });
});
afterAll(async () => {
  await server.close();
});

const state = async () =>
  JSON.stringify([
    await server.db.select().from(persons).orderBy(persons.id),
    await server.db
      .select({ stage: sessions.stage, mailboxType: sessions.mailboxType, selectedDutyId: sessions.selectedDutyId, endedAt: sessions.endedAt })
      .from(sessions)
      .orderBy(sessions.tokenHash),
    await server.db.select().from(personTokens).orderBy(personTokens.tokenHash),
  ]);

async function pendingDora() {
  return (await startLoginAs(server, 'dora')).client;
}

describe('GraphQL login-flow mutations refuse bad input and change nothing', () => {
  // Documents the schema refuses (or values its limits refuse), meant to be invalid: text sent with `client.graphql`.
  it.each([
    ['an unknown enum value', `mutation { acceptTerms(input: { previousStatus: NUTZUNGSBEDINGUNGEN_ACCEPT_ALL, accepted: true }) { ok { status loggedIn } error { code } } }`],
    ['a wrong type', `mutation { acceptTerms(input: { previousStatus: NUTZUNGSBEDINGUNGEN_ACCEPT_PKVK, accepted: "ja" }) { ok { status loggedIn } error { code } } }`],
    ['a missing argument', `mutation { acceptTerms(input: { previousStatus: NUTZUNGSBEDINGUNGEN_ACCEPT_PKVK }) { ok { status loggedIn } error { code } } }`],
    ['an unknown mailbox type', `mutation { chooseMailbox(type: BOSS) { ok { type } } }`],
    ['a wrong type for the prize draw', `mutation { setPrizeDraw(participate: 1) { ok { person { id } } } }`],
    ['an overlong log entry', `mutation { log(component: "${'x'.repeat(500)}", level: INFO, msgs: ["a"]) }`],
    ['an unknown log level', `mutation { log(component: "x", level: FATAL, msgs: []) }`],
    ['an overlong activation id', `mutation { activateAccount(registrationId: "${'a'.repeat(5000)}") { ok { status } error { code } } }`],
  ])('%s', async (_name, query) => {
    const client = await pendingDora();
    const before = await state();
    const res = await client.graphql(query);
    expect(res.status).toBeLessThan(500);
    const activationAnswer = (res.body.data as { activateAccount?: { error: { code: string } | null } } | undefined)?.activateAccount?.error?.code;
    if (activationAnswer) expect(activationAnswer).toBe('ERROR');
    else expect(res.body.errors?.length).toBeGreaterThan(0);
    expect(JSON.stringify(res.body)).not.toMatch(/\.ts:\d+|node_modules/);
    expect(await state()).toBe(before);
  });

  it.each<[string, Call]>([
    ['acceptTerms', ACCEPT_TERMS],
    ['setAnnualStatementDelivery', ANNUAL_STATEMENT],
    ['synchronizeLoginData', SYNCHRONIZE],
    ['chooseMailbox', CHOOSE_MAILBOX],
    ['setNewsletterConsent', NEWSLETTER],
    ['setPrizeDraw', PRIZE_DRAW],
    ['setBenefitStatementDelivery', BENEFIT_STATEMENT],
    ['setAccountStatementByMail', ACCOUNT_STATEMENT],
    ['confirmRegistrationEmail', CONFIRM_EMAIL],
  ])('%s without a session answers UNAUTHENTICATED and changes nothing', async (_name, call) => {
    const before = await state();
    const res = await new PortalClient(server.url).operation(call);
    expect(res.body.errors?.[0]?.extensions?.code).toBe('UNAUTHENTICATED');
    expect(await state()).toBe(before);
  });

  it('a NUL character in the e-mail, the password or a JSON-stored detail is refused as a failed login, not an internal error (PostgreSQL text cannot hold U+0000)', async () => {
    for (const [e, p] of [
      ['a\u0000b', ''],
      [`${emailOf('anna')}\u0000`, DEMO_PASSWORD],
      [emailOf('anna'), `x\u0000${'\\u0000'}`],
    ] as const) {
      const res = await new PortalClient(server.url).operation(LOGIN, { email: e, password: p });
      expect(res.body.errors, JSON.stringify(res.body)).toBeUndefined();
      expect(res.body.data?.login.ok?.status).not.toBe('SUCCESSFUL');
    }
  });

  it('a pending login cannot use the preference mutations of a completed login', async () => {
    const client = await pendingDora();
    const before = await state();
    const calls: Call[] = [PRIZE_DRAW, NEWSLETTER, POST_LOGIN_QUESTIONS];
    for (const call of calls) {
      expect((await client.operation(call)).body.errors?.[0]?.extensions?.code).toBe('UNAUTHENTICATED');
    }
    expect(await state()).toBe(before);
  });
});
