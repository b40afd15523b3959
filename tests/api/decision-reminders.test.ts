import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { writeTransaction } from '../../db/client';
import { decisionReminders, persons, severanceClaims, vkAccounts } from '../../db/schema';
import { dueReminder } from '../../server/modules/claims/claims.rules';
import { createDecisionReminderJob } from '../../server/modules/claims/decision-reminders';
import { createMailer } from '../../server/platform/mail/mailer';
import { emailOf } from '../helpers/scenarios';
import { startTestSmtp, type TestSmtp } from '../helpers/smtp';
import { startTestServer, TEST_TODAY, type TestServer } from '../helpers/test-server';

/**
 * Decision-deadline reminders (decision 0015): e-mails 30 and 7 days before the end of the window to decide, sent by
 * a job that runs once across restarts and processes (a claim row per account, kind and deadline). Real database,
 * real SMTP server, the clock moved by hand. Bernd's dormant account gets a right to decide since 23.06.2026, so its
 * 6-month window ends on 22.12.2026: 30 days after TEST_TODAY (22.11.2026).
 */
const DAY = 86_400_000;
let server: TestServer;
let smtp: TestSmtp;
let accountId: number;

beforeAll(async () => {
  smtp = await startTestSmtp();
  server = await startTestServer({ members: 6, env: { SMTP_URL: smtp.url } });
  const bernd = (
    await server.db
      .select({ id: persons.id })
      .from(persons)
      .where(eq(persons.email, emailOf('bernd')))
  )[0]!.id;
  const account = (await server.db.select({ id: vkAccounts.id, since: vkAccounts.rightToDecideSince }).from(vkAccounts).where(eq(vkAccounts.personId, bernd))).find(
    (a) => a.since !== null,
  )!;
  accountId = account.id;
  await writeTransaction(server.db, async () => {
    await server.db.update(vkAccounts).set({ rightToDecideSince: '2026-06-23' }).where(eq(vkAccounts.id, accountId));
  });
});
afterAll(async () => {
  await server.close();
  await smtp.close();
});

/** A job as one server process builds it (its own mailer), on the shared database and the test's clock. */
function processJob() {
  const { config, clock, tenant, logger } = server.deps;
  const mailer = createMailer({ db: server.db, config, tenant, clock, logger });
  return createDecisionReminderJob({ db: server.db, mailer, clock, tenant, logger, publicOrigin: 'https://portal.example.at' });
}

describe('dueReminder', () => {
  it('chooses the 30-day reminder from 30 to 8 days before, the 7-day one from 7 days to the deadline, nothing else', () => {
    expect(dueReminder('2026-12-22', '2026-11-21', false)).toBeNull();
    expect(dueReminder('2026-12-22', '2026-11-22', false)).toBe('DAYS_30');
    expect(dueReminder('2026-12-22', '2026-12-14', false)).toBe('DAYS_30');
    expect(dueReminder('2026-12-22', '2026-12-15', false)).toBe('DAYS_7');
    expect(dueReminder('2026-12-22', '2026-12-22', false)).toBe('DAYS_7');
    expect(dueReminder('2026-12-22', '2026-12-23', false)).toBeNull();
    expect(dueReminder('2026-12-22', '2026-12-15', true)).toBeNull();
  });
});

describe('the reminder job', () => {
  it('sends each reminder once across two processes and a restart, 30 and 7 days before, and none after the deadline', async () => {
    expect(new Date(server.clock.now()).toISOString().slice(0, 10)).toBe(TEST_TODAY);
    // Two processes run at the same moment: one mail.
    const [a, b] = await Promise.all([processJob().runOnce(), processJob().runOnce()]);
    const sent30 = [...a, ...b].filter((r) => r.accountId === accountId);
    expect(sent30).toEqual([expect.objectContaining({ kind: 'DAYS_30', deadline: '2026-12-22', daysLeft: 30 })]);
    const mail = await smtp.waitForMail((m) => m.to.includes(emailOf('bernd')));
    expect(mail.subject).toBe('Erinnerung: Entscheidung über Ihre Abfertigung bis 22.12.2026');
    expect(mail.text).toContain('noch 30 Tage, bis 22.12.2026');
    expect(mail.text).toContain('https://portal.example.at/#/gm');

    // A restart the same day and the days up to 8 before: nothing new.
    for (let day = 0; day <= 22; day++) {
      expect(
        (await processJob().runOnce()).filter((r) => r.accountId === accountId),
        `day ${day}`,
      ).toEqual([]);
      server.clock.advance(DAY);
    }
    // 15.12.2026, 7 days before.
    expect(new Date(server.clock.now()).toISOString().slice(0, 10)).toBe('2026-12-15');
    smtp.clear();
    const sent7 = (await Promise.all([processJob().runOnce(), processJob().runOnce()])).flat().filter((r) => r.accountId === accountId);
    expect(sent7).toEqual([expect.objectContaining({ kind: 'DAYS_7', daysLeft: 7 })]);
    await smtp.waitForMail((m) => m.to.includes(emailOf('bernd')) && m.text.includes('noch 7 Tage'));

    server.clock.advance(8 * DAY);
    expect((await processJob().runOnce()).filter((r) => r.accountId === accountId)).toEqual([]);
    const rows = await server.db.select().from(decisionReminders).where(eq(decisionReminders.accountId, accountId));
    expect(rows.map((r) => r.kind).sort()).toEqual(['DAYS_30', 'DAYS_7']);
  });

  it('sends nothing while a claim on the account is in progress', async () => {
    server.clock.set(Date.parse('2026-11-22T09:00:00Z'));
    await writeTransaction(server.db, async () => {
      await server.db.delete(decisionReminders);
      const [row] = await server.db.select({ personId: vkAccounts.personId }).from(vkAccounts).where(eq(vkAccounts.id, accountId));
      await server.db.insert(severanceClaims).values({ personId: row!.personId, accountId, option: 'KEEP', status: 'NEW', submittedAt: '2026-11-20T09:00:00.000Z' });
    });
    expect((await processJob().runOnce()).filter((r) => r.accountId === accountId)).toEqual([]);
  });
});
