import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { graphql } from '../gql';
import { DEMO_PASSWORD, LOGIN_STATUS as LOGIN, PortalClient } from '../helpers/client';
import { startTestSmtp, type TestSmtp } from '../helpers/smtp';
import { generatedMemberEmail, jsonText, sqlAll, sqlOne } from '../helpers/raw-sql';
import { startTestServer, type TestServer } from '../helpers/test-server';

/**
 * Step-up authentication for changes that move money or identity (decision 0011; server/modules/session/step-up.ts):
 * the login e-mail and the bank details change only with the current password in the same request (or after an eID
 * login of the last 5 minutes: tests/api/eid.test.ts). A wrong password counts towards the login lockout exactly like
 * a failed login. Real server over HTTP, real SMTP server; GraphQL and REST.
 */
const THRESHOLD = 5;
const CHANGE_BANK = graphql(`
  mutation StepUpChangeBank($input: ChangeBankDetailsInput!) {
    changeBankDetails(input: $input) {
      ok {
        person {
          bankAccount {
            iban
          }
        }
      }
      error {
        ...FieldErrorCodes
      }
    }
  }
`);
const REQUEST_EMAIL = graphql(`
  mutation StepUpRequestEmail($input: RequestEmailChangeInput!) {
    requestEmailChange(input: $input) {
      ok {
        pendingEmail
      }
      error {
        ...FieldErrorCodes
      }
    }
  }
`);
const BANK = { accountHolder: 'Step Up', bankName: 'Erste Bank', iban: 'AT61 1904 3002 3457 3201', bic: '' };

let server: TestServer;
let smtp: TestSmtp;
beforeAll(async () => {
  smtp = await startTestSmtp();
  server = await startTestServer({ members: 12, env: { SMTP_URL: smtp.url, LOCKOUT_THRESHOLD: String(THRESHOLD) } });
});
afterAll(async () => {
  await server.close();
  await smtp.close();
});
beforeEach(() => smtp.clear());

const sql = <T>(query: string, ...params: unknown[]) => sqlOne<T>(server.db, query, ...params);
/** Generated members with a password login, one per test, so lock states do not meet. */
let nextMember = 0;
function member(): Promise<{ id: number; email: string }> {
  return sql<{ id: number; email: string }>(
    `SELECT p.id, p.email FROM persons p JOIN credentials c ON c.person_id = p.id
      WHERE ${generatedMemberEmail(server.db, 'p.email')} AND p.membership_status = 'ACTIVE' AND c.access_status = 'ACTIVE' ORDER BY p.id LIMIT 1 OFFSET ?`,
    nextMember++,
  );
}
async function loggedIn(email: string): Promise<PortalClient> {
  const client = new PortalClient(server.url);
  const res = await client.operation(LOGIN, { e: email, p: DEMO_PASSWORD });
  expect(res.body.data?.login.ok?.status).toMatch(/^SUCCESSFUL/);
  return client;
}
const failedAttempts = (personId: number) =>
  sql<{ n: number; until: string | null }>('SELECT failed_attempts AS n, locked_until AS until FROM credentials WHERE person_id = ?', personId);
/** Rows a guarded change would write: bank accounts, e-mail change tokens, change log, mails, the person. */
const fingerprint = async (personId: number) =>
  JSON.stringify([
    await sqlAll(server.db, 'SELECT * FROM bank_accounts WHERE person_id = ? ORDER BY id', personId),
    await sqlAll(server.db, 'SELECT * FROM person_tokens WHERE person_id = ? ORDER BY token_hash', personId),
    await sqlAll(server.db, 'SELECT * FROM profile_changes WHERE person_id = ? ORDER BY id', personId),
    await sqlAll(server.db, 'SELECT * FROM sent_mails WHERE person_id = ? ORDER BY id', personId),
    await sqlAll(server.db, 'SELECT email FROM persons WHERE id = ?', personId),
  ]);

describe('step-up: the current password in the same request', () => {
  it('without a password: GraphQL and REST answer currentPassword REQUIRED, nothing stored, no mail, no guess counted', async () => {
    const m = await member();
    const client = await loggedIn(m.email);
    const before = await fingerprint(m.id);
    const email = await client.operation(REQUEST_EMAIL, {
      input: { newEmail: 'neu.ohne@example.at', newEmailConfirmation: 'neu.ohne@example.at' },
    });
    expect(email.body.data?.requestEmailChange).toEqual({
      ok: null,
      error: { code: 'ERROR_INVALID_INPUT', fieldErrors: [{ field: 'currentPassword', code: 'REQUIRED' }] },
    });
    const bank = await client.rest('changeBankDetails', BANK);
    expect(bank.json).toEqual({ ok: false, code: 'ERROR_INVALID_INPUT', fieldErrors: [{ field: 'currentPassword', code: 'REQUIRED' }] });
    const restEmail = await client.rest('changeEmail', { newEmail: 'neu.ohne@example.at', newEmailConfirmation: 'neu.ohne@example.at', currentPassword: '' });
    expect(restEmail.json).toMatchObject({ ok: false, fieldErrors: [{ field: 'currentPassword', code: 'REQUIRED' }] });
    expect(await fingerprint(m.id)).toBe(before);
    expect(await failedAttempts(m.id)).toEqual({ n: 0, until: null });
    expect(smtp.mails).toHaveLength(0);
  });

  it('a wrong password (also over-long) answers PASSWORD_INCORRECT, counts one failed login each and stores nothing', async () => {
    const m = await member();
    const client = await loggedIn(m.email);
    const before = await fingerprint(m.id);
    const email = await client.operation(REQUEST_EMAIL, {
      input: { newEmail: 'neu.falsch@example.at', newEmailConfirmation: 'neu.falsch@example.at', currentPassword: 'Falsch#Passwort1' },
    });
    expect(email.body.data?.requestEmailChange).toEqual({
      ok: null,
      error: { code: 'ERROR_PWD_INVALID', fieldErrors: [{ field: 'currentPassword', code: 'PASSWORD_INCORRECT' }] },
    });
    expect((await failedAttempts(m.id)).n).toBe(1);
    const bank = await client.rest('changeBankDetails', { ...BANK, currentPassword: `${DEMO_PASSWORD}${'x'.repeat(140)}` });
    expect(bank.json).toEqual({ ok: false, code: 'ERROR_PWD_INVALID', fieldErrors: [{ field: 'currentPassword', code: 'PASSWORD_INCORRECT' }] });
    expect((await failedAttempts(m.id)).n).toBe(2);
    expect(await fingerprint(m.id)).toBe(before);
    expect(smtp.mails).toHaveLength(0);
    const events = await sqlAll(
      server.db,
      `SELECT ${jsonText(server.db, 'detail', 'reason')} AS reason, ${jsonText(server.db, 'detail', 'action')} AS action FROM security_events WHERE person_id = ? AND type = 'ACCESS_DENIED' ORDER BY id`,
      m.id,
    );
    expect(events).toEqual([
      { reason: 'STEP_UP_PASSWORD', action: 'EMAIL_CHANGE' },
      { reason: 'STEP_UP_PASSWORD', action: 'BANK_DETAILS_CHANGE' },
    ]);
  });

  it('wrong passwords over both doors lock the access at the threshold, like failed logins: then even the right password is refused, at the login too', async () => {
    const m = await member();
    const client = await loggedIn(m.email);
    // One failed login first: the step-up continues the same count.
    expect((await new PortalClient(server.url).operation(LOGIN, { e: m.email, p: 'Falsch#Login1' })).body.data?.login.error?.code).toBe('ERROR_PWD_INVALID');
    for (let i = 1; i < THRESHOLD; i++) {
      const r =
        i % 2
          ? await client.rest('changeBankDetails', { ...BANK, currentPassword: `Falsch#${i}` })
          : await client.rest('changeEmail', { newEmail: 'x.y@example.at', newEmailConfirmation: 'x.y@example.at', currentPassword: `Falsch#${i}` });
      expect(r.json).toMatchObject({ ok: false, code: 'ERROR_PWD_INVALID' });
    }
    expect(await failedAttempts(m.id)).toEqual({ n: THRESHOLD, until: new Date(server.clock.now() + 60 * 60_000).toISOString() });
    expect((await sql<{ n: number }>(`SELECT count(*) AS n FROM security_events WHERE person_id = ? AND type = 'LOCKOUT'`, m.id)).n).toBe(1);
    const before = await fingerprint(m.id);
    expect((await client.rest('changeBankDetails', { ...BANK, currentPassword: DEMO_PASSWORD })).json).toMatchObject({ ok: false, code: 'ERROR_PWD_INVALID' });
    expect(await fingerprint(m.id)).toBe(before);
    expect((await new PortalClient(server.url).operation(LOGIN, { e: m.email, p: DEMO_PASSWORD })).body.data?.login.error?.code).toBe('LOCKED_TEMPORARY');
  });

  it('the right password changes bank details (GraphQL) and starts the e-mail change (REST), and resets the failure count', async () => {
    const m = await member();
    const client = await loggedIn(m.email);
    await client.rest('changeBankDetails', { ...BANK, currentPassword: 'Falsch#Passwort1' });
    expect((await failedAttempts(m.id)).n).toBe(1);
    const bank = await client.operation(CHANGE_BANK, {
      input: { accountHolder: 'Step Up', bankName: 'Erste Bank', iban: 'AT61 1904 3002 3457 3201', currentPassword: DEMO_PASSWORD },
    });
    expect(bank.body.data?.changeBankDetails).toEqual({ ok: { person: { bankAccount: { iban: 'AT611904300234573201' } } }, error: null });
    expect((await sql<{ iban: string }>('SELECT iban FROM bank_accounts WHERE person_id = ? ORDER BY id DESC', m.id)).iban).toBe('AT611904300234573201');
    expect((await failedAttempts(m.id)).n).toBe(0);
    const email = await client.rest('changeEmail', { newEmail: `neu.${m.id}@example.at`, newEmailConfirmation: `neu.${m.id}@example.at`, currentPassword: DEMO_PASSWORD });
    expect(email.json).toMatchObject({ ok: true, pendingEmail: `neu.${m.id}@example.at` });
    await smtp.waitForMail((mail) => mail.to.includes(`neu.${m.id}@example.at`));
  });

  it('the password change in the settings counts a wrong current password towards the lockout too (no eID stand-in)', async () => {
    const m = await member();
    const client = await loggedIn(m.email);
    for (let i = 1; i <= 2; i++) {
      const r = await client.rest('changePassword', { currentPassword: `Falsch#${i}`, newPassword: 'Herbst#Blatt-2031', newPasswordConfirmation: 'Herbst#Blatt-2031' });
      expect(r.json).toMatchObject({ status: 'ERROR_WRONG_CURRENT_PASSWORD', fieldErrors: [{ field: 'currentPassword', code: 'WRONG_CURRENT_PASSWORD' }] });
      expect((await failedAttempts(m.id)).n).toBe(i);
    }
    expect(
      (await client.rest('changePassword', { currentPassword: DEMO_PASSWORD, newPassword: 'Herbst#Blatt-2031', newPasswordConfirmation: 'Herbst#Blatt-2031' })).json,
    ).toMatchObject({ status: 'SUCCESSFUL' });
    expect((await failedAttempts(m.id)).n).toBe(0);
  });

  it('checks the form before the password: a bad IBAN with a wrong password answers the field, counts no guess', async () => {
    const m = await member();
    const client = await loggedIn(m.email);
    const bank = await client.rest('changeBankDetails', { ...BANK, iban: 'AT00 1234', currentPassword: 'Falsch#Passwort1' });
    expect(bank.json).toMatchObject({ ok: false, code: 'ERROR_INVALID_INPUT', fieldErrors: [{ field: 'iban' }] });
    expect((await failedAttempts(m.id)).n).toBe(0);
  });
});
