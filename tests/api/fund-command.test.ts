import { mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { persons, sentMails } from '../../db/schema';
import { FundCommandError, postFundMessage } from '../../server/cli/fund';
import { graphql } from '../gql';
import { exeBytes, pdfBytes } from '../helpers/files';
import { emailOf, loginAs, type Scenario } from '../helpers/scenarios';
import { startTestServer, type TestServer } from '../helpers/test-server';
import { spawnFund, spawnFundMessage } from '../helpers/spawn-fund';
import { MessageDetail_MarkReadMutation as MARK } from '../../web/src/features/messages/api/inbox';

const LIST = graphql(`
  query FundCommandInbox {
    me {
      unreadMessageCount
      messages(folder: RECEIVED) {
        nodes {
          id
          counterpart
          subject
          unread
          origin
          attachments {
            fileName
            contentType
            downloadUrl
          }
        }
      }
    }
  }
`);

let server: TestServer;
let outbox: string;
beforeAll(async () => {
  outbox = mkdtempSync(join(tmpdir(), 'fund-outbox-'));
  server = await startTestServer({ members: 2, env: { MAIL_OUTBOX_DIR: outbox } });
});
afterAll(async () => {
  await server.close();
});

async function noticesTo(scenario: Scenario) {
  const person = (
    await server.db
      .select({ id: persons.id })
      .from(persons)
      .where(eq(persons.email, emailOf(scenario)))
  )[0]!;
  return server.db
    .select()
    .from(sentMails)
    .where(and(eq(sentMails.personId, person.id), eq(sentMails.kind, 'INBOX_NOTICE')));
}

describe('the fund side of the inbox', () => {
  it('posts a reply with a PDF that arrives unread, becomes read when opened, and sends anna (digital delivery) a notice without content', async () => {
    const pdf = pdfBytes(900);
    const posted = await postFundMessage(server.deps, {
      to: emailOf('anna'),
      from: 'SEVERANCE_FUND',
      subject: 'Antwort: Ihre Anfrage zur Abfertigung',
      body: 'Sehr geehrte Frau Mag.a Muster,\n\nanbei die gewünschte Bestätigung.',
      attachments: [{ fileName: 'Bestaetigung.pdf', bytes: pdf }],
    });
    expect(posted.noticeSent).toBe(true);
    const anna = await loginAs(server, 'anna');
    const before = (await anna.operation(LIST)).body.data!.me!;
    const reply = before.messages.nodes.find((m) => m.id === String(posted.messageId))!;
    expect(reply).toMatchObject({ counterpart: 'SEVERANCE_FUND', unread: true, origin: 'CLERK', attachments: [{ fileName: 'Bestaetigung.pdf', contentType: 'application/pdf' }] });
    const download = await anna.fetch(`${reply.attachments[0]!.downloadUrl}&lng=de`);
    expect(Buffer.from(await download.arrayBuffer()).equals(pdf)).toBe(true);
    const marked = await anna.operation(MARK, { input: { id: reply.id } });
    expect(marked.body.data!.markMessageRead.ok).toMatchObject({ unreadMessageCount: before.unreadMessageCount - 1, message: { unread: false } });

    // The notice leaves through the mail outbox's worker (server/platform/mail), right after the commit but not in it.
    await expect.poll(async () => (await noticesTo('anna')).length, { timeout: 10_000 }).toBe(1);
    const notices = await noticesTo('anna');
    expect(notices).toHaveLength(1);
    const eml = readdirSync(outbox)
      .map((f) => readFileSync(join(outbox, f), 'utf8'))
      .join('\n');
    expect(eml).toContain('Neue Nachricht in Ihrem Postfach');
    expect(eml).not.toContain('Bestätigung');
    expect(eml).not.toContain('Antwort: Ihre Anfrage');
  });

  it('sends no notice to a member without digital delivery, and refuses an unknown member or a program as attachment', async () => {
    const posted = await postFundMessage(server.deps, { to: emailOf('bernd'), from: 'SEVERANCE_FUND', subject: 'Hinweis', body: 'Text', attachments: [] });
    expect(posted.noticeSent).toBe(false);
    expect(await noticesTo('bernd')).toHaveLength(0);
    await expect(postFundMessage(server.deps, { to: 'niemand@example.at', from: 'PENSION_FUND', subject: 'x', body: 'y', attachments: [] })).rejects.toBeInstanceOf(
      FundCommandError,
    );
    await expect(
      postFundMessage(server.deps, { to: emailOf('anna'), from: 'PENSION_FUND', subject: 'x', body: 'y', attachments: [{ fileName: 'a.pdf', bytes: exeBytes() }] }),
    ).rejects.toThrow(/not a tiff, pdf or jpg/);
  });

  it('npm run fund -- message works as a command on the database file', () => {
    if (server.db.dialect !== 'sqlite') return;
    const dir = mkdtempSync(join(tmpdir(), 'fund-cli-'));
    const file = join(dir, 'Brief.pdf');
    writeFileSync(file, pdfBytes(300));
    const run = spawnFundMessage(
      { to: emailOf('clara'), from: 'PENSION_FUND', subject: 'Per Befehl', body: 'Text', attach: [file], database: server.dbPath },
      { MAIL_OUTBOX_DIR: dir },
    );
    expect(run.stderr).toBe('');
    expect(run.stdout).toMatch(/^message \d+ posted/);
    expect(run.status).toBe(0);
    const usage = spawnFund(['message', '--to', 'x@example.at']);
    expect(usage.status).toBe(2);
  });
});
