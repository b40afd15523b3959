import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { mailOutbox, sentMails } from '../../db/schema';
import { MAIL_MAX_ATTEMPTS, mailRetryDelayMs } from '../../server/platform/mail/outbox.store';
import { DEFAULT_SEED, demoRegistrationCode } from '../../db/seed';
import { graphql } from '../gql';
import type { RegisterInput } from '../gql/graphql';
import { DEMO_PASSWORD, PortalClient } from '../helpers/client';
import { emailOf } from '../helpers/scenarios';
import { hashParam, linkFrom, startTestSmtp } from '../helpers/smtp';
import { startTestServer } from '../helpers/test-server';
import { activationStatus, BAD_CHECK_DIGIT_SVNR, GOOD_PASSWORD, personByLastName, useRegistrationServer, snapshot, statusOf, UNKNOWN_SVNR } from './registration-helpers';
import { ACTIVATE, LOGIN, REGISTER } from './registration-operations';
import { RegistrationPage_RegisterMutation as REGISTER_MESSAGES } from '../../web/src/features/registration/api/register';
import { sqlAll, sqlRun, sqlValue } from '../helpers/raw-sql';

const { suite, byName, expectNothingChanged } = useRegistrationServer();

const CHECK = graphql(`
  mutation RegistrationCheck($input: RegisterInput!) {
    checkRegistration(input: $input) {
      ok {
        email
      }
      error {
        ...ErrorCodeFields
      }
    }
  }
`);
const PENDING_LOGIN = graphql(`
  query RegistrationPendingLogin {
    pendingLogin {
      status
    }
  }
`);

const xaverCode = () => demoRegistrationCode(DEFAULT_SEED, 'xaver.neu');

function input(overrides: Partial<RegisterInput> = {}): RegisterInput {
  return {
    svnr: byName('Neu').svnr,
    code: xaverCode(),
    email: 'xaver.neu@example.at',
    emailConfirmation: 'xaver.neu@example.at',
    password: GOOD_PASSWORD,
    passwordConfirmation: GOOD_PASSWORD,
    termsAccepted: true,
    ...overrides,
  };
}

async function register(client: PortalClient, values: RegisterInput) {
  const res = await client.operation(REGISTER, { input: values });
  expect(res.body.errors).toBeUndefined();
  return statusOf(res.body.data!.register);
}

describe('register: bad input gets its code, stores nothing and sends no mail', () => {
  const cases: [string, Partial<RegisterInput>, { field: string; code: string }][] = [
    ['wrong check digit', { svnr: BAD_CHECK_DIGIT_SVNR }, { field: 'svnr', code: 'SVNR_CHECK_DIGIT' }],
    ['svnr not 10 digits', { svnr: '12345' }, { field: 'svnr', code: 'SVNR_FORMAT' }],
    ['empty svnr', { svnr: '' }, { field: 'svnr', code: 'REQUIRED' }],
    ['code with foreign characters', { code: 'abc$%&def' }, { field: 'code', code: 'CODE_FORMAT' }],
    ['invalid e-mail', { email: 'xaver@', emailConfirmation: 'xaver@' }, { field: 'email', code: 'EMAIL_INVALID' }],
    ['mismatched e-mail confirmation', { emailConfirmation: 'other@example.at' }, { field: 'emailConfirmation', code: 'EMAIL_MISMATCH' }],
    ['mismatched password confirmation', { passwordConfirmation: 'Sonnenblume#2028' }, { field: 'passwordConfirmation', code: 'PASSWORD_MISMATCH' }],
    ['password too short', { password: 'Ab#1', passwordConfirmation: 'Ab#1' }, { field: 'password', code: 'PASSWORD_TOO_SHORT' }],
    ['password too long (101)', { password: `Aa#1${'x'.repeat(97)}`, passwordConfirmation: `Aa#1${'x'.repeat(97)}` }, { field: 'password', code: 'PASSWORD_TOO_LONG' }],
    ['password without special character', { password: 'Sonnenblume2027', passwordConfirmation: 'Sonnenblume2027' }, { field: 'password', code: 'PASSWORD_WEAK' }],
    ['password without upper case', { password: 'sonnenblume#2027', passwordConfirmation: 'sonnenblume#2027' }, { field: 'password', code: 'PASSWORD_WEAK' }],
    ['password with the e-mail name', { password: 'Xaver.neu#2027', passwordConfirmation: 'Xaver.neu#2027' }, { field: 'password', code: 'PASSWORD_INSECURE' }],
    ['terms not accepted', { termsAccepted: false }, { field: 'termsAccepted', code: 'TERMS_NOT_ACCEPTED' }],
  ];
  it('answers as the registration page reads it: the code, and German messages from the catalogue for the error and each field', async () => {
    const res = await new PortalClient(suite.server.url).operation(REGISTER_MESSAGES, { input: input({ svnr: '', termsAccepted: false }) });
    expect(res.body.data!.register).toMatchObject({
      ok: null,
      error: {
        code: 'INVALID_INPUT',
        message: 'Bitte prüfen Sie Ihre Eingabe.',
        fieldErrors: [
          { field: 'svnr', code: 'REQUIRED', message: 'Bitte geben Sie Ihre Sozialversicherungsnummer ein.' },
          { field: 'termsAccepted', code: 'TERMS_NOT_ACCEPTED', message: 'Bitte stimmen Sie den Nutzungsbedingungen zu.' },
        ],
      },
    });
  });
  it.each(cases)('%s', async (_name, overrides, expected) => {
    await expectNothingChanged(async () => {
      const r = await register(new PortalClient(suite.server.url), input(overrides));
      expect(r.status).toBe('INVALID_INPUT');
      expect(r.fieldErrors).toContainEqual(expected);
    });
  });

  it('password containing the last name (known only to the suite.server): PASSWORD_INSECURE', async () => {
    await expectNothingChanged(async () => {
      const r = await register(new PortalClient(suite.server.url), input({ password: 'Herr-Neu-2027!', passwordConfirmation: 'Herr-Neu-2027!' }));
      expect(r).toEqual({ status: 'INVALID_INPUT', fieldErrors: [{ field: 'password', code: 'PASSWORD_INSECURE' }] });
    });
  });

  it('e-mail of another member: EMAIL_NOT_UNIQUE', async () => {
    await expectNothingChanged(async () => {
      const r = await register(new PortalClient(suite.server.url), input({ email: emailOf('anna'), emailConfirmation: emailOf('anna') }));
      expect(r).toEqual({ status: 'INVALID_INPUT', fieldErrors: [{ field: 'email', code: 'EMAIL_NOT_UNIQUE' }] });
    });
  });

  it('wrong code, and an unknown number, both answer ERROR_CODE_INVALID', async () => {
    await expectNothingChanged(async () => {
      expect((await register(new PortalClient(suite.server.url), input({ code: 'zzzzzzzzzzzz' }))).status).toBe('ERROR_CODE_INVALID');
      expect((await register(new PortalClient(suite.server.url), input({ svnr: UNKNOWN_SVNR }))).status).toBe('ERROR_CODE_INVALID');
    });
  });

  it('member who left the fund: ERROR_NO_VALID_CONTRACT', async () => {
    const lena = await personByLastName(suite.server.db, 'Ausgetreten');
    const { createHash } = await import('node:crypto');
    await sqlRun(
      suite.server.db,
      "INSERT INTO registration_codes (person_id, kind, code_hash, origin, created_at, expires_at) VALUES (?, 'REGISTRATION_CODE', ?, 'FUND', ?, ?)",
      lena.id,
      createHash('sha256').update('lenacode2345').digest('base64url'),
      '2026-11-01T00:00:00.000Z',
      '2027-01-01T00:00:00.000Z',
    );
    await expectNothingChanged(async () => {
      const r = await register(
        new PortalClient(suite.server.url),
        input({ svnr: lena.svnr, code: 'lenacode2345', email: 'lena.neu@example.at', emailConfirmation: 'lena.neu@example.at' }),
      );
      expect(r.status).toBe('ERROR_NO_VALID_CONTRACT');
    });
  });
});

describe('insurance number forms (spec 000 section 5)', () => {
  const check = async (values: RegisterInput) => statusOf((await new PortalClient(suite.server.url).operation(CHECK, { input: values })).body.data!.checkRegistration);

  it('accepts the fund’s internal R and A numbers (typed in lower case, with spaces) beside the SVNR; other forms are SVNR_FORMAT', async () => {
    const xaver = await personByLastName(suite.server.db, 'Neu');
    const setSvnr = async (svnr: string) => await sqlRun(suite.server.db, 'UPDATE persons SET svnr = ? WHERE id = ?', svnr, xaver.id);
    try {
      // A person on file with an internal R number registers with it, typed as the member likes.
      await setSvnr('R123456789');
      expect(await check(input({ svnr: 'r123 456789' }))).toEqual({ status: 'SUCCESSFUL', fieldErrors: [], email: input().email });
      // A numbers (11 or 12 characters) pass the input rule; no person holds one, so the code does not match.
      for (const typed of ['a1234567890', 'A1234 5678901']) {
        expect(await check(input({ svnr: typed })), typed).toEqual({ status: 'ERROR_CODE_INVALID', fieldErrors: [] });
      }
      for (const bad of ['R12345678', 'R1234567890', 'A123456789', 'A1234567890123', 'B123456789', 'RA23456789']) {
        expect((await check(input({ svnr: bad }))).fieldErrors, bad).toEqual([{ field: 'svnr', code: 'SVNR_FORMAT' }]);
      }
    } finally {
      await setSvnr(xaver.svnr);
    }
    expect(await check(input({ svnr: xaver.svnr }))).toEqual({ status: 'SUCCESSFUL', fieldErrors: [], email: input().email });
  });
});

describe('register → activation mail → activateAccount → login', () => {
  it('runs the whole first registration with a registration code', async () => {
    const xaver = await personByLastName(suite.server.db, 'Neu');
    const client = new PortalClient(suite.server.url);
    // Typed in upper case with spaces: codes are case-insensitive digits and lower-case letters.
    const code = xaverCode()
      .toUpperCase()
      .replace(/(.{4})/g, '$1 ');
    expect(await register(client, input({ code }))).toEqual({ status: 'SUCCESSFUL', fieldErrors: [], email: 'xaver.neu@example.at' });

    const c = suite.server.db;
    expect(await sqlValue(c, 'SELECT access_status FROM credentials WHERE person_id = ?', xaver.id)).toBe('PENDING_ACTIVATION');
    expect(await sqlValue(c, 'SELECT used_at FROM registration_codes WHERE person_id = ?', xaver.id)).not.toBeNull();
    const mail = await suite.smtp.waitForMail((m) => m.to.includes('xaver.neu@example.at'));
    expect(mail.subject).toContain('Registrierung');
    const link = linkFrom(mail, '/#/activation?id=');
    expect(link.startsWith(`${suite.server.url}/#/activation?id=`)).toBe(true);
    const token = hashParam(link, 'id');
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    await suite.server.deps.mailer.worker.drain();
    // Only the hash of the link is stored, and the sent_mails row holds no body or link.
    expect(JSON.stringify(await sqlAll(c, 'SELECT * FROM person_tokens'))).not.toContain(token);
    expect(await sqlAll(c, 'SELECT kind, recipient FROM sent_mails WHERE person_id = ?', xaver.id)).toEqual([{ kind: 'ACTIVATION', recipient: 'xaver.neu@example.at' }]);

    // Before activation the login is not possible.
    expect((await client.operation(LOGIN, { e: 'xaver.neu@example.at', p: GOOD_PASSWORD })).body.data!.login.error?.code).toBe('NOT_VALID');
    const tampered = token.slice(0, -1) + (token.endsWith('A') ? 'B' : 'A');
    expect(activationStatus((await client.operation(ACTIVATE, { registrationId: tampered })).body.data)).toBe('ERROR');
    expect(activationStatus((await client.operation(ACTIVATE, { registrationId: token })).body.data)).toBe('SUCCESSFUL');
    expect(activationStatus((await client.operation(ACTIVATE, { registrationId: token })).body.data)).toBe('ALREADY_ACTIVATED');
    const login = (await client.operation(LOGIN, { e: 'xaver.neu@example.at', p: GOOD_PASSWORD })).body.data!.login;
    expect(login.ok?.loggedIn).toBe(true);

    // The same code again: the person is registered now.
    suite.smtp.clear();
    await expectNothingChanged(async () => {
      expect((await register(new PortalClient(suite.server.url), input({ email: 'x2@example.at', emailConfirmation: 'x2@example.at' }))).status).toBe('ALREADY_REGISTERED');
    });
  });

  it('registers with the first password over REST; the used first password then answers ERROR_CODE_USED while not activated', async () => {
    const yvonne = await personByLastName(suite.server.db, 'Erstpasswort');
    const client = new PortalClient(suite.server.url);
    const form = {
      svnr: yvonne.svnr,
      code: demoRegistrationCode(DEFAULT_SEED, 'yvonne.erstpasswort'),
      email: 'yvonne@example.at',
      emailConfirmation: 'yvonne@example.at',
      password: GOOD_PASSWORD,
      passwordConfirmation: GOOD_PASSWORD,
      termsAccepted: 'true',
    };
    const r = await client.rest('register', form);
    expect(r.status).toBe(200);
    expect(r.json).toEqual({ status: 'SUCCESSFUL', fieldErrors: [] });
    const mail = await suite.smtp.waitForMail((m) => m.to.includes('yvonne@example.at'));
    const token = hashParam(linkFrom(mail), 'id');
    suite.smtp.clear();
    await expectNothingChanged(async () => {
      expect((await client.rest('register', { ...form, email: 'yvonne2@example.at', emailConfirmation: 'yvonne2@example.at' })).json).toMatchObject({ status: 'ERROR_CODE_USED' });
    });
    // The activation link expires after 48 hours.
    suite.server.clock.advance(49 * 3_600_000);
    try {
      expect((await client.rest('activateAccount', { registrationId: token })).json).toEqual({ status: 'ERROR_LINK_EXPIRED' });
    } finally {
      suite.server.clock.advance(-49 * 3_600_000);
    }
  });
});

describe('register: failures of the surroundings', () => {
  it('answers MAINTENANCE and stores nothing while maintenance is on', async () => {
    const maint = await startTestServer({ members: 0, env: { MAINTENANCE: '1', SMTP_URL: suite.smtp.url } });
    try {
      const before = await snapshot(maint.db);
      const svnr = (await personByLastName(maint.db, 'Bestellt')).svnr;
      const r = await new PortalClient(maint.url).operation(REGISTER, {
        input: { ...input(), svnr, code: demoRegistrationCode(DEFAULT_SEED, 'walter.bestellt') },
      });
      expect(statusOf(r.body.data!.register).status).toBe('MAINTENANCE');
      expect(await snapshot(maint.db)).toBe(before);
      expect(suite.smtp.mails).toHaveLength(0);
    } finally {
      await maint.close();
    }
  });

  it('registers while the SMTP server refuses; the activation mail is retried with backoff and arrives once (docs/scaling.md)', async () => {
    const flaky = await startTestSmtp();
    const broken = await startTestServer({ members: 0, env: { SMTP_URL: flaky.url } });
    try {
      flaky.refuseNext(2);
      const svnr = (await personByLastName(broken.db, 'Bestellt')).svnr;
      const r = await new PortalClient(broken.url).operation(REGISTER, {
        input: { ...input(), svnr, code: demoRegistrationCode(DEFAULT_SEED, 'walter.bestellt'), email: 'walter@example.at', emailConfirmation: 'walter@example.at' },
      });
      expect(statusOf(r.body.data!.register).status).toBe('SUCCESSFUL');
      const worker = broken.deps.mailer.worker;
      const queued = () => broken.db.select().from(mailOutbox).where(eq(mailOutbox.recipient, 'walter@example.at'));
      await worker.drain();
      expect(flaky.refused).toBe(1);
      const [first] = await queued();
      expect(first).toMatchObject({ kind: 'ACTIVATION', attempts: 1, leaseOwner: null, failedAt: null });
      expect(first!.lastError).toMatch(/451/);
      expect(Date.parse(first!.dueAt) - broken.clock.now()).toBe(mailRetryDelayMs(1));
      // Not due yet: nothing is attempted until the clock reaches the backoff.
      broken.clock.advance(mailRetryDelayMs(1) - 1000);
      await worker.drain();
      expect(flaky.refused).toBe(1);
      broken.clock.advance(1000);
      await worker.drain();
      expect(flaky.refused).toBe(2);
      expect((await queued())[0]).toMatchObject({ attempts: 2 });
      broken.clock.advance(mailRetryDelayMs(2));
      await worker.drain();
      const mail = await flaky.waitForMail((m) => m.to.includes('walter@example.at'));
      expect(linkFrom(mail)).toContain('/#/activation?id=');
      expect(flaky.mails.filter((m) => m.to.includes('walter@example.at'))).toHaveLength(1);
      expect(await queued()).toHaveLength(0);
      expect(await broken.db.select().from(sentMails).where(eq(sentMails.recipient, 'walter@example.at'))).toHaveLength(1);
    } finally {
      await broken.close();
      await flaky.close();
    }
  });

  it('gives a mail up after MAIL_MAX_ATTEMPTS refusals and keeps no body', async () => {
    const flaky = await startTestSmtp();
    const broken = await startTestServer({ members: 0, env: { SMTP_URL: flaky.url } });
    try {
      flaky.refuseNext(MAIL_MAX_ATTEMPTS + 1);
      const svnr = (await personByLastName(broken.db, 'Bestellt')).svnr;
      const r = await new PortalClient(broken.url).operation(REGISTER, {
        input: { ...input(), svnr, code: demoRegistrationCode(DEFAULT_SEED, 'walter.bestellt'), email: 'walter@example.at', emailConfirmation: 'walter@example.at' },
      });
      expect(statusOf(r.body.data!.register).status).toBe('SUCCESSFUL');
      for (let attempt = 1; attempt <= MAIL_MAX_ATTEMPTS; attempt++) {
        await broken.deps.mailer.worker.drain();
        broken.clock.advance(mailRetryDelayMs(attempt));
      }
      await broken.deps.mailer.worker.drain();
      expect(flaky.refused).toBe(MAIL_MAX_ATTEMPTS);
      const [row] = await broken.db.select().from(mailOutbox).where(eq(mailOutbox.recipient, 'walter@example.at'));
      expect(row).toMatchObject({ attempts: MAIL_MAX_ATTEMPTS, text: '', html: '' });
      expect(row!.failedAt).not.toBeNull();
      expect(broken.logLines.some((l) => l.includes('mail given up'))).toBe(true);
    } finally {
      await broken.close();
      await flaky.close();
    }
  });
});

describe('login of a member whose password was judged insecure', () => {
  it('answers PASSWORD_INSECURE with a pending session (REST and GraphQL)', async () => {
    const client = new PortalClient(suite.server.url);
    expect((await client.rest('login', { user: emailOf('zoe'), password: DEMO_PASSWORD })).json).toEqual({ status: 'PASSWORD_INSECURE' });
    expect((await client.operation(PENDING_LOGIN)).body.data!.pendingLogin.status).toBe('PASSWORD_INSECURE');
    // A pending session reaches no member data.
    expect((await client.rest('getPersonalData')).status).toBe(406);
  });
});
