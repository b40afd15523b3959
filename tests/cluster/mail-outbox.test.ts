/**
 * The mail outbox across processes and crashes (docs/scaling.md), through `server/main.ts` as `npm start` runs
 * it, on the engine of the vitest project (SQLite file or PostgreSQL database), with the real SMTP helper:
 *
 * - a process killed (SIGKILL) right after the commit that queued a mail loses nothing: the next process sends it,
 *   once;
 * - two processes polling one outbox send every mail exactly once (the lease; on PostgreSQL `FOR UPDATE SKIP LOCKED`).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { and, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type Db } from '../../db/client';
import { mailOutbox, persons, sentMails } from '../../db/schema';
import { createOutboxStore } from '../../server/platform/mail/outbox.store';
import { PortalClient } from '../helpers/client';
import { databaseEnv, startPortal, stopPortal, type Portal } from '../helpers/portal-process';
import { emailOf } from '../helpers/scenarios';
import { linkFrom, startTestSmtp, type TestSmtp } from '../helpers/smtp';
import { createTestDatabase, dropTestDatabase, TEST_ENGINE } from '../helpers/test-db';

let dir: string;
let location: string;
let smtp: TestSmtp;
let db: Db;
let env: Record<string, string>;
const started: Portal[] = [];

async function portal(extra: Record<string, string> = {}): Promise<Portal> {
  const p = await startPortal({ ...env, ...extra });
  started.push(p);
  return p;
}

/** Asks for a password-reset link of the persona with this e-mail (queues one mail); answers the REST status. */
async function passwordLost(url: string, email: string): Promise<unknown> {
  const [person] = await db.select({ svnr: persons.svnr, lastName: persons.lastName }).from(persons).where(eq(persons.email, email));
  const res = await new PortalClient(url).rest('pwdLost', { svnr: person!.svnr, email, lastName: person!.lastName, termsAccepted: 'true' });
  return (res.json as { status: string }).status;
}

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'portal-outbox-'));
  location = await createTestDatabase(dir);
  smtp = await startTestSmtp();
  env = { ...databaseEnv(location), SMTP_URL: smtp.url };
  // The first start migrates and seeds; it only queues, so no mail leaves before the tests look.
  await stopPortal(await portal({ MAIL_POLL_MS: '0' }));
  db = await openDatabase(location);
}, 120_000);

afterAll(async () => {
  for (const p of started) await stopPortal(p, 'SIGKILL');
  await db?.close();
  await smtp?.close();
  await dropTestDatabase(TEST_ENGINE === 'postgresql' ? location : undefined);
  rmSync(dir, { recursive: true, force: true });
});

describe(`the mail outbox on ${TEST_ENGINE} (docs/scaling.md)`, () => {
  it('loses no mail when the process is killed after the commit, and the restarted portal sends it once', async () => {
    const email = emailOf('anna');
    // MAIL_POLL_MS=0: this process queues but never sends, so the kill surely falls between commit and send.
    const queuing = await portal({ MAIL_POLL_MS: '0' });
    expect(await passwordLost(queuing.url, email)).toBe('SUCCESSFUL');
    await stopPortal(queuing, 'SIGKILL');
    expect(smtp.mails).toHaveLength(0);
    expect(await db.select({ kind: mailOutbox.kind }).from(mailOutbox).where(eq(mailOutbox.recipient, email))).toEqual([{ kind: 'PASSWORD_RESET' }]);

    const restarted = await portal();
    const mail = await smtp.waitForMail((m) => m.to.includes(email), 20_000);
    expect(linkFrom(mail, '/#/pwdReset?token=')).toBeTruthy();
    // A graceful stop waits for the worker's round in progress; after it nothing can send any more.
    await stopPortal(restarted);
    expect(smtp.mails.filter((m) => m.to.includes(email))).toHaveLength(1);
    expect(await db.select().from(mailOutbox).where(eq(mailOutbox.recipient, email))).toHaveLength(0);
    expect(
      await db
        .select()
        .from(sentMails)
        .where(and(eq(sentMails.recipient, email), eq(sentMails.kind, 'PASSWORD_RESET'))),
    ).toHaveLength(1);
  }, 90_000);

  it('sends every mail once while two processes poll the same outbox', async () => {
    // Both poll every 20 ms, so they compete for every row.
    const [a, b] = [await portal({ MAIL_POLL_MS: '20' }), await portal({ MAIL_POLL_MS: '20' })];
    // One mail queued through process a (a wakes at once, b polls), and a burst written straight into the outbox.
    expect(await passwordLost(a.url, emailOf('bernd'))).toBe('SUCCESSFUL');
    const store = createOutboxStore(db);
    const burst = Array.from({ length: 40 }, (_, i) => `burst.${i}@example.at`);
    for (const to of burst) {
      await store.enqueue({
        personId: null,
        kind: 'TEST',
        recipient: to,
        subject: 'Test',
        text: to,
        html: `<p>${to}</p>`,
        messageId: `<${to}>`,
        createdAt: new Date().toISOString(),
      });
    }
    const recipients = [emailOf('bernd'), ...burst];
    await Promise.all(recipients.map((to) => smtp.waitForMail((m) => m.to.includes(to), 30_000)));
    await Promise.all([stopPortal(a), stopPortal(b)]);
    for (const to of recipients)
      expect(
        smtp.mails.filter((m) => m.to.includes(to)),
        to,
      ).toHaveLength(1);
    expect(await db.select().from(mailOutbox).where(inArray(mailOutbox.recipient, recipients))).toHaveLength(0);
    expect(await db.select().from(sentMails).where(inArray(sentMails.recipient, recipients))).toHaveLength(recipients.length);
  }, 90_000);
});
