import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sentMails } from '../../db/schema';
import { createMailer } from '../../server/domain/mail/mailer';
import { portalLink, renderMail } from '../../server/domain/mail/templates';
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
    const personId = db.$client.prepare('SELECT id FROM persons ORDER BY id LIMIT 1').pluck().get() as number;
    const { messageId } = await mailer.send({ personId, kind: 'ACTIVATION', to: 'Anna@Example.at', ...content() });
    const mail = await smtp.waitForMail((m) => m.to.includes('anna@example.at'));
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
    expect(readdirSync(outbox)).toHaveLength(0);
  });

  it('writes an .eml file to the outbox and logs its path when SMTP_URL is unset', async () => {
    const { deps, db, clock } = server;
    const mailer = createMailer({ db, config: { SMTP_URL: undefined, MAIL_OUTBOX_DIR: outbox }, tenant: TENANTS.main, clock, logger: deps.logger });
    const before = smtp.mails.length;
    await mailer.send({ personId: null, kind: 'PASSWORD_RESET', to: 'bert@example.at', ...content() });
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

  it('rejects and records nothing when the SMTP server is unreachable', async () => {
    const { deps, db, clock } = server;
    const mailer = createMailer({ db, config: { SMTP_URL: 'smtp://127.0.0.1:1', MAIL_OUTBOX_DIR: outbox }, tenant: TENANTS.main, clock, logger: deps.logger });
    const count = () => db.$client.prepare('SELECT count(*) FROM sent_mails').pluck().get();
    const before = count();
    await expect(mailer.send({ personId: null, kind: 'ACTIVATION', to: 'x@example.at', ...content() })).rejects.toThrow();
    expect(count()).toBe(before);
  });
});
