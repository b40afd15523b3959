import { eq } from 'drizzle-orm';
import catalogue from '@contract/i18n/de/own-contributions.json';
import { addDays, isoDateVienna } from '@contract/dates';
import { formatDate, formatEuro } from '@contract/format';
import type { Db } from '../../../db/client';
import { persons, pkContracts, type MandateDebitRow, type MandateRow } from '../../../db/schema';
import type { Mailer } from '../../platform/mail/mailer';
import type { MessagesService } from '../messages/messages.service';
import type { OwnContributionsStore } from './own-contributions.store';
import { debitDates } from './own-contributions.rules';

/**
 * Pre-notification of own-contribution debits (SEPA Core Direct Debit Rulebook: the period, 14 calendar days unless
 * agreed otherwise; docs/decisions/0044-sepa-pre-notification-period.md), shared by the collection run and the
 * service that gives or changes a mandate, so the notice of a first debit goes out the whole period ahead.
 */
export interface PreNotificationDeps {
  db: Db;
  store: OwnContributionsStore;
  messages: MessagesService;
  mailer: Mailer;
  /** The period, calendar days (config SEPA_PRE_NOTIFICATION_DAYS). */
  noticeDays: number;
}

const texts = catalogue.ownContributions.preNotification;
const fill = (template: string, values: Record<string, string>) => template.replace(/\{\{(\w+)\}\}/g, (_m, k: string) => values[k] ?? '');

/** The day (Vienna, ISO) a debit's pre-notification went out. */
export function notifiedOn(debit: Pick<MandateDebitRow, 'preNotifiedAt'>): string {
  return isoDateVienna(Date.parse(debit.preNotifiedAt));
}

/**
 * The first date a debit scheduled for `dueDate` and pre-notified on `notified` may be collected: its due date, or
 * `notified` + `noticeDays` calendar days when the notice went out later than that period before it.
 */
export function collectFrom(dueDate: string, notified: string, noticeDays: number): string {
  const earliest = addDays(notified, noticeDays);
  return earliest > dueDate ? earliest : dueDate;
}

/**
 * Pre-notifies every debit of mandate `m` due up to `horizon` (ISO) that has no row in `existing` yet: a PRE_NOTIFIED
 * row dated `noticeAt` (ISO instant) and an inbox message from the Pensionskasse (amount, date, account, mandate
 * reference, creditor id, refund right; the inbox's e-mail notice for digital delivery, links from `origin`). The date
 * the message names is `collectFrom` (never before the period has passed). Answers how many debits it notified.
 */
export async function preNotifyDebits(
  deps: PreNotificationDeps,
  m: MandateRow,
  args: { horizon: string; noticeAt: string; origin: string; existing: readonly MandateDebitRow[] },
): Promise<number> {
  let notified = 0;
  for (const due of debitDates(m, m.startDate, args.horizon)) {
    if (args.existing.some((d) => d.dueDate === due)) continue;
    const debit = await deps.store.insertDebit({ mandateId: m.id, personId: m.personId, dueDate: due, amountCents: m.amountCents, preNotifiedAt: args.noticeAt });
    if (!debit) continue;
    notified++;
    const messageId = await postNotice(deps, m, collectFrom(due, notifiedOn(debit), deps.noticeDays), args.origin);
    if (messageId !== null) await deps.store.setDebitMessage(debit.id, messageId);
  }
  return notified;
}

async function postNotice(deps: PreNotificationDeps, m: MandateRow, date: string, origin: string): Promise<number | null> {
  const person = (await deps.db.select().from(persons).where(eq(persons.id, m.personId)).limit(1))[0];
  if (!person) return null;
  const contract = (await deps.db.select({ contractNumber: pkContracts.contractNumber }).from(pkContracts).where(eq(pkContracts.id, m.contractId)).limit(1))[0];
  const values = {
    date: formatDate(date),
    amount: formatEuro(m.amountCents),
    contract: contract?.contractNumber ?? '',
    iban: m.iban.replace(/(.{4})/g, '$1 ').trim(),
    reference: m.mandateReference,
    creditorId: m.creditorId,
  };
  const posted = await deps.messages.postFromFund(
    person,
    { counterpart: 'PENSION_FUND', subject: fill(texts.subject, values), body: fill(texts.body, values), attachments: [] },
    { mailer: deps.mailer, origin },
  );
  return posted.message.id;
}
