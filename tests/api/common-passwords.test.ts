import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { DEFAULT_SEED, demoRegistrationCode } from '../../db/seed';
import { isCommonPassword, newPasswordError } from '../../server/modules/registration/password-strength';
import { DEMO_PASSWORD, logIn, loginStatusOf, PortalClient, type GraphQLAnswer } from '../helpers/client';
import { emailOf } from '../helpers/scenarios';
import { hashParam, linkFrom, startTestSmtp, type TestSmtp } from '../helpers/smtp';
import { startTestServer, type TestServer } from '../helpers/test-server';
import { GOOD_PASSWORD, personByLastName, snapshot, statusOf, type MutationAnswer } from './registration-helpers';
import { CHANGE_INSECURE, CHANGE_PASSWORD, PWD_LOST, REGISTER, RESET } from './registration-operations';

/**
 * Common and breached-style passwords are refused (decision 0011) with their own code PASSWORD_COMMON, on
 * registration, reset, the change after PASSWORD_INSECURE and the password change; the spec's composition rule
 * still comes first. Real server over HTTP, real SMTP server for the reset link.
 */
const COMMON = ['Password123!', 'Passwort123!', 'Sommer2024!!', 'Qwertz123456!'];

describe('the common-password rule (server/modules/registration/password-strength.ts)', () => {
  it('refuses the passwords the security review got accepted, and keyboard, year and name patterns', () => {
    for (const p of [...COMMON, 'Passwort1234!', 'Hallo123456!', 'Michael#1985', 'Asdfghjkl123!', 'Sommer2024!!Sommer2024!!'])
      expect(newPasswordError(p), p).toBe('PASSWORD_COMMON');
  });

  it('accepts passwords of several unrelated parts, and keeps the spec rule first', () => {
    for (const p of [GOOD_PASSWORD, 'Kaffeetasse42!', 'Herbst#Blatt-2031', 'Vorsorge!Plan2026', 'Neues#Passwort2026']) expect(newPasswordError(p), p).toBeNull();
    // Composition (spec 000 section 5) before commonness: a password without a capital is PASSWORD_WEAK.
    expect(newPasswordError('password123!')).toBe('PASSWORD_WEAK');
    expect(newPasswordError('Pass1!')).toBe('PASSWORD_TOO_SHORT');
  });

  it('judges a long password by its first 24 characters within a bounded time', () => {
    const start = performance.now();
    expect(isCommonPassword(`Aa1!${'Aa1!'.repeat(24)}`)).toBe(true);
    expect(isCommonPassword(`${GOOD_PASSWORD}${'Aa1!'.repeat(20)}`)).toBe(false);
    expect(performance.now() - start).toBeLessThan(5000);
  });
});

let smtp: TestSmtp;
let server: TestServer;
beforeAll(async () => {
  smtp = await startTestSmtp();
  server = await startTestServer({ members: 3, env: (url) => ({ SMTP_URL: smtp.url, PUBLIC_ORIGIN: url }) });
});
afterAll(async () => {
  await server.close();
  await smtp.close();
});
beforeEach(() => smtp.clear());

/**
 * `statusOf` the `{ ok, error }` answer `answerOf` picks from a typed operation's data (no GraphQL error allowed).
 */
function statusIn<T>(res: GraphQLAnswer<T>, answerOf: (data: T) => { ok?: MutationAnswer['ok']; error?: MutationAnswer['error'] }) {
  expect(res.body.errors).toBeUndefined();
  const { ok, error } = answerOf(res.body.data!);
  return statusOf({ ok: ok ?? null, error: error ?? null });
}

describe('PASSWORD_COMMON on every door that sets a new password; nothing is stored', () => {
  it('registration (GraphQL and REST)', async () => {
    const xaver = await personByLastName(server.db, 'Neu');
    const values = (password: string) => ({
      svnr: xaver.svnr,
      code: demoRegistrationCode(DEFAULT_SEED, 'xaver.neu'),
      email: 'xaver.common@example.at',
      emailConfirmation: 'xaver.common@example.at',
      password,
      passwordConfirmation: password,
      termsAccepted: true,
    });
    const before = await snapshot(server.db);
    expect(statusIn(await new PortalClient(server.url).operation(REGISTER, { input: values('Passwort123!') }), (d) => d.register)).toEqual({
      status: 'INVALID_INPUT',
      fieldErrors: [{ field: 'password', code: 'PASSWORD_COMMON' }],
    });
    const rest = await new PortalClient(server.url).rest('register', { ...values('Sommer2024!!'), termsAccepted: 'true' });
    expect(rest.json).toMatchObject({ status: 'INVALID_INPUT', fieldErrors: [{ field: 'password', code: 'PASSWORD_COMMON' }] });
    await server.deps.mailer.worker.drain();
    expect(await snapshot(server.db)).toBe(before);
    expect(smtp.mails).toHaveLength(0);
  });

  it('reset by the mailed link: a common password is refused, the link stays valid, a good one is set', async () => {
    const anna = await personByLastName(server.db, 'Muster');
    const client = new PortalClient(server.url);
    const lost = await client.operation(PWD_LOST, { input: { svnr: anna.svnr, email: emailOf('anna'), lastName: 'Muster', termsAccepted: true } });
    expect(statusIn(lost, (d) => d.requestPasswordReset).status).toBe('SUCCESSFUL');
    const token = hashParam(linkFrom(await smtp.waitForMail((m) => m.to.includes(emailOf('anna')))), 'token');
    await server.deps.mailer.worker.drain();
    const before = await snapshot(server.db);
    for (const p of COMMON) {
      expect(statusIn(await client.operation(RESET, { input: { token, newPassword: p, newPasswordConfirmation: p } }), (d) => d.resetPassword)).toEqual({
        status: 'INVALID_INPUT',
        fieldErrors: [{ field: 'newPassword', code: 'PASSWORD_COMMON' }],
      });
    }
    expect(await snapshot(server.db)).toBe(before);
    const reset = await client.operation(RESET, { input: { token, newPassword: GOOD_PASSWORD, newPasswordConfirmation: GOOD_PASSWORD } });
    expect(statusIn(reset, (d) => d.resetPassword).status).toBe('SUCCESSFUL');
  });

  it('the change after PASSWORD_INSECURE (zoe) and the password change in the settings (REST)', async () => {
    const zoe = new PortalClient(server.url);
    expect(loginStatusOf(await logIn(zoe, emailOf('zoe')))).toBe('PASSWORD_INSECURE');
    const before = await snapshot(server.db);
    const insecure = await zoe.operation(CHANGE_INSECURE, { input: { newPassword: 'Qwertz123456!', newPasswordConfirmation: 'Qwertz123456!' } });
    expect(statusIn(insecure, (d) => d.changeInsecurePassword)).toMatchObject({
      status: 'INVALID_INPUT',
      fieldErrors: [{ field: 'newPassword', code: 'PASSWORD_COMMON' }],
    });
    expect(await snapshot(server.db)).toBe(before);

    const clara = new PortalClient(server.url);
    await clara.rest('login', { user: emailOf('clara'), password: DEMO_PASSWORD });
    const beforeChange = await snapshot(server.db);
    const res = await clara.rest('changePassword', { currentPassword: DEMO_PASSWORD, newPassword: 'Password123!', newPasswordConfirmation: 'Password123!' });
    expect(res.json).toMatchObject({ status: 'INVALID_INPUT', fieldErrors: [{ field: 'newPassword', code: 'PASSWORD_COMMON' }] });
    expect(await snapshot(server.db)).toBe(beforeChange);
    const ok = await clara.operation(CHANGE_PASSWORD, {
      input: { currentPassword: DEMO_PASSWORD, newPassword: 'Herbst#Blatt-2031', newPasswordConfirmation: 'Herbst#Blatt-2031' },
    });
    expect(statusIn(ok, (d) => d.changePassword).status).toBe('SUCCESSFUL');
  });
});
