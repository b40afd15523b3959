import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PDFParse } from 'pdf-parse';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { DEFAULT_SEED, demoRegistrationCode } from '../../db/seed';
import { loadConfig } from '../../server/config';
import { publicOriginFor } from '../../server/platform/request-context';
import type { TypedDocumentNode } from '@graphql-typed-document-node/core';
import { print } from 'graphql';
import { DEMO_PASSWORD } from '../helpers/client';
import { emailOf } from '../helpers/scenarios';
import { startTestSmtp, type ReceivedMail, type TestSmtp } from '../helpers/smtp';
import { startTestServer, type TestServer } from '../helpers/test-server';
import { GOOD_PASSWORD, personByLastName } from './registration-helpers';
import { REGISTER } from './registration-operations';
import { sqlValue } from '../helpers/raw-sql';
import { rawPost, type RawAnswer } from '../helpers/raw-post';

/**
 * Decision 0011: links in mails and letters never come from the request. The server here runs WITHOUT
 * PUBLIC_ORIGIN (development default: the address it listens on); every request forges `Host` and
 * `X-Forwarded-Host`, and every link that reaches the real SMTP server must start with the listening address.
 */

const EVIL = 'evil.example';
let smtp: TestSmtp;
let server: TestServer;
let dir: string;

beforeAll(async () => {
  smtp = await startTestSmtp();
  dir = mkdtempSync(join(tmpdir(), 'origin-'));
  server = await startTestServer({ members: 3, env: { SMTP_URL: smtp.url, LETTERS_DIR: join(dir, 'letters') } });
});
afterAll(async () => {
  await server.close();
  await smtp.close();
  rmSync(dir, { recursive: true, force: true });
});
beforeEach(() => smtp.clear());

/** A POST with forged Host and X-Forwarded-Host (fetch does not let a caller set Host). */
function forged(path: string, body: string, contentType: string, cookie?: string): Promise<RawAnswer> {
  return rawPost(server.url, path, body, {
    Host: EVIL,
    'X-Forwarded-Host': EVIL,
    'X-Forwarded-Proto': 'https',
    Origin: `http://${EVIL}`,
    'X-Application-Version': 'Portal',
    'Content-Type': contentType,
    ...(cookie ? { Cookie: cookie } : {}),
  });
}

const restForm = (name: string, form: Record<string, string>, cookie?: string) =>
  forged(`/rest/${name}`, new URLSearchParams(form).toString(), 'application/x-www-form-urlencoded', cookie);
/** A typed operation (tests/gql) as a POST /graphql with the forged Host headers (PortalClient's fetch cannot forge Host). */
const forgedOperation = <V extends Record<string, unknown>>(document: TypedDocumentNode<unknown, V>, variables: NoInfer<V>) =>
  forged('/graphql', JSON.stringify({ query: print(document), variables }), 'application/json');

function linksOf(mail: ReceivedMail): string[] {
  return [...(mail.text.match(/https?:\/\/\S+/g) ?? []), ...(mail.html.match(/https?:\/\/[^\s"'<>]+/g) ?? [])];
}

/** Every link of the mail starts with the server's own address, and nothing in it names the forged host. */
function expectOwnLinks(mail: ReceivedMail, route: string) {
  const links = linksOf(mail);
  expect(
    links.some((l) => l.startsWith(`${server.url}/#${route}`)),
    `${mail.subject}: ${links.join(' ')}`,
  ).toBe(true);
  for (const link of links.filter((l) => l.includes('/#/'))) expect(link.startsWith(`${server.url}/`)).toBe(true);
  expect(mail.text + mail.html).not.toContain(EVIL);
}

describe('links in mails are built from the configured origin, never from Host or X-Forwarded-Host', () => {
  it('pwdLost (REST) mails the reset link on the listening address', async () => {
    const anna = await personByLastName(server.db, 'Muster');
    const res = await restForm('pwdLost', { svnr: anna.svnr, email: anna.email!, lastName: 'Muster', termsAccepted: 'true' });
    expect(JSON.parse(res.body)).toMatchObject({ status: 'SUCCESSFUL' });
    expectOwnLinks(await smtp.waitForMail((m) => m.to.includes(anna.email!)), '/pwdReset?token=');
  });

  it('register (GraphQL) mails the activation link on the listening address', async () => {
    const xaver = await personByLastName(server.db, 'Neu');
    const res = await forgedOperation(REGISTER, {
      input: {
        svnr: xaver.svnr,
        code: demoRegistrationCode(DEFAULT_SEED, 'xaver.neu'),
        email: 'xaver.origin@example.at',
        emailConfirmation: 'xaver.origin@example.at',
        password: GOOD_PASSWORD,
        passwordConfirmation: GOOD_PASSWORD,
        termsAccepted: true,
      },
    });
    expect(JSON.parse(res.body)).toEqual({ data: { register: { ok: { email: 'xaver.origin@example.at' }, error: null } } });
    expectOwnLinks(await smtp.waitForMail((m) => m.to.includes('xaver.origin@example.at')), '/activation?id=');
  });

  it('the e-mail change (REST, with a session) mails the confirmation link on the listening address', async () => {
    const login = await restForm('login', { user: emailOf('clara'), password: DEMO_PASSWORD });
    expect(JSON.parse(login.body)).toEqual({ status: 'SUCCESSFUL_PK' });
    const cookie = login.cookies[0]!.split(';')[0]!;
    const res = await restForm('changeEmail', { newEmail: 'clara.neu@example.at', newEmailConfirmation: 'clara.neu@example.at', currentPassword: DEMO_PASSWORD }, cookie);
    expect(JSON.parse(res.body)).toMatchObject({ ok: true });
    expectOwnLinks(await smtp.waitForMail((m) => m.to.includes('clara.neu@example.at')), '/emailChange?token=');
  });

  it('a registration code ordered by post: the letter names no forged host', async () => {
    const yvonne = await personByLastName(server.db, 'Erstpasswort');
    const res = await restForm('orderRegistrationCode', { svnr: yvonne.svnr, lastName: 'Erstpasswort', kind: 'REGISTRATION_CODE' });
    expect(JSON.parse(res.body)).toMatchObject({ status: 'SUCCESSFUL' });
    await server.deps.mailer.worker.drain();
    const file = (await sqlValue(server.db, "SELECT letter_file FROM registration_codes WHERE person_id = ? AND origin = 'ORDERED' ORDER BY id DESC", yvonne.id)) as string;
    const text = (await new PDFParse({ data: readFileSync(join(dir, 'letters', file)) }).getText()).text;
    expect(text).toContain('Registrierungscode');
    expect(text).not.toContain(EVIL);
  });
});

describe('PUBLIC_ORIGIN configuration', () => {
  it('production refuses to start without PUBLIC_ORIGIN, with a message naming it', () => {
    expect(() => loadConfig({ NODE_ENV: 'production' })).toThrow(/PUBLIC_ORIGIN: required in production/);
    expect(loadConfig({ NODE_ENV: 'production', PUBLIC_ORIGIN: 'https://portal.example.at/' }).PUBLIC_ORIGIN).toBe('https://portal.example.at');
    expect(() => loadConfig({ PUBLIC_ORIGIN: 'ftp://portal.example.at' })).toThrow(/PUBLIC_ORIGIN/);
  });

  it('outside production the origin is the listening address, taken from the connection, not from any header', () => {
    expect(publicOriginFor(loadConfig({ HOST: '127.0.0.1', PORT: '0' }), { localAddress: '127.0.0.1', localPort: 40123 })).toBe('http://127.0.0.1:40123');
    expect(publicOriginFor(loadConfig({ HOST: '0.0.0.0' }), { localAddress: '::ffff:10.0.0.7', localPort: 3000 })).toBe('http://10.0.0.7:3000');
    expect(publicOriginFor(loadConfig({ HOST: '::' }), { localAddress: '::1', localPort: 3000 })).toBe('http://[::1]:3000');
    expect(publicOriginFor(loadConfig({ PUBLIC_ORIGIN: 'https://portal.example.at' }), { localAddress: '127.0.0.1', localPort: 1 })).toBe('https://portal.example.at');
  });
});
