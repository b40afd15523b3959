import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { persons, personTokens, sessions } from '../../../db/schema';
import { DEMO_PASSWORD, PortalClient, type LoginAnswer } from '../../helpers/client';
import { startTestServer, type TestServer } from '../../helpers/test-server';

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
  const client = new PortalClient(server.url);
  await client.graphql(`mutation($e: String!, $p: String!) { login(input: { email: $e, password: $p }) { ok { status loggedIn } error { code } } }`, {
    e: 'dora.nutzung@example.at',
    p: DEMO_PASSWORD,
  });
  return client;
}

describe('GraphQL login-flow mutations refuse bad input and change nothing', () => {
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

  it.each([
    `mutation { acceptTerms(input: { previousStatus: NUTZUNGSBEDINGUNGEN_ACCEPT_PKVK, accepted: true }) { ok { status loggedIn } error { code } } }`,
    `mutation { setAnnualStatementDelivery(input: { viaPortal: true }) { ok { status loggedIn } error { code } } }`,
    `mutation { synchronizeLoginData { ok { status loggedIn } error { code } } }`,
    `mutation { chooseMailbox(type: AWB_LB) { ok { type } } }`,
    `mutation { setNewsletterConsent(pensionFund: true) { ok { person { id } } } }`,
    `mutation { setPrizeDraw(participate: true) { ok { person { id } } } }`,
    `mutation { setBenefitStatementDelivery(digital: true) { ok { person { id } } } }`,
    `mutation { setAccountStatementByMail(input: { byMail: true }) { ok { status loggedIn } error { code } } }`,
    `mutation { confirmRegistrationEmail { ok { status loggedIn } error { code } } }`,
  ])('%s without a session answers UNAUTHENTICATED and changes nothing', async (query) => {
    const before = await state();
    const res = await new PortalClient(server.url).graphql(query);
    expect(res.body.errors?.[0]?.extensions?.code).toBe('UNAUTHENTICATED');
    expect(await state()).toBe(before);
  });

  it('a NUL character in the e-mail, the password or a JSON-stored detail is refused as a failed login, not an internal error (PostgreSQL text cannot hold U+0000)', async () => {
    for (const [e, p] of [
      ['a\u0000b', ''],
      ['anna.muster@example.at\u0000', DEMO_PASSWORD],
      ['anna.muster@example.at', `x\u0000${'\\u0000'}`],
    ] as const) {
      const res = await new PortalClient(server.url).graphql<{ login: LoginAnswer }>(
        `mutation($e: String!, $p: String!) { login(input: { email: $e, password: $p }) { ok { status loggedIn } error { code } } }`,
        {
          e,
          p,
        },
      );
      expect(res.body.errors, JSON.stringify(res.body)).toBeUndefined();
      expect(res.body.data?.login.ok?.status).not.toBe('SUCCESSFUL');
    }
  });

  it('a pending login cannot use the preference mutations of a completed login', async () => {
    const client = await pendingDora();
    const before = await state();
    for (const q of [
      `mutation { setPrizeDraw(participate: true) { ok { person { id } } } }`,
      `mutation { setNewsletterConsent(pensionFund: true) { ok { person { id } } } }`,
      `{ postLoginQuestions { askPrizeDraw } }`,
    ]) {
      expect((await client.graphql(q)).body.errors?.[0]?.extensions?.code).toBe('UNAUTHENTICATED');
    }
    expect(await state()).toBe(before);
  });
});
