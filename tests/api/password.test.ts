import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { PDFParse } from 'pdf-parse';
import { describe, expect, it } from 'vitest';
import { isoDateVienna } from '@contract/dates';
import type { TypedDocumentNode } from '@graphql-typed-document-node/core';
import { graphql } from '../gql';
import type { PasswordLostInput } from '../gql/graphql';
import { DEMO_PASSWORD, PortalClient } from '../helpers/client';
import { emailOf } from '../helpers/scenarios';
import { hashParam, linkFrom } from '../helpers/smtp';
import { startTestServer } from '../helpers/test-server';
import { GOOD_PASSWORD, personByLastName, useRegistrationServer, statusOf, UNKNOWN_SVNR, type MutationAnswer } from './registration-helpers';
import { answerOf, CHANGE_INSECURE, CHANGE_PASSWORD, LINK_STATUS, LOGIN, ORDER, PWD_LOST, REGISTER, RESET, UPDATE_EMAIL } from './registration-operations';
import { sqlAll, sqlGet, sqlValue } from '../helpers/raw-sql';

const { suite, byName, expectNothingChanged } = useRegistrationServer();

const QUESTIONS = graphql(`
  query PasswordQuestions {
    postLoginQuestions {
      showNewsletterPk
    }
  }
`);

type R = ReturnType<typeof statusOf>;
/** Sends a typed registration or password operation and answers `statusOf` its one answer (no GraphQL error allowed). */
async function gql<V extends Record<string, unknown>>(
  client: PortalClient,
  document: TypedDocumentNode<{ [field: string]: MutationAnswer | string | undefined }, V>,
  variables: NoInfer<V>,
): Promise<R> {
  const res = await client.operation(document, variables);
  expect(res.body.errors).toBeUndefined();
  return statusOf(answerOf(res.body.data!));
}

const anna = () => byName('Muster');
const lost = (overrides: Partial<PasswordLostInput> = {}): PasswordLostInput => ({
  svnr: anna().svnr,
  email: emailOf('anna'),
  lastName: 'Muster',
  termsAccepted: true,
  ...overrides,
});

describe('password lost (pwdLost)', () => {
  const person = (lastName: string) => byName(lastName);
  const cases: [string, () => PasswordLostInput, string, { field: string; code: string }?][] = [
    ['last name missing', () => lost({ lastName: ' ' }), 'INVALID_INPUT', { field: 'lastName', code: 'REQUIRED' }],
    ['terms not accepted', () => lost({ termsAccepted: false }), 'INVALID_INPUT', { field: 'termsAccepted', code: 'TERMS_NOT_ACCEPTED' }],
    ['wrong check digit', () => lost({ svnr: '1238010180' }), 'INVALID_INPUT', { field: 'svnr', code: 'SVNR_CHECK_DIGIT' }],
    ['unknown number', () => lost({ svnr: UNKNOWN_SVNR }), 'ERROR_NOT_FOUND'],
    ['wrong last name', () => lost({ lastName: 'Mustermann' }), 'ERROR_NOT_FOUND'],
    ['e-mail differs from the registered one', () => lost({ email: 'someone@example.at' }), 'ERROR_MAIL_DIFFERS'],
    ['no access yet (registration code variant)', () => lost({ svnr: person('Neu').svnr, lastName: 'Neu', email: 'x@example.at' }), 'REGISTRATION_CODE_NEEDED'],
    ['access without e-mail (mail not found variant)', () => lost({ svnr: person('Ohnemail').svnr, lastName: 'ohnemail', email: 'ulla@example.at' }), 'MAIL_NOT_FOUND'],
    ['left the fund', () => lost({ svnr: person('Ausgetreten').svnr, lastName: 'Ausgetreten', email: emailOf('lena') }), 'ERROR_NO_VALID_CONTRACT'],
    ['deactivated access', () => lost({ svnr: person('Gesperrt').svnr, lastName: 'Gesperrt', email: emailOf('karl') }), 'ERROR_NO_ACTIVE_ACCESS'],
  ];
  it.each(cases)('%s → %s, nothing stored or sent', async (_n, values, status, fieldError) => {
    await expectNothingChanged(async () => {
      const r = await gql(new PortalClient(suite.server.url), PWD_LOST, { input: values() });
      expect(r.status).toBe(status);
      if (fieldError) expect(r.fieldErrors).toContainEqual(fieldError);
    });
  });

  it('MAINTENANCE stops password lost, reset and code ordering', async () => {
    const maint = await startTestServer({ members: 0, env: { MAINTENANCE: '1', SMTP_URL: suite.smtp.url } });
    try {
      const client = new PortalClient(maint.url);
      expect((await gql(client, PWD_LOST, { input: lost() })).status).toBe('MAINTENANCE');
      expect((await gql(client, RESET, { input: { token: 'x'.repeat(43), newPassword: GOOD_PASSWORD, newPasswordConfirmation: GOOD_PASSWORD } })).status).toBe('MAINTENANCE');
      expect((await gql(client, ORDER, { input: { svnr: anna().svnr, lastName: 'Muster' } })).status).toBe('MAINTENANCE');
      await maint.deps.mailer.worker.drain();
      expect(suite.smtp.mails).toHaveLength(0);
    } finally {
      await maint.close();
    }
  });

  it('mails a 24-hour single-use reset link; the reset ends all sessions; used, altered and expired links fail', async () => {
    const other = new PortalClient(suite.server.url);
    expect((await gql(other, LOGIN, { e: emailOf('anna'), p: DEMO_PASSWORD })).status).toMatch(/^SUCCESSFUL/);
    const client = new PortalClient(suite.server.url);
    expect(await gql(client, PWD_LOST, { input: lost() })).toEqual({ status: 'SUCCESSFUL', fieldErrors: [] });
    const mail = await suite.smtp.waitForMail((m) => m.to.includes(emailOf('anna')));
    const token = hashParam(linkFrom(mail, '/#/pwdReset?token='), 'token');
    // A second request within 15 minutes: already requested.
    expect((await gql(client, PWD_LOST, { input: lost() })).status).toBe('ERROR_ALREADY_REQUESTED');

    const tampered = token.slice(0, 10) + (token[10] === 'a' ? 'b' : 'a') + token.slice(11);
    expect((await client.operation(LINK_STATUS, { t: token })).body.data!.passwordResetLinkStatus).toBe('VALID');
    expect((await client.operation(LINK_STATUS, { t: tampered })).body.data!.passwordResetLinkStatus).toBe('ERROR_RESET_FAILED');

    await expectNothingChanged(async () => {
      suite.smtp.clear();
      expect((await gql(client, RESET, { input: { token: tampered, newPassword: GOOD_PASSWORD, newPasswordConfirmation: GOOD_PASSWORD } })).status).toBe('ERROR_RESET_FAILED');
      const weak = await gql(client, RESET, { input: { token, newPassword: 'kurz', newPasswordConfirmation: 'kurz' } });
      expect(weak).toEqual({ status: 'INVALID_INPUT', fieldErrors: [{ field: 'newPassword', code: 'PASSWORD_TOO_SHORT' }] });
      const same = await gql(client, RESET, { input: { token, newPassword: DEMO_PASSWORD, newPasswordConfirmation: DEMO_PASSWORD } });
      expect(same).toEqual({ status: 'ERROR_PW_ALREADY_USED', fieldErrors: [{ field: 'newPassword', code: 'PASSWORD_ALREADY_USED' }] });
    });

    expect((await gql(client, RESET, { input: { token, newPassword: GOOD_PASSWORD, newPasswordConfirmation: GOOD_PASSWORD } })).status).toBe('SUCCESSFUL');
    expect((await other.rest('getPersonalData')).status).toBe(406);
    expect((await gql(client, LOGIN, { e: emailOf('anna'), p: DEMO_PASSWORD })).status).toBe('ERROR_PWD_INVALID');
    expect((await gql(client, LOGIN, { e: emailOf('anna'), p: GOOD_PASSWORD })).status).toMatch(/^SUCCESSFUL/);
    // Used once: the same link fails now (REST).
    expect((await client.rest('pwdReset', { token, newPassword: 'Noch-ein-Passwort-1', newPasswordConfirmation: 'Noch-ein-Passwort-1' })).json).toMatchObject({
      status: 'ERROR_RESET_FAILED',
    });

    // A new link expires after 24 hours.
    suite.server.clock.advance(20 * 60_000);
    suite.smtp.clear();
    expect((await gql(client, PWD_LOST, { input: lost() })).status).toBe('SUCCESSFUL');
    const second = hashParam(linkFrom(await suite.smtp.waitForMail()), 'token');
    suite.server.clock.advance(24 * 3_600_000 + 1000);
    expect((await client.rest('checkPwdResetToken', { token: second })).json).toEqual({ status: 'ERROR_LINK_EXPIRED' });
    expect((await gql(client, RESET, { input: { token: second, newPassword: 'Noch-ein-Passwort-1', newPasswordConfirmation: 'Noch-ein-Passwort-1' } })).status).toBe(
      'ERROR_LINK_EXPIRED',
    );
  });

  it('answers known and unknown numbers in about the same time (one argon2 check each)', async () => {
    const client = new PortalClient(suite.server.url);
    const time = async (values: PasswordLostInput) => {
      const t = performance.now();
      await gql(client, PWD_LOST, { input: values });
      return performance.now() - t;
    };
    const median = (xs: number[]) => xs.sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
    const unknown: number[] = [];
    const known: number[] = [];
    for (let i = 0; i < 5; i++) {
      unknown.push(await time(lost({ svnr: UNKNOWN_SVNR })));
      known.push(await time(lost({ email: 'other@example.at' })));
    }
    expect(median(unknown)).toBeGreaterThan(median(known) / 3);
    expect(median(known)).toBeGreaterThan(median(unknown) / 3);
  });
});

describe('order of a registration code by post', () => {
  it('writes a PDF letter with code and address, refuses a second order for 7 days, and the code registers', async () => {
    const xaver = await personByLastName(suite.server.db, 'Neu');
    const client = new PortalClient(suite.server.url);
    const nextPossibleOn = isoDateVienna(suite.server.clock.now() + 7 * 86_400_000);
    expect(await gql(client, ORDER, { input: { svnr: xaver.svnr, lastName: 'Neu' } })).toEqual({
      status: 'SUCCESSFUL',
      kind: 'REGISTRATION_CODE',
      nextPossibleOn,
      fieldErrors: [],
    });
    await suite.server.deps.mailer.worker.drain();
    const row = (await sqlGet(suite.server.db, "SELECT letter_file AS file, code_hash AS hash FROM registration_codes WHERE person_id = ? AND origin = 'ORDERED'", xaver.id)) as {
      file: string;
      hash: string;
    };
    const file = join(suite.lettersDir, row.file);
    expect(existsSync(file)).toBe(true);
    const text = (await new PDFParse({ data: readFileSync(file) }).getText()).text;
    expect(text).toContain('Xaver Neu');
    expect(text).toContain('Landstraßer Hauptstraße 12');
    expect(text).toContain('1030 Wien');
    // The code is on a line of its own (pdfkit may space the letters: characterSpacing).
    const code = /^\s*((?:[2-9a-hjkmnp-z]\s?){12})\s*$/m.exec(text)?.[1]?.replace(/\s/g, '');
    expect(code).toBeDefined();
    expect(row.hash).not.toContain(code!);

    await expectNothingChanged(async () => {
      const again = await gql(client, ORDER, { input: { svnr: xaver.svnr, lastName: 'neu' } });
      expect(again.status).toBe('ERROR_ALREADY_REQUESTED');
      expect(again.nextPossibleOn).toBe(nextPossibleOn);
      // The message names the day (DD.MM.YYYY), from the catalogue the web shows.
      const raw = await client.operation(ORDER, { input: { svnr: xaver.svnr, lastName: 'Neu' } });
      expect(raw.body.data!.orderRegistrationCode.error!.message).toContain(`ab ${nextPossibleOn.split('-').reverse().join('.')}`);
    });

    const reg = await gql(client, REGISTER, {
      input: {
        svnr: xaver.svnr,
        code: code!,
        email: 'xaver@example.at',
        emailConfirmation: 'xaver@example.at',
        password: GOOD_PASSWORD,
        passwordConfirmation: GOOD_PASSWORD,
        termsAccepted: true,
      },
    });
    expect(reg.status).toBe('SUCCESSFUL');
  });

  it('answers the spec codes for the other cases, changing nothing', async () => {
    const client = new PortalClient(suite.server.url);
    const walter = await personByLastName(suite.server.db, 'Bestellt');
    const lena = await personByLastName(suite.server.db, 'Ausgetreten');
    const clara = await personByLastName(suite.server.db, 'Pension');
    await expectNothingChanged(async () => {
      const w = await gql(client, ORDER, { input: { svnr: walter.svnr, lastName: 'Bestellt' } });
      expect(w.status).toBe('ERROR_ALREADY_REQUESTED');
      expect(w.nextPossibleOn).toBe('2026-11-26'); // ordered 3 days before the seed's today (2026-11-22)
      expect((await gql(client, ORDER, { input: { svnr: UNKNOWN_SVNR, lastName: 'Neu' } })).status).toBe('ERROR_NOT_FOUND');
      expect((await gql(client, ORDER, { input: { svnr: lena.svnr, lastName: 'Ausgetreten' } })).status).toBe('ERROR_NO_VALID_CONTRACT');
      expect((await gql(client, ORDER, { input: { svnr: clara.svnr, lastName: 'Pension' } })).status).toBe('ERROR_ALREADY_REGISTERED');
      expect((await gql(client, ORDER, { input: { svnr: '1238010180', lastName: '' } })).fieldErrors).toEqual([
        { field: 'svnr', code: 'SVNR_CHECK_DIGIT' },
        { field: 'lastName', code: 'REQUIRED' },
      ]);
      expect((await client.rest('orderRegistrationCode', { svnr: walter.svnr, lastName: 'Bestellt', kind: 'FIRST_PASSWORD' })).json).toMatchObject({
        status: 'ERROR_ALREADY_REQUESTED',
      });
    });
  });

  it('password lost "add e-mail" variant sends a first password by post, once per 7 days', async () => {
    const ulla = await personByLastName(suite.server.db, 'Ohnemail');
    const client = new PortalClient(suite.server.url);
    const values = { svnr: ulla.svnr, lastName: 'Ohnemail', email: 'ulla@example.at', termsAccepted: true, addEmail: true };
    expect((await gql(client, PWD_LOST, { input: values })).status).toBe('LETTER_SENT');
    await suite.server.deps.mailer.worker.drain();
    const file = (await sqlValue(suite.server.db, "SELECT letter_file FROM registration_codes WHERE person_id = ? AND kind = 'FIRST_PASSWORD'", ulla.id)) as string;
    const text = (await new PDFParse({ data: readFileSync(join(suite.lettersDir, file)) }).getText()).text;
    expect(text).toContain('Erstpasswort');
    await expectNothingChanged(async () => {
      expect((await gql(client, PWD_LOST, { input: values })).status).toBe('ERROR_ALREADY_REQUESTED');
    });
  });
});

describe('password change', () => {
  it('settings: wrong current password, rules, history; success ends the other sessions, audits and logs the change', async () => {
    const bernd = emailOf('bernd');
    const a = new PortalClient(suite.server.url);
    const b = new PortalClient(suite.server.url);
    await gql(a, LOGIN, { e: bernd, p: DEMO_PASSWORD });
    await gql(b, LOGIN, { e: bernd, p: DEMO_PASSWORD });
    const change = (currentPassword: string, newPassword: string, newPasswordConfirmation = newPassword) =>
      gql(a, CHANGE_PASSWORD, { input: { currentPassword, newPassword, newPasswordConfirmation } });
    await expectNothingChanged(async () => {
      expect(await change('Falsch#12345', GOOD_PASSWORD)).toEqual({
        status: 'ERROR_WRONG_CURRENT_PASSWORD',
        fieldErrors: [{ field: 'currentPassword', code: 'WRONG_CURRENT_PASSWORD' }],
      });
      expect((await change(DEMO_PASSWORD, GOOD_PASSWORD, 'Other#123456')).fieldErrors).toEqual([{ field: 'newPasswordConfirmation', code: 'PASSWORD_MISMATCH' }]);
      expect((await change(DEMO_PASSWORD, DEMO_PASSWORD)).status).toBe('ERROR_PW_ALREADY_USED');
    });
    expect(await change(DEMO_PASSWORD, GOOD_PASSWORD)).toMatchObject({ status: 'SUCCESSFUL', otherSessionsEnded: 1, fieldErrors: [] });
    // The other session is over: REST 406, GraphQL UNAUTHENTICATED; this one goes on.
    expect((await b.rest('getPersonalData')).status).toBe(406);
    const gqlB = await b.operation(QUESTIONS);
    expect(gqlB.body.errors?.[0]?.extensions?.code).toBe('UNAUTHENTICATED');
    expect((await a.rest('getPersonalData')).status).toBe(200);
    const c = suite.server.db;
    const id = (await sqlValue(c, 'SELECT id FROM persons WHERE email = ?', bernd)) as number;
    expect(await sqlValue(c, "SELECT count(*) FROM sessions WHERE person_id = ? AND end_reason = 'PASSWORD_CHANGED'", id)).toBe(1);
    expect(await sqlValue(c, "SELECT count(*) FROM security_events WHERE person_id = ? AND type = 'PASSWORD_CHANGE'", id)).toBe(1);
    expect(await sqlAll(c, "SELECT area, field, old_value AS o, new_value AS n FROM profile_changes WHERE person_id = ? AND area = 'PASSWORD'", id)).toEqual([
      { area: 'PASSWORD', field: 'password', o: null, n: null },
    ]);
    await suite.smtp.waitForMail((m) => m.to.includes(bernd) && m.subject.includes('Passwort wurde geändert'));
    // The last 5 passwords are refused; the history keeps 5 rows.
    let current = GOOD_PASSWORD;
    for (let i = 1; i <= 5; i++) {
      const next = `Wechsel#${i}Passwort`;
      expect((await change(current, next)).status).toBe('SUCCESSFUL');
      current = next;
    }
    expect(await sqlValue(c, 'SELECT count(*) FROM password_history WHERE person_id = ?', id)).toBe(5);
    expect((await change(current, 'Wechsel#1Passwort')).status).toBe('ERROR_PW_ALREADY_USED');
    expect((await change(current, GOOD_PASSWORD)).status).toBe('SUCCESSFUL');
    // Without a session: UNAUTHENTICATED / 406.
    const anon = new PortalClient(suite.server.url);
    expect((await anon.operation(CHANGE_PASSWORD, { input: { currentPassword: 'a', newPassword: 'b', newPasswordConfirmation: 'b' } })).body.errors?.[0]?.extensions?.code).toBe(
      'UNAUTHENTICATED',
    );
    expect((await anon.rest('changePassword', { currentPassword: 'a', newPassword: 'b', newPasswordConfirmation: 'b' })).status).toBe(406);
  });

  it('insecure password: login PASSWORD_INSECURE, /pwdChange refuses the old one, then logs in', async () => {
    const client = new PortalClient(suite.server.url);
    expect((await gql(client, LOGIN, { e: emailOf('zoe'), p: DEMO_PASSWORD })).status).toBe('PASSWORD_INSECURE');
    await expectNothingChanged(async () => {
      expect((await gql(client, CHANGE_INSECURE, { input: { newPassword: DEMO_PASSWORD, newPasswordConfirmation: DEMO_PASSWORD } })).status).toBe('ERROR_PW_ALREADY_USED');
      expect((await gql(client, CHANGE_INSECURE, { input: { newPassword: 'abc', newPasswordConfirmation: 'abc' } })).fieldErrors).toEqual([
        { field: 'newPassword', code: 'PASSWORD_TOO_SHORT' },
      ]);
    });
    const r = await gql(client, CHANGE_INSECURE, { input: { newPassword: GOOD_PASSWORD, newPasswordConfirmation: GOOD_PASSWORD } });
    expect(r).toEqual({ status: 'SUCCESSFUL', loginStatus: 'SUCCESSFUL', fieldErrors: [] });
    expect((await client.rest('getPersonalData')).status).toBe(200);
    expect((await new PortalClient(suite.server.url).rest('login', { user: emailOf('zoe'), password: GOOD_PASSWORD })).json).toEqual({ status: 'SUCCESSFUL' });
  });
});

describe('update registration: changing the e-mail during UPDATE_*_MAIL', () => {
  it('refuses mismatches and taken addresses, then changes the e-mail, answers the next status and notifies both addresses', async () => {
    const client = new PortalClient(suite.server.url);
    expect((await gql(client, LOGIN, { e: emailOf('vera'), p: DEMO_PASSWORD })).status).toBe('UPDATE_PK_MAIL');
    await expectNothingChanged(async () => {
      expect(await gql(client, UPDATE_EMAIL, { input: { email: 'vera@example.at', emailConfirmation: 'vera2@example.at' } })).toEqual({
        status: 'INVALID_INPUT',
        fieldErrors: [{ field: 'emailConfirmation', code: 'EMAIL_MISMATCH' }],
      });
      expect((await gql(client, UPDATE_EMAIL, { input: { email: emailOf('clara'), emailConfirmation: emailOf('clara') } })).fieldErrors).toEqual([
        { field: 'email', code: 'EMAIL_NOT_UNIQUE' },
      ]);
    });
    const r = await client.rest('updateRegistration', { email: 'Vera.Neu@Example.at', emailConfirmation: 'vera.neu@example.at' });
    expect(r.json).toMatchObject({ status: 'SUCCESSFUL', loginStatus: 'SUCCESSFUL_PK' });
    await suite.smtp.waitForMail((m) => m.to.includes('vera.neu@example.at'));
    await suite.smtp.waitForMail((m) => m.to.includes(emailOf('vera')));
    expect((await new PortalClient(suite.server.url).rest('login', { user: 'vera.neu@example.at', password: DEMO_PASSWORD })).json).toEqual({ status: 'SUCCESSFUL_PK' });
  });
});
