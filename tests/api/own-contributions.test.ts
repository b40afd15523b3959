import { and, count, desc, eq, like } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { writeTransaction } from '../../db/client';
import { documentFiles, documents, mandateDebits, mandates, messages, premiumApplications } from '../../db/schema';
import { isValidMandateReference } from '@contract/own-contributions';
import { downloadUrl } from '../../server/modules/documents/documents.rules';
import { runCollection } from '../../server/modules/own-contributions/collection';
import type { TypedDocumentNode } from '@graphql-typed-document-node/core';
import type { CreateMandateInput } from '../gql/graphql';
import type { ApplyForPremiumInput } from '../../web/src/gql/graphql';
import { DEMO_PASSWORD, PortalClient } from '../helpers/client';
import { loginAs } from '../helpers/scenarios';
import { APPLY, CANCEL, CHANGE, CREATE, OVERVIEW } from './own-contributions-operations';
import { personIdOf, useTestServer } from '../helpers/suite-server';
import { TEST_TODAY } from '../helpers/test-server';
import { runFund } from '../helpers/fund-command';
import { spawnFund } from '../helpers/spawn-fund';

/**
 * Own contributions by SEPA mandate (decision 0016) over real HTTP on a fresh database: every bad-input case of decision 0016
 * is refused at its field with nothing stored, the happy paths store mandates with a SEPA reference and a PDF in the
 * documents archive, a collection run moves the premium gauge, changing the debit account needs the step-up, and a
 * mandate lapses after 36 months without a collection. GraphQL and REST.
 */

const suite = useTestServer({ members: 2 });

/** Rows of a table (SQLite and PostgreSQL alike, through the query builder). */
const rowsOf = async (table: typeof mandates | typeof documents | typeof premiumApplications) => (await suite.server.db.select({ n: count() }).from(table))[0]!.n;
const mandateRow = async (id: number) => (await suite.server.db.select().from(mandates).where(eq(mandates.id, id)))[0]!;
const preNotificationsOf = (personId: number) =>
  suite.server.db
    .select()
    .from(messages)
    .where(and(eq(messages.personId, personId), like(messages.subject, 'Vorabinformation%')))
    .orderBy(desc(messages.id));
const collectedDebits = async () => (await suite.server.db.select({ n: count() }).from(mandateDebits).where(eq(mandateDebits.status, 'COLLECTED')))[0]!.n;
const setToday = (iso: string) => suite.server.clock.set(Date.parse(`${iso}T09:00:00Z`));
const overview = async (c: PortalClient) => (await c.operation(OVERVIEW)).body.data!.me!.ownContributions;
/** Sends a typed operation and answers its data (throws on a GraphQL error). */
const gql = async <T, V extends Record<string, unknown>>(c: PortalClient, document: TypedDocumentNode<T, V>, variables: NoInfer<V>): Promise<T> => {
  const r = await c.operation(document, variables);
  if (!r.body.data) throw new Error(JSON.stringify(r.body.errors));
  return r.body.data;
};
const IBAN = 'AT61 1904 3002 3457 3201';
/**
 * The day the mandates of this suite are given on: their first debits (1 December, 30 November) lie at least the
 * 14 days of pre-notification ahead (decision 0044).
 */
const SIGNING_DAY = '2026-11-10';

async function contractOf(c: PortalClient): Promise<string> {
  return (await overview(c)).contracts[0]!.id;
}

describe('own contributions (decision 0016)', () => {
  it('refuses every bad input of the issue at its field and stores nothing (items 1, 2, 7)', async () => {
    setToday(SIGNING_DAY);
    const rosa = await loginAs(suite.server, 'rosa');
    const contractId = await contractOf(rosa);
    const good: CreateMandateInput = {
      contractId,
      type: 'MONTHLY',
      amount: 5_000,
      iban: IBAN,
      startDate: '2026-12-01',
      phone: '+43 664 1234567',
      accountOwner: 'Rosa Eigenbeitrag',
      confirmed: true,
    };
    const before = (await rowsOf(mandates)) + (await rowsOf(documents));
    const cases: [Partial<CreateMandateInput>, string, string][] = [
      // Named by the input field the caller sent (amount), not the service's amountCents.
      [{ amount: 999 }, 'amount', 'AMOUNT_TOO_LOW'],
      [{ amount: 500_001 }, 'amount', 'AMOUNT_TOO_HIGH'],
      [{ type: 'ONE_OFF', amount: 2_000_001, startDate: '2026-11-30' }, 'amount', 'AMOUNT_TOO_HIGH'],
      [{ type: 'ONE_OFF', startDate: '2026-12-01' }, 'startDate', 'ONE_OFF_AFTER_DEADLINE'],
      [{ iban: 'AT61 1904 3002 3457 3202' }, 'iban', 'IBAN_INVALID'],
      [{ iban: 'AT00 1904 3002 3457 3201' }, 'iban', 'IBAN_PLACEHOLDER'],
      [{ phone: '0664 abc 1234' }, 'phone', 'PHONE_INVALID'],
    ];
    for (const [change, field, code] of cases) {
      const r = (await gql(rosa, CREATE, { input: { ...good, ...change } })).createMandate;
      expect(r.ok, JSON.stringify(change)).toBeNull();
      expect(r.error!.code).toBe('ERROR_INVALID_INPUT');
      expect(r.error!.fieldErrors.map((e) => [e.field, e.code])).toEqual([[field, code]]);
      expect(r.error!.fieldErrors[0]!.message).not.toBe('');
    }
    // The § 108a birth date 310299 is not a date.
    const app: ApplyForPremiumInput = {
      street: 'Praterstraße 21',
      postcode: '1020',
      city: 'Wien',
      country: 'AT',
      birthDate: '310299',
      confirmed: true,
      signature: { kind: 'TYPED', name: 'Rosa Eigenbeitrag' },
    };
    const refused = (await gql(rosa, APPLY, { input: app })).applyForPremium.error!;
    expect(refused.fieldErrors.map((e) => [e.field, e.code])).toEqual([['birthDate', 'BIRTH_DATE_INVALID']]);
    expect(await rowsOf(premiumApplications)).toBe(0);
    expect((await rowsOf(mandates)) + (await rowsOf(documents))).toBe(before);
    // A good application is filed once.
    const filed = (await gql(rosa, APPLY, { input: { ...app, birthDate: '120987' } })).applyForPremium;
    expect(filed.ok!.ownContributions.premiumApplicationFiled).toBe(true);
    const again = (await gql(rosa, APPLY, { input: { ...app, birthDate: '120987' } })).applyForPremium;
    expect(again.error!.code).toBe('ERROR_APPLICATION_EXISTS');
    expect(await rowsOf(premiumApplications)).toBe(1);
  });

  it('anna sets up a monthly mandate: SEPA reference, creditor id, PDF archived; a second monthly and an overlapping one-off are refused (items 2, 3)', async () => {
    setToday(SIGNING_DAY);
    const anna = await loginAs(suite.server, 'anna');
    const o = await overview(anna);
    expect(o.gauge).toMatchObject({ year: 2026, eligible: 102_500, eligibleMonthly: 8_542, rateBp: 425, maxPremium: 4_250, daysToDeadline: 20 });
    expect(o.creditorId).toBe('AT67ZZZ00000045678');
    const contractId = o.contracts[0]!.id;
    const input: CreateMandateInput = { contractId, type: 'MONTHLY', amount: 8_542, iban: IBAN, startDate: '2026-12-01', accountOwner: 'Anna Muster', confirmed: true };
    const created = (await gql(anna, CREATE, { input })).createMandate;
    expect(created.error).toBeNull();
    const m = created.ok!.mandate;
    expect(isValidMandateReference(m.mandateReference)).toBe(true);
    // The given mandate as the overview lists it, with the creditor id and the signed mandate's document.
    const listed = (await overview(anna)).mandates.find((x) => x.id === m.id)!;
    expect(listed.creditorId).toBe('AT67ZZZ00000045678');
    expect(listed.nextDebitDate).toBe('2026-12-01');
    const [file] = await suite.server.db
      .select({ title: documents.title, sha256: documentFiles.sha256 })
      .from(documents)
      .innerJoin(documentFiles, eq(documentFiles.documentId, documents.id))
      .where(eq(documents.id, Number(listed.documentId)));
    expect(file?.title).toBe(`SEPA-Lastschriftmandat ${m.mandateReference}`);
    expect(file?.sha256).toMatch(/^[0-9a-f]{64}$/);
    const pdf = await anna.fetch(downloadUrl(Number(listed.documentId)));
    expect(pdf.headers.get('content-type')).toContain('application/pdf');

    const before = await rowsOf(mandates);
    const second = (await gql(anna, CREATE, { input: { ...input, startDate: '2027-01-01' } })).createMandate.error!;
    expect(second.code).toBe('ERROR_MONTHLY_EXISTS');
    expect(second.fieldErrors.map((e) => [e.field, e.code])).toEqual([['type', 'MONTHLY_EXISTS']]);
    // A one-off on a day the monthly mandate already debits overlaps with it.
    const overlap = (await gql(anna, CREATE, { input: { ...input, type: 'ONE_OFF', amount: 10_000, startDate: '2027-01-01' } })).createMandate.error!;
    expect(overlap.code).toBe('ERROR_OVERLAP');
    expect(overlap.fieldErrors.map((e) => [e.field, e.code])).toEqual([['startDate', 'OVERLAP']]);
    expect(await rowsOf(mandates)).toBe(before);
    // Rosa cannot change or cancel anna's mandate.
    const rosa = await loginAs(suite.server, 'rosa');
    const foreign = (await gql(rosa, CANCEL, { input: { mandateId: m.id, endDate: '2027-03-31' } })).cancelMandate.error!;
    expect(foreign.code).toBe('ERROR_NOT_FOUND');
  });

  it('a collection run pre-notifies by inbox message, collects and moves the gauge; a second run of the date changes nothing (items 5, 6)', async () => {
    let anna = await loginAs(suite.server, 'anna');
    const annaId = await personIdOf(suite.server, 'anna');
    const messagesBefore = (await preNotificationsOf(annaId)).length;
    // 14 days before the first debit of 1 December (a run for a later day than the clock's dates its notices that day).
    const first = await runCollection(suite.server.deps, '2026-11-17');
    expect(first).toMatchObject({ preNotified: 1, collected: 0 });
    const notice = (await preNotificationsOf(annaId))[0]!;
    expect(notice.subject).toBe('Vorabinformation zu Ihrer SEPA-Lastschrift am 01.12.2026');
    expect(notice.body).toContain('85,42');
    expect(notice.body).toContain('AT67ZZZ00000045678');
    expect(notice.body).toContain('8 Wochen');
    expect((await preNotificationsOf(annaId)).length).toBe(messagesBefore + 1);
    const beforeRun = (await overview(anna)).gauge;
    expect(beforeRun).toMatchObject({ used: 8_542, collected: 0, left: 102_500 - 8_542 });

    setToday('2026-12-01');
    anna = await loginAs(suite.server, 'anna');
    const run = await runCollection(suite.server.deps, '2026-12-01');
    expect(run).toMatchObject({ collected: 1, collectedCents: 8_542 });
    const after = (await overview(anna)).gauge;
    expect(after).toMatchObject({ used: 8_542, collected: 8_542, daysToDeadline: -1 });
    expect(after.expectedPremium).toBe(Math.round((8_542 / 1.025) * 0.0425));
    expect(await runCollection(suite.server.deps, '2026-12-01')).toMatchObject({ preNotified: 0, collected: 0 });
  });

  it('changes the amount; a new debit account needs the step-up; cancels at a chosen date, after which a new monthly start before it overlaps (item 4)', async () => {
    setToday('2026-12-02');
    const anna = await loginAs(suite.server, 'anna');
    const m = (await overview(anna)).mandates.find((x) => x.type === 'MONTHLY')!;
    const amount = (await gql(anna, CHANGE, { input: { mandateId: m.id, amount: 10_000 } })).changeMandate;
    expect(amount.ok!.mandate.amount).toBe(10_000);
    const tooHigh = (await gql(anna, CHANGE, { input: { mandateId: m.id, amount: 500_001 } })).changeMandate.error!;
    expect(tooHigh.fieldErrors.map((e) => e.code)).toEqual(['AMOUNT_TOO_HIGH']);
    const newIban = 'AT48 3200 0000 1234 5864';
    const noPassword = (await gql(anna, CHANGE, { input: { mandateId: m.id, iban: newIban } })).changeMandate.error!;
    expect(noPassword.fieldErrors.map((e) => [e.field, e.code])).toEqual([['currentPassword', 'REQUIRED']]);
    const wrong = (await gql(anna, CHANGE, { input: { mandateId: m.id, iban: newIban, currentPassword: 'falsch' } })).changeMandate.error!;
    expect(wrong.code).toBe('ERROR_PWD_INVALID');
    expect((await mandateRow(Number(m.id))).iban).toBe('AT611904300234573201');
    const changed = (await gql(anna, CHANGE, { input: { mandateId: m.id, iban: newIban, currentPassword: DEMO_PASSWORD } })).changeMandate;
    expect(changed.ok!.mandate.iban).toBe('AT483200000012345864');

    const noDate = (await gql(anna, CANCEL, { input: { mandateId: m.id } })).cancelMandate.error!;
    expect(noDate.fieldErrors.map((e) => [e.field, e.code])).toEqual([['endDate', 'REQUIRED']]);
    const cancelled = (await gql(anna, CANCEL, { input: { mandateId: m.id, endDate: '2027-03-31' } })).cancelMandate.ok!.mandate;
    expect(cancelled).toMatchObject({ status: 'ACTIVE', endDate: '2027-03-31' });
    const contractId = await contractOf(anna);
    const input = { contractId, type: 'MONTHLY', amount: 8_542, iban: IBAN, accountOwner: 'Anna Muster', confirmed: true } as const;
    const overlap = (await gql(anna, CREATE, { input: { ...input, startDate: '2027-03-01' } })).createMandate.error!;
    expect(overlap.code).toBe('ERROR_OVERLAP');
    const after = (await gql(anna, CREATE, { input: { ...input, startDate: '2027-04-01' } })).createMandate;
    expect((await overview(anna)).mandates.find((x) => x.id === after.ok!.mandate.id)?.status).toBe('ACTIVE');
    // The run after the end date ends the cancelled mandate.
    setToday('2027-04-01');
    expect((await runCollection(suite.server.deps, '2027-04-01')).ended).toBe(1);
    expect((await mandateRow(Number(m.id))).status).toBe('CANCELLED');
  });

  it('changes and cancels a one-off not yet due; a collected one-off can no longer change (item 4)', async () => {
    setToday('2026-11-01');
    let rosa = await loginAs(suite.server, 'rosa');
    const contractId = await contractOf(rosa);
    const input: CreateMandateInput = { contractId, type: 'ONE_OFF', amount: 50_000, iban: IBAN, startDate: '2026-11-25', accountOwner: 'Rosa Eigenbeitrag', confirmed: true };
    const created = (await gql(rosa, CREATE, { input })).createMandate.ok!;
    const id = created.mandate.id;
    const late = (await gql(rosa, CHANGE, { input: { mandateId: id, startDate: '2026-12-01' } })).changeMandate.error!;
    expect(late.fieldErrors.map((e) => e.code)).toEqual(['ONE_OFF_AFTER_DEADLINE']);
    const moved = (await gql(rosa, CHANGE, { input: { mandateId: id, startDate: '2026-11-27', amount: 60_000 } })).changeMandate.ok!.mandate;
    expect(moved).toMatchObject({ startDate: '2026-11-27', amount: 60_000 });
    const cancelled = (await gql(rosa, CANCEL, { input: { mandateId: id } })).cancelMandate.ok!.mandate;
    expect(cancelled.status).toBe('CANCELLED');
    const second = (await gql(rosa, CREATE, { input: { ...input, startDate: '2026-11-23' } })).createMandate.ok!;
    // Pre-notified 14 days ahead, collected on its date.
    await runCollection(suite.server.deps, '2026-11-09');
    setToday('2026-11-23');
    rosa = await loginAs(suite.server, 'rosa');
    await runCollection(suite.server.deps, '2026-11-23');
    expect((await mandateRow(Number(second.mandate.id))).status).toBe('COLLECTED');
    const refused = (await gql(rosa, CHANGE, { input: { mandateId: second.mandate.id, amount: 1_000 } })).changeMandate.error!;
    expect(refused.code).toBe('ERROR_NOT_CHANGEABLE');
  });

  it('a mandate without a collection for 36 months lapses (item 3)', async () => {
    setToday(TEST_TODAY);
    const rosa = await loginAs(suite.server, 'rosa');
    const contractId = await contractOf(rosa);
    const created = (
      await rosa.operation(CREATE, {
        input: { contractId, type: 'MONTHLY', amount: 2_000, iban: IBAN, startDate: '2027-06-01', accountOwner: 'Rosa Eigenbeitrag', confirmed: true },
      })
    ).body.data!.createMandate.ok!;
    const id = Number(created.mandate.id);
    expect((await runCollection(suite.server.deps, TEST_TODAY)).lapsed).toBe(0);
    await writeTransaction(suite.server.db, () => suite.server.db.update(mandates).set({ signedOn: '2023-11-21' }).where(eq(mandates.id, id)));
    const run = await runCollection(suite.server.deps, TEST_TODAY);
    expect(run.lapsed).toBe(1);
    expect((await mandateRow(id)).status).toBe('LAPSED');
  });

  it('REST: the same rules and codes; a call without a session answers 406 (item 7)', async () => {
    setToday(TEST_TODAY);
    const anonymous = new PortalClient(suite.server.url);
    expect((await anonymous.rest('webportal/eigenbeitraege/mandat', { amount: '1000' })).status).toBe(406);
    const rosa = await loginAs(suite.server, 'rosa');
    const overviewRest = (await rosa.rest('webportal/eigenbeitraege')).json as { contracts: { id: string }[]; gauge: { eligibleCents: number } };
    expect(overviewRest.gauge.eligibleCents).toBe(102_500);
    const before = await rowsOf(mandates);
    const form = { contractId: overviewRest.contracts[0]!.id, type: 'MONTHLY', amount: '999', iban: IBAN, startDate: '2027-08-01', accountOwner: 'Rosa', confirmed: 'true' };
    const refused = (await rosa.rest('webportal/eigenbeitraege/mandat', form)).json!;
    expect(refused).toMatchObject({ ok: false, code: 'ERROR_INVALID_INPUT', fieldErrors: [{ field: 'amount', code: 'AMOUNT_TOO_LOW' }] });
    expect(await rowsOf(mandates)).toBe(before);
    const created = (await rosa.rest('webportal/eigenbeitraege/mandat', { ...form, amount: '1000' })).json as { ok: boolean; mandate: { id: string; amount: number } };
    expect(created).toMatchObject({ ok: true, mandate: { amount: 1_000 } });
    const cancelled = (await rosa.rest('webportal/eigenbeitraege/kuendigen', { mandateId: created.mandate.id, endDate: '2027-07-31' })).json!;
    expect(cancelled).toMatchObject({ ok: true, mandate: { status: 'CANCELLED' } });
  });

  it('the operator command `fund collect --date` runs a collection date on the database and prints the counts (item 6)', async () => {
    const before = await collectedDebits();
    // The test database: a SQLite file (`--database`) or, in the postgres project, a PostgreSQL URL (DATABASE_URL).
    const postgres = suite.server.dbPath.startsWith('postgres');
    const run = spawnFund(['collect', '--date', '2027-08-01', ...(postgres ? [] : ['--database', suite.server.dbPath])], postgres ? { DATABASE_URL: suite.server.dbPath } : {});
    expect(run.stderr).toBe('');
    // Anna's second monthly mandate (85.42 EUR from 1 April 2027): the run of 1 April pre-notified April that day, too
    // late to collect it then; now it is collected. May to August were never pre-notified (runs skipped): they are
    // notified today and postponed to 15 August, 14 days on (decision 0044), never debited before.
    const ref = (
      await suite.server.db
        .select({ r: mandates.mandateReference })
        .from(mandates)
        .where(and(eq(mandates.startDate, '2027-04-01'), eq(mandates.status, 'ACTIVE')))
    )[0]!.r;
    const [head, ...lines] = run.stdout.trimEnd().split('\n');
    const counts = /^collection 2027-08-01: 4 pre-notified, (\d+) collected \((\d+) cents\), 0 ended, 0 lapsed, 4 postponed$/.exec(head!);
    expect(counts, head).not.toBeNull();
    expect(lines).toEqual(['05', '06', '07', '08'].map((mm) => `postponed ${ref}: due 2027-${mm}-01, pre-notified 2027-08-01, collected from 2027-08-15`));
    expect(run.status).toBe(0);
    expect(await collectedDebits()).toBe(before + Number(counts![1]));
    const anna = (
      await suite.server.db
        .select()
        .from(mandateDebits)
        .where(eq(mandateDebits.mandateId, (await suite.server.db.select({ id: mandates.id }).from(mandates).where(eq(mandates.mandateReference, ref)))[0]!.id))
    )
      .map((d) => [d.dueDate, d.status])
      .sort();
    expect(anna).toEqual([
      ['2027-04-01', 'COLLECTED'],
      ['2027-05-01', 'PRE_NOTIFIED'],
      ['2027-06-01', 'PRE_NOTIFIED'],
      ['2027-07-01', 'PRE_NOTIFIED'],
      ['2027-08-01', 'PRE_NOTIFIED'],
    ]);
    const usage = await runFund(suite.server, ['collect', '--date', '2027-02-30']);
    expect(usage.status).toBe(2);
    expect(usage.stderr).toContain('usage: npm run fund -- collect');
  });
});
