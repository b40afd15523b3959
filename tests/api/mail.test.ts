import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { writeTransaction } from '../../db/client';
import { mailOutbox, persons, sentMails } from '../../db/schema';
import { createMailer } from '../../server/platform/mail/mailer';
import { portalLink, renderMail } from '../../server/platform/mail/templates';
import { TENANTS } from '../../server/tenants';
import { hashParam, linkFrom, startTestSmtp, type TestSmtp } from '../helpers/smtp';
import { startTestServer, type TestServer } from '../helpers/test-server';

describe('mailer', () => {
  let server: TestServer;
  let smtp: TestSmtp;
  let outbox: string;
  beforeAll(async () => {
    smtp = await startTestSmtp();
    server = await startTestServer({ members: 0 });
    outbox = mkdtempSync(join(tmpdir(), 'outbox-'));
  });
  afterAll(async () => {
    await server.close();
    await smtp.close();
    rmSync(outbox, { recursive: true, force: true });
  });

  const content = () =>
    renderMail(TENANTS.main, {
      subject: 'Prüfung <Äß>',
      salutation: 'Sehr geehrte Frau Muster,',
      paragraphs: ['Bitte bestätigen Sie & fahren Sie fort.'],
      link: { label: 'Zugang aktivieren', url: portalLink('https://portal.example.at/', '/activation', { id: 'abc_DEF-123' }) },
    });

  it('sends over SMTP with the tenant sender, text and escaped HTML, and records sent_mails without the body', async () => {
    const { deps, db, clock } = server;
    const mailer = createMailer({ db, config: { SMTP_URL: smtp.url, MAIL_OUTBOX_DIR: outbox }, tenant: TENANTS.regional, clock, logger: deps.logger });
    const [{ personId }] = (await db.select({ personId: persons.id }).from(persons).orderBy(persons.id).limit(1)) as [{ personId: number }];
    const { messageId } = await mailer.send({ personId, kind: 'ACTIVATION', to: 'Anna@Example.at', ...content() });
    await mailer.worker.drain();
    const mail = await smtp.waitForMail((m) => m.to.includes('anna@example.at'));
    expect(mail.parsed.messageId).toBe(messageId);
    expect(mail.subject).toBe('Prüfung <Äß>');
    expect(mail.parsed.from?.value[0]).toMatchObject({ address: 'portal@noevk.at', name: TENANTS.regional.mailSenderName });
    expect(mail.text).toContain('Bitte bestätigen Sie & fahren Sie fort.');
    expect(mail.html).toContain('Bitte bestätigen Sie &amp; fahren Sie fort.');
    expect(mail.html).not.toContain('<Äß>');
    const link = linkFrom(mail);
    expect(link).toBe('https://portal.example.at/#/activation?id=abc_DEF-123');
    expect(hashParam(link, 'id')).toBe('abc_DEF-123');
    const rows = await db.select().from(sentMails).where(eq(sentMails.messageId, messageId));
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ personId, kind: 'ACTIVATION', recipient: 'Anna@Example.at' });
    expect(JSON.stringify(rows[0])).not.toContain('abc_DEF-123');
    expect(await db.select().from(mailOutbox).where(eq(mailOutbox.messageId, messageId))).toHaveLength(0);
    expect(readdirSync(outbox)).toHaveLength(0);
  });

  it('writes an .eml file to the outbox and logs its path when SMTP_URL is unset', async () => {
    const { deps, db, clock } = server;
    const mailer = createMailer({ db, config: { SMTP_URL: undefined, MAIL_OUTBOX_DIR: outbox }, tenant: TENANTS.main, clock, logger: deps.logger });
    const before = smtp.mails.length;
    await mailer.send({ personId: null, kind: 'PASSWORD_RESET', to: 'bert@example.at', ...content() });
    await mailer.worker.drain();
    const files = readdirSync(outbox);
    expect(files).toHaveLength(1);
    expect(files[0]).toMatch(/^mail-.*\.eml$/);
    const eml = readFileSync(join(outbox, files[0]!), 'utf8');
    expect(eml).toMatch(/^From: .*portal@vbv\.at/m);
    expect(eml).toMatch(/^To: bert@example\.at/m);
    expect(eml).toContain('text/html');
    expect(server.logLines.some((l) => l.includes('mail written to outbox') && l.includes(files[0]!))).toBe(true);
    expect(smtp.mails.length).toBe(before);
    expect(existsSync(join(outbox, files[0]!))).toBe(true);
  });

  it('keeps the mail in the outbox and records no sent mail while the SMTP server is unreachable', async () => {
    const { deps, db, clock } = server;
    const mailer = createMailer({ db, config: { SMTP_URL: 'smtp://127.0.0.1:1', MAIL_OUTBOX_DIR: outbox }, tenant: TENANTS.main, clock, logger: deps.logger });
    const { messageId } = await mailer.send({ personId: null, kind: 'ACTIVATION', to: 'x@example.at', ...content() });
    await mailer.worker.drain();
    const [row] = await db.select().from(mailOutbox).where(eq(mailOutbox.messageId, messageId));
    expect(row).toMatchObject({ attempts: 1, leaseOwner: null, failedAt: null });
    expect(row!.lastError).toMatch(/ECONNREFUSED/);
    expect(await db.select().from(sentMails).where(eq(sentMails.messageId, messageId))).toHaveLength(0);
    await writeTransaction(db, () => db.delete(mailOutbox).where(eq(mailOutbox.messageId, messageId)));
  });

  it("queues a mail in the caller's transaction: a rollback queues nothing, a commit wakes the worker", async () => {
    const { deps, db, clock } = server;
    const mailer = createMailer({ db, config: { SMTP_URL: smtp.url, MAIL_OUTBOX_DIR: outbox }, tenant: TENANTS.main, clock, logger: deps.logger });
    let rolledBack = '';
    await expect(
      writeTransaction(db, async () => {
        rolledBack = (await mailer.send({ personId: null, kind: 'ACTIVATION', to: 'rollback@example.at', ...content() })).messageId;
        throw new Error('change refused');
      }),
    ).rejects.toThrow('change refused');
    expect(await db.select().from(mailOutbox).where(eq(mailOutbox.messageId, rolledBack))).toHaveLength(0);
    await writeTransaction(db, () => mailer.send({ personId: null, kind: 'ACTIVATION', to: 'commit@example.at', ...content() }));
    // No drain: the commit itself wakes the worker.
    await smtp.waitForMail((m) => m.to.includes('commit@example.at'));
    await mailer.worker.stop();
    expect(smtp.mails.filter((m) => m.to.includes('rollback@example.at'))).toHaveLength(0);
  });
});
