import { and, eq, inArray, isNotNull, ne, notInArray } from 'drizzle-orm';
import { writeTransaction, type Db } from '../../../db/client';
import { decisionReminders, persons, severanceClaims, vkAccounts } from '../../../db/schema';
import type { Logger } from '../../log';
import type { TenantDefinition } from '../../tenants';
import { isoDateVienna } from '@contract/dates';
import { formatDate } from '@contract/format';
import mailCatalogue from '@contract/i18n/de/mail.json';
import { fill } from '@contract/i18n/fill';
import type { Mailer } from '../../platform/mail/mailer';
import { renderMail, salutationFor } from '../../platform/mail/templates';
import { isoInstant, type Clock } from '../../platform/shared/clock';
import { daysUntil, decisionDeadline, dueReminder, FINISHED_CLAIM_STATUSES, type ReminderKind } from './claims.rules';

/** The reminder mail's texts (schema/contract/i18n/de/mail.json `mail.decisionReminder`). */
const texts = mailCatalogue.mail.decisionReminder;

/** How often the reminder job runs in a server process, milliseconds (hourly; each reminder is sent once anyway). */
export const DECISION_REMINDER_INTERVAL_MS = 60 * 60_000;

/** One reminder the job decided to send. */
export interface DecisionReminder {
  accountId: number;
  personId: number;
  email: string;
  accountNumber: string;
  kind: ReminderKind;
  deadline: string;
  daysLeft: number;
}

/**
 * The decision-deadline reminders (decision 0015; DOMAIN.md "Deadlines"): e-mails 30 and 7 days before the end of
 * the window to decide, to members with an e-mail whose account has a right to decide and no claim in progress. Each
 * reminder is first claimed by inserting a `decision_reminders` row (unique per account, kind and deadline), so it is
 * sent once however many processes run the job and however often they restart; a mail that fails releases its claim
 * and is tried again on the next run.
 */
export function createDecisionReminderJob(deps: { db: Db; mailer: Mailer; clock: Clock; tenant: TenantDefinition; logger: Logger; publicOrigin: string }) {
  const { db, mailer, clock, tenant, logger } = deps;

  /** The reminders due today (Vienna), before claiming. */
  async function due(): Promise<DecisionReminder[]> {
    const today = isoDateVienna(clock.now());
    const rows = await db
      .select({
        accountId: vkAccounts.id,
        personId: vkAccounts.personId,
        accountNumber: vkAccounts.accountNumber,
        since: vkAccounts.rightToDecideSince,
        reason: vkAccounts.rightToDecideReason,
        email: persons.email,
      })
      .from(vkAccounts)
      .innerJoin(persons, eq(persons.id, vkAccounts.personId))
      .where(and(isNotNull(vkAccounts.rightToDecideSince), ne(vkAccounts.status, 'CLOSED'), isNotNull(persons.email), eq(persons.membershipStatus, 'ACTIVE')));
    const candidates = rows.filter((r) => r.since !== null && r.since <= today);
    const open = new Set<number>();
    const ids = candidates.map((r) => r.accountId);
    for (let i = 0; i < ids.length; i += 500) {
      const chunk = ids.slice(i, i + 500);
      const claims = await db
        .select({ accountId: severanceClaims.accountId })
        .from(severanceClaims)
        .where(and(inArray(severanceClaims.accountId, chunk), notInArray(severanceClaims.status, [...FINISHED_CLAIM_STATUSES])));
      for (const c of claims) open.add(c.accountId);
    }
    const out: DecisionReminder[] = [];
    for (const r of candidates) {
      const deadline = decisionDeadline(r.since!, r.reason);
      const kind = dueReminder(deadline, today, open.has(r.accountId));
      if (kind) out.push({ accountId: r.accountId, personId: r.personId, email: r.email!, accountNumber: r.accountNumber, kind, deadline, daysLeft: daysUntil(deadline, today) });
    }
    return out;
  }

  /** Claims a reminder for this process; false when another run or process has it already. */
  async function claim(r: DecisionReminder): Promise<boolean> {
    const inserted = await writeTransaction(db, () =>
      db
        .insert(decisionReminders)
        .values({ accountId: r.accountId, kind: r.kind, deadline: r.deadline, claimedAt: isoInstant(clock.now()) })
        .onConflictDoNothing()
        .returning({ id: decisionReminders.id }),
    );
    return inserted.length > 0;
  }

  async function release(r: DecisionReminder): Promise<void> {
    await writeTransaction(db, () =>
      db.delete(decisionReminders).where(and(eq(decisionReminders.accountId, r.accountId), eq(decisionReminders.kind, r.kind), eq(decisionReminders.deadline, r.deadline))),
    );
  }

  function message(r: DecisionReminder, person: { gender: string; titlePrefix: string | null; firstName: string; lastName: string }) {
    const content = renderMail(tenant, {
      subject: fill(texts.subject, { deadline: formatDate(r.deadline) }),
      salutation: salutationFor(person),
      paragraphs: [
        fill(r.daysLeft === 1 ? texts.body_one : texts.body_other, { account: r.accountNumber, count: r.daysLeft, deadline: formatDate(r.deadline) }),
        texts.withoutDecision,
      ],
      link: { label: texts.link, url: `${deps.publicOrigin}/#/gm` },
    });
    return { personId: r.personId, kind: `DECISION_REMINDER_${r.kind}`, to: r.email, ...content };
  }

  return {
    due,
    /**
     * One run: claims and sends every reminder due today. @returns the reminders this run sent (another process's
     * or an earlier run's are not sent again).
     */
    async runOnce(): Promise<DecisionReminder[]> {
      const sent: DecisionReminder[] = [];
      for (const r of await due()) {
        if (!(await claim(r))) continue;
        const [person] = await db
          .select({ gender: persons.gender, titlePrefix: persons.titlePrefix, firstName: persons.firstName, lastName: persons.lastName })
          .from(persons)
          .where(eq(persons.id, r.personId));
        try {
          await mailer.send(message(r, person!));
          sent.push(r);
        } catch (error) {
          await release(r);
          logger.warn('decision reminder not sent', { accountId: r.accountId, kind: r.kind, error: error instanceof Error ? error.message : String(error) });
        }
      }
      return sent;
    },
  };
}

export type DecisionReminderJob = ReturnType<typeof createDecisionReminderJob>;
