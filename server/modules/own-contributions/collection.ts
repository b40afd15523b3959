import { addDays, isoDateVienna } from '@contract/dates';
import { MANDATE_LAPSE_MONTHS } from '@contract/own-contributions';
import type { AppDeps } from '../../platform/deps';
import { publicOriginFor } from '../../platform/request-context';
import { isoInstant } from '../../platform/shared/clock';
import { lapseBefore } from './own-contributions.rules';
import { collectFrom, notifiedOn, preNotifyDebits } from './pre-notification';

/**
 * A debit due on or before the run's date that was not collected because its pre-notification is younger than the
 * period (decision 0044): `collectFrom` is the first date it may be debited (the notice's day + the period), the date
 * its pre-notification named.
 */
interface PostponedDebit {
  mandateReference: string;
  /** The debit's scheduled date (a month's debit day, or the one-off's date), ISO. */
  dueDate: string;
  /** The day its pre-notification went out, ISO (Vienna). */
  notifiedOn: string;
  /** The first date it may be collected: `notifiedOn` + the period, ISO. */
  collectFrom: string;
}

/** What a collection run did: counts of debits pre-notified and collected, mandates ended and lapsed, the debits postponed. */
export interface CollectionOutcome {
  preNotified: number;
  collected: number;
  collectedCents: number;
  ended: number;
  lapsed: number;
  /** Due debits held back because their pre-notification is younger than the period; collected by a later run. */
  postponed: PostponedDebit[];
}

/**
 * Runs the SEPA collection date `date` (ISO) for every member (decision 0016; operator command
 * `npm run fund -- collect --date YYYY-MM-DD`):
 * 1. an ACTIVE mandate whose last collection (or signing, without one) is more than 36 months before `date` lapses;
 * 2. every debit of the running mandates due up to `date` + the pre-notification period (config
 *    SEPA_PRE_NOTIFICATION_DAYS, 14 calendar days by default) that has no row yet is created PRE_NOTIFIED and
 *    announced by an inbox message from the Pensionskasse (amount, date, account, mandate reference, creditor id,
 *    refund right), with the e-mail notice of the inbox for digital delivery. The notice is dated the run's date (or
 *    the clock's day when that is later, a run caught up afterwards); the date it names is the debit's due date, or
 *    the notice's day + the period when that is later (a run was skipped: the debit moves, it is never earlier);
 * 3. every PRE_NOTIFIED debit due on or before `date` whose notice is at least the period old on `date` is recorded as
 *    COLLECTED on `date`; a younger one stays PRE_NOTIFIED and is listed in `postponed` (and logged) until a run on or
 *    after its `collectFrom` date. A collected one-off becomes COLLECTED, a monthly mandate past its end date CANCELLED.
 * Running the same date twice changes nothing the second time (one debit row per mandate and date).
 */
export async function runCollection(deps: AppDeps, date: string): Promise<CollectionOutcome> {
  const store = deps.stores.ownContributions;
  const notice = { db: deps.db, store, messages: deps.services.messages, mailer: deps.mailer, noticeDays: deps.config.SEPA_PRE_NOTIFICATION_DAYS };
  const origin = publicOriginFor(deps.config, {});
  const outcome: CollectionOutcome = { preNotified: 0, collected: 0, collectedCents: 0, ended: 0, lapsed: 0, postponed: [] };
  const noticeDays = deps.config.SEPA_PRE_NOTIFICATION_DAYS;
  const active = await store.activeMandates();
  const debits = await store.debitsOfMandates(active.map((m) => m.id));
  const horizon = addDays(date, noticeDays);
  const clockDay = isoDateVienna(deps.clock.now());
  // The notice goes out now; a run for a later date (run ahead) dates it on that date, never earlier than the run.
  const noticeAt = clockDay >= date ? isoInstant(deps.clock.now()) : `${date}T00:00:00.000Z`;
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
    outcome.preNotified += await preNotifyDebits(notice, m, { horizon, noticeAt, origin, existing: own });
  }

  const { collected, held } = await store.collectDue(date, (d) => collectFrom(d.dueDate, notifiedOn(d), noticeDays) <= date);
  const references = new Map(active.map((m) => [m.id, m.mandateReference]));
  for (const d of held) {
    const postponed = {
      mandateReference: references.get(d.mandateId) ?? String(d.mandateId),
      dueDate: d.dueDate,
      notifiedOn: notifiedOn(d),
      collectFrom: collectFrom(d.dueDate, notifiedOn(d), noticeDays),
    };
    outcome.postponed.push(postponed);
    deps.logger.info('own-contribution debit postponed: pre-notification younger than the period', { ...postponed, runDate: date });
  }
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
}
