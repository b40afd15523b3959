import { eq } from 'drizzle-orm';
import catalogue from '@contract/i18n/de/own-contributions.json';
import { addDays } from '@contract/dates';
import { formatDate, formatEuro } from '@contract/format';
import { MANDATE_LAPSE_MONTHS } from '@contract/own-contributions';
import { persons, pkContracts, type MandateRow } from '../../../db/schema';
import { publicOriginFor, type AppDeps } from '../../context';
import { isoInstant } from '../shared/clock';
import { debitDates, lapseBefore } from './own-contributions.rules';

/** Days before its due date a debit is pre-notified (SEPA core: 14 calendar days unless agreed otherwise). */
export const PRE_NOTIFICATION_DAYS = 14;

/** What a collection run did: counts of debits pre-notified and collected, mandates ended and lapsed. */
export interface CollectionOutcome {
  preNotified: number;
  collected: number;
  collectedCents: number;
  ended: number;
  lapsed: number;
}

const texts = catalogue.ownContributions.preNotification;
const fill = (template: string, values: Record<string, string>) => template.replace(/\{\{(\w+)\}\}/g, (_m, k: string) => values[k] ?? '');

/**
 * Runs the SEPA collection date `date` (ISO) for every member (issue 16 item 6; operator command
 * `npm run fund -- collect --date YYYY-MM-DD`):
 * 1. an ACTIVE mandate whose last collection (or signing, without one) is more than 36 months before `date` lapses;
 * 2. every debit of the running mandates due up to `date` + 14 days that has no row yet is created PRE_NOTIFIED and
 *    announced by an inbox message from the Pensionskasse (amount, date, account, mandate reference, creditor id,
 *    refund right), with the e-mail notice of the inbox for digital delivery;
 * 3. every PRE_NOTIFIED debit due on or before `date` is recorded as COLLECTED on `date`; a collected one-off becomes
 *    COLLECTED, a monthly mandate past its end date CANCELLED.
 * Running the same date twice changes nothing the second time (one debit row per mandate and date).
 */
export async function runCollection(deps: AppDeps, date: string): Promise<CollectionOutcome> {
  const store = deps.stores.ownContributions;
  const { messages } = deps.services;
  const origin = publicOriginFor(deps.config, {});
  const outcome: CollectionOutcome = { preNotified: 0, collected: 0, collectedCents: 0, ended: 0, lapsed: 0 };
  const active = await store.activeMandates();
  const debits = await store.debitsOfMandates(active.map((m) => m.id));
  const horizon = addDays(date, PRE_NOTIFICATION_DAYS);
  const lapseLimit = lapseBefore(date, MANDATE_LAPSE_MONTHS);

  for (const m of active) {
    const own = debits.filter((d) => d.mandateId === m.id);
    const lastCollected = own.filter((d) => d.collectedOn).reduce<string | null>((max, d) => (max === null || d.collectedOn! > max ? d.collectedOn! : max), null);
    const lastUse = lastCollected ?? m.signedOn ?? m.createdAt.slice(0, 10);
    if (lastUse < lapseLimit) {
      await store.setStatus(m.id, 'LAPSED');
      outcome.lapsed++;
      continue;
    }
    for (const due of debitDates(m, m.startDate, horizon)) {
      if (own.some((d) => d.dueDate === due)) continue;
      const debit = await store.insertDebit({ mandateId: m.id, personId: m.personId, dueDate: due, amountCents: m.amountCents, preNotifiedAt: isoInstant(deps.clock.now()) });
      if (!debit) continue;
      outcome.preNotified++;
      const messageId = await preNotify(m, due);
      if (messageId !== null) await store.setDebitMessage(debit.id, messageId);
    }
  }

  const collected = await store.collectDue(date);
  outcome.collected = collected.length;
  outcome.collectedCents = collected.reduce((s, d) => s + d.amountCents, 0);
  for (const m of active) {
    if (m.type === 'ONE_OFF' && collected.some((d) => d.mandateId === m.id)) await store.setStatus(m.id, 'COLLECTED');
    if (m.type === 'MONTHLY' && m.endDate !== null && m.endDate <= date) {
      await store.setStatus(m.id, 'CANCELLED');
      outcome.ended++;
    }
  }
  return outcome;

  async function preNotify(m: MandateRow, due: string): Promise<number | null> {
    const person = (await deps.db.select().from(persons).where(eq(persons.id, m.personId)).limit(1))[0];
    if (!person) return null;
    const contract = (await deps.db.select({ contractNumber: pkContracts.contractNumber }).from(pkContracts).where(eq(pkContracts.id, m.contractId)).limit(1))[0];
    const values = {
      date: formatDate(due),
      amount: formatEuro(m.amountCents),
      contract: contract?.contractNumber ?? '',
      iban: m.iban.replace(/(.{4})/g, '$1 ').trim(),
      reference: m.mandateReference,
      creditorId: m.creditorId,
    };
    const posted = await messages.postFromFund(
      person,
      { counterpart: 'PENSION_FUND', subject: fill(texts.subject, values), body: fill(texts.body, values), attachments: [] },
      { mailer: deps.mailer, origin },
    );
    return posted.message.id;
  }
}
