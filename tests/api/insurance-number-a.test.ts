import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { writeTransaction } from '../../db/client';
import { persons } from '../../db/schema';
import { DEFAULT_SEED, demoRegistrationCode } from '../../db/seed';
import { graphql } from '../gql';
import { logIn, PortalClient } from '../helpers/client';
import { hashParam, linkFrom, startTestSmtp, type TestSmtp } from '../helpers/smtp';
import { startTestServer, type TestServer } from '../helpers/test-server';
import { GOOD_PASSWORD } from './registration-helpers';
import { ACTIVATE, REGISTER } from './registration-operations';

/**
 * The fund's internal `A` numbers (A + 10 or 11 digits; spec 000 section 5 "Insurance number") are stored and used
 * end to end (migration 0016, docs/decisions/0021-spec-rules-issue-19.md). Rows are read and
 * written with the query builder, so the suite runs on SQLite and PostgreSQL.
 */
const ME = graphql(`
  query InsuranceNumberAMe {
    me {
      svnr
    }
  }
`);

let smtp: TestSmtp;
let server: TestServer;
let dir: string;

beforeAll(async () => {
  smtp = await startTestSmtp();
  dir = mkdtempSync(join(tmpdir(), 'a-number-'));
  server = await startTestServer({ members: 2, env: (url) => ({ SMTP_URL: smtp.url, PUBLIC_ORIGIN: url, LETTERS_DIR: join(dir, 'letters') }) });
});
afterAll(async () => {
  await server.close();
  await smtp.close();
  rmSync(dir, { recursive: true, force: true });
});

/** Id of the registration persona xaver.neu (on file, not registered, no e-mail). */
async function xaverId(): Promise<number> {
  const [row] = await server.db.select({ id: persons.id }).from(persons).where(eq(persons.lastName, 'Neu')).limit(1);
  if (!row) throw new Error('no person Neu');
  return row.id;
}

function setSvnr(id: number, svnr: string): Promise<unknown> {
  return writeTransaction(server.db, async () => server.db.update(persons).set({ svnr }).where(eq(persons.id, id)));
}

async function storedSvnr(id: number): Promise<string | undefined> {
  return (await server.db.select({ svnr: persons.svnr }).from(persons).where(eq(persons.id, id)))[0]?.svnr;
}

describe('insurance numbers of the form A + 10 or 11 digits', () => {
  it('are stored, and a person on file with one registers with it (typed in lower case, with a space), activates, logs in and sees it', async () => {
    const id = await xaverId();
    await setSvnr(id, 'A12345678901');
    expect(await storedSvnr(id)).toBe('A12345678901');

    const client = new PortalClient(server.url);
    const registered = await client.operation(REGISTER, {
      input: {
        svnr: 'a1234 5678901',
        code: demoRegistrationCode(DEFAULT_SEED, 'xaver.neu'),
        email: 'xaver.a@example.at',
        emailConfirmation: 'xaver.a@example.at',
        password: GOOD_PASSWORD,
        passwordConfirmation: GOOD_PASSWORD,
        termsAccepted: true,
      },
    });
    expect(registered.body.errors).toBeUndefined();
    expect(registered.body.data!.register).toMatchObject({ ok: expect.anything(), error: null });

    const mail = await smtp.waitForMail((m) => m.to.includes('xaver.a@example.at'));
    const token = hashParam(linkFrom(mail, '/#/activation?id='), 'id');
    expect((await client.operation(ACTIVATE, { registrationId: token })).body.data?.activateAccount.ok?.status).toBe('SUCCESSFUL');
    expect((await logIn(client, 'xaver.a@example.at', GOOD_PASSWORD)).ok?.loggedIn).toBe(true);
    const me = await client.operation(ME);
    expect(me.body.errors).toBeUndefined();
    expect(me.body.data!.me!.svnr).toBe('A12345678901');
  });

  it('the database takes A + 10 digits too, and refuses longer A numbers, other letters and short numbers', async () => {
    const [other] = await server.db.select({ id: persons.id, svnr: persons.svnr }).from(persons).where(eq(persons.lastName, 'Erstpasswort')).limit(1);
    const id = other!.id;
    try {
      await setSvnr(id, 'A1234567890');
      expect(await storedSvnr(id)).toBe('A1234567890');
      for (const bad of ['A123456789012', 'B12345678901', '123456789', '12345678901']) {
        await expect(setSvnr(id, bad), bad).rejects.toThrow();
        expect(await storedSvnr(id), bad).toBe('A1234567890');
      }
    } finally {
      await setSvnr(id, other!.svnr);
    }
  });
});
