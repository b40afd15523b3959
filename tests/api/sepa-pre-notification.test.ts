import { and, eq, like } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { writeTransaction } from '../../db/client';
import { mandateDebits, mandates, messages, persons } from '../../db/schema';
import { runCollection } from '../../server/modules/own-contributions/collection';
import type { CreateMandateInput } from '../gql/graphql';
import type { PortalClient } from '../helpers/client';
import { emailOf, loginAs } from '../helpers/scenarios';
import { CHANGE, CREATE, OVERVIEW } from './own-contributions-operations';
import { startTestServer, type TestServer } from '../helpers/test-server';

/**
 * The SEPA pre-notification period of own contributions (SEPA Core Direct Debit Rulebook: 14 calendar days unless
 * agreed otherwise; docs/decisions/0044-sepa-pre-notification-period.md) over real HTTP, on both engines: the first
 * debit date offered and accepted is never earlier than today + 14 days, a refusal names that date (GraphQL and REST),
 * and the collection run never debits a debit whose pre-notification is younger than the period: it is postponed with
 * a record and debited on the first run the period allows, the notice naming that date. The employer-contribution
 * warning also answers a change of a monthly order.
 */

let server: TestServer;
let rosaId: number;
beforeAll(async () => {
  server = await startTestServer({ members: 2 });
  rosaId = (
    await server.db
      .select({ id: persons.id })
      .from(persons)
      .where(eq(persons.email, emailOf('rosa')))
  )[0]!.id;
});
afterAll(async () => {
  await server.close();
});

const setToday = (iso: string) => server.clock.set(Date.parse(`${iso}T09:00:00Z`));
const IBAN = 'AT61 1904 3002 3457 3201';
const ownContributions = async (c: PortalClient) => (await c.operation(OVERVIEW)).body.data!.me!.ownContributions;
const create = async (c: PortalClient, input: CreateMandateInput) => (await c.operation(CREATE, { input })).body.data!.createMandate;
const debitsOf = async (mandateId: number) => server.db.select().from(mandateDebits).where(eq(mandateDebits.mandateId, mandateId));
const noticesOf = async (email: string) =>
  server.db
    .select({ subject: messages.subject })
    .from(messages)
    .innerJoin(persons, eq(persons.id, messages.personId))
    .where(and(eq(persons.email, email), like(messages.subject, 'Vorabinformation%')));

async function oneOff(c: PortalClient, startDate: string, amount = 20_000): Promise<CreateMandateInput> {
  const contractId = (await ownContributions(c)).contracts[0]!.id;
  return { contractId, type: 'ONE_OFF', amount, iban: IBAN, startDate, accountOwner: 'Rosa Eigenbeitrag', confirmed: true };
}

describe('SEPA pre-notification period of own contributions (decision 0044)', () => {
  it('on 28.11. a one-off on 30.11. is refused, naming 12.12.2026 as the earliest date (GraphQL and REST); nothing is stored', async () => {
    setToday('2026-11-28');
    const rosa = await loginAs(server, 'rosa');
    const o = await ownContributions(rosa);
    expect(o).toMatchObject({ preNotificationDays: 14, earliestDebitDate: '2026-12-12' });
    const before = (await server.db.select().from(mandates)).length;
    const refused = await create(rosa, await oneOff(rosa, '2026-11-30'));
    expect(refused.ok).toBeNull();
    expect(refused.error!.code).toBe('ERROR_INVALID_INPUT');
    expect(refused.error!.fieldErrors).toEqual([
      {
        field: 'startDate',
        code: 'START_TOO_EARLY',
        message: 'Die erste Abbuchung ist frühestens am 12.12.2026 möglich: Vor jeder SEPA-Lastschrift erhalten Sie 14 Tage vorher eine Vorabinformation.',
      },
    ]);
    const form = { contractId: o.contracts[0]!.id, type: 'ONE_OFF', amount: '20000', iban: IBAN, startDate: '2026-11-30', accountOwner: 'Rosa Eigenbeitrag', confirmed: 'true' };
    const rest = (await rosa.rest('webportal/eigenbeitraege/mandat', form)).json as {
      ok: boolean;
      fieldErrors: { field: string; code: string; message: string }[];
    };
    expect(rest.ok).toBe(false);
    expect(rest.fieldErrors).toEqual([{ field: 'startDate', code: 'START_TOO_EARLY', message: expect.stringContaining('frühestens am 12.12.2026') }]);
    expect((await server.db.select().from(mandates)).length).toBe(before);
  });

  it('a one-off two days ahead is refused, one 14 days ahead accepted; its notice goes out 14 days ahead and it is collected on its date', async () => {
    setToday('2026-11-14');
    const rosa = await loginAs(server, 'rosa');
    const twoDays = await create(rosa, await oneOff(rosa, '2026-11-16'));
    expect(twoDays.error!.fieldErrors.map((e) => [e.field, e.code, e.message])).toEqual([['startDate', 'START_TOO_EARLY', expect.stringContaining('frühestens am 28.11.2026')]]);
    const thirteen = await create(rosa, await oneOff(rosa, '2026-11-27'));
    expect(thirteen.error!.fieldErrors.map((e) => e.code)).toEqual(['START_TOO_EARLY']);
    const noticesBefore = (await noticesOf(emailOf('rosa'))).length;
    const accepted = await create(rosa, await oneOff(rosa, '2026-11-28'));
    expect(accepted.error).toBeNull();
    const id = Number(accepted.ok!.mandate.id);

    // Given on the earliest date, it is pre-notified at once, 14 days ahead, naming its date (whether or not the
    // day's run has run); the run of the day finds nothing more to notify.
    const notices = await noticesOf(emailOf('rosa'));
    expect(notices.length).toBe(noticesBefore + 1);
    expect(notices.map((n) => n.subject)).toContain('Vorabinformation zu Ihrer SEPA-Lastschrift am 28.11.2026');
    expect((await debitsOf(id)).map((d) => [d.dueDate, d.status])).toEqual([['2026-11-28', 'PRE_NOTIFIED']]);
    expect(await runCollection(server.deps, '2026-11-14')).toMatchObject({ preNotified: 0, collected: 0, postponed: [] });
    // A run before the date debits nothing; the run of the date does.
    setToday('2026-11-27');
    expect(await runCollection(server.deps, '2026-11-27')).toMatchObject({ collected: 0 });
    setToday('2026-11-28');
    expect(await runCollection(server.deps, '2026-11-28')).toMatchObject({ collected: 1, collectedCents: 20_000, postponed: [] });
    expect((await debitsOf(id)).map((d) => [d.dueDate, d.status, d.collectedOn])).toEqual([['2026-11-28', 'COLLECTED', '2026-11-28']]);
  });

  it('the collection run never debits a debit pre-notified less than 14 days before: it is postponed with a record and collected once the period passed', async () => {
    setToday('2026-11-01');
    const rosa = await loginAs(server, 'rosa');
    const created = await create(rosa, await oneOff(rosa, '2026-11-30', 30_000));
    const id = Number(created.ok!.mandate.id);
    const reference = created.ok!.mandate.mandateReference;
    // The notice went out only two days before the debit date (as runs did before the period was kept).
    await writeTransaction(server.db, () =>
      server.db
        .insert(mandateDebits)
        .values({ mandateId: id, personId: rosaId, dueDate: '2026-11-30', amountCents: 30_000, status: 'PRE_NOTIFIED', preNotifiedAt: '2026-11-28T09:00:00.000Z' }),
    );
    setToday('2026-11-30');
    const due = await runCollection(server.deps, '2026-11-30');
    expect(due.collected).toBe(0);
    expect(due.postponed).toEqual([{ mandateReference: reference, dueDate: '2026-11-30', notifiedOn: '2026-11-28', collectFrom: '2026-12-12' }]);
    expect((await debitsOf(id)).map((d) => d.status)).toEqual(['PRE_NOTIFIED']);
    setToday('2026-12-11');
    expect((await runCollection(server.deps, '2026-12-11')).postponed).toHaveLength(1);
    expect((await debitsOf(id))[0]!.status).toBe('PRE_NOTIFIED');
    setToday('2026-12-12');
    const after = await runCollection(server.deps, '2026-12-12');
    expect(after).toMatchObject({ collected: 1, collectedCents: 30_000, postponed: [] });
    expect((await debitsOf(id)).map((d) => [d.status, d.collectedOn])).toEqual([['COLLECTED', '2026-12-12']]);
  });

  it('a debit first pre-notified late (a run skipped) is announced for the notice day + 14, never for its own earlier date', async () => {
    setToday('2026-10-01');
    const rosa = await loginAs(server, 'rosa');
    const created = await create(rosa, await oneOff(rosa, '2026-10-20', 15_000));
    const id = Number(created.ok!.mandate.id);
    // No run until the 15th: the notice goes out 5 days before the date and names the 29th.
    setToday('2026-10-15');
    const late = await runCollection(server.deps, '2026-10-15');
    expect(late.preNotified).toBeGreaterThanOrEqual(1);
    expect((await noticesOf(emailOf('rosa'))).map((n) => n.subject)).toContain('Vorabinformation zu Ihrer SEPA-Lastschrift am 29.10.2026');
    setToday('2026-10-20');
    expect((await runCollection(server.deps, '2026-10-20')).postponed).toEqual([expect.objectContaining({ dueDate: '2026-10-20', collectFrom: '2026-10-29' })]);
    expect((await debitsOf(id))[0]!.status).toBe('PRE_NOTIFIED');
    setToday('2026-10-29');
    expect((await runCollection(server.deps, '2026-10-29')).collected).toBe(1);
    expect((await debitsOf(id))[0]!.collectedOn).toBe('2026-10-29');
  });

  it('a change of a monthly order answers the employer-contribution warning, as a new mandate does', async () => {
    setToday('2026-11-01');
    const anna = await loginAs(server, 'anna');
    const o = await ownContributions(anna);
    const employer = o.contracts[0]!.lastYearEmployerContributions!;
    expect(employer).toBeGreaterThan(0);
    const contractId = o.contracts[0]!.id;
    const monthly = await create(anna, { contractId, type: 'MONTHLY', amount: 1_000, iban: IBAN, startDate: '2026-12-01', accountOwner: 'Anna Muster', confirmed: true });
    expect(monthly.ok!.employerWarning).toBe(false);
    // Above 125 % of last year's employer contributions over the year: a warning, the change is saved.
    const high = Math.min(500_000, Math.floor((employer * 1.25) / 12) + 100);
    const raised = (await anna.operation(CHANGE, { input: { mandateId: monthly.ok!.mandate.id, amount: high } })).body.data!.changeMandate;
    expect(raised.ok).toMatchObject({ employerWarning: true, mandate: { amount: high } });
    const lowered = (await anna.operation(CHANGE, { input: { mandateId: monthly.ok!.mandate.id, amount: 1_000 } })).body.data!.changeMandate;
    expect(lowered.ok).toMatchObject({ employerWarning: false, mandate: { amount: 1_000 } });
    const rest = (await anna.rest('webportal/eigenbeitraege/aendern', { mandateId: monthly.ok!.mandate.id, amount: String(high) })).json as {
      ok: boolean;
      employerWarning: boolean;
    };
    expect(rest).toMatchObject({ ok: true, employerWarning: true });
  });
});
