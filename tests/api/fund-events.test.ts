import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Webhook } from 'standardwebhooks';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { eq } from 'drizzle-orm';
import { fundEvents } from '../../db/schema';
import { createWebhookDelivery, WEBHOOK_RETRY_PERIOD_MS } from '../../server/fund/webhooks/webhook-delivery';
import { createWebhooksStore } from '../../server/fund/webhooks/webhooks.store';
import { createLogger } from '../../server/log';
import { graphql } from '../gql';
import { DEMO_PASSWORD } from '../helpers/client';
import { createFundTestClient } from '../helpers/fund-client';
import { loginAs } from '../helpers/scenarios';
import { startTestServer, TEST_TODAY, type TestServer } from '../helpers/test-server';
import { CHANGE_ADDRESS, CHANGE_BANK, DELETE_ACCESS, NEWSLETTER } from './profile-operations';
import { CANCEL, CHANGE, CREATE, OVERVIEW } from './own-contributions-operations';
import { personIdOf } from './profile-helpers';
import { withFailingInserts } from '../helpers/failing-inserts';
import { sqlOne } from '../helpers/raw-sql';

/**
 * The fund's event feed and webhooks (decision 0053): every change a member makes writes its event in the change's
 * transaction; webhooks are signed as the Standard Webhooks specification says, retried after a failure, and sent once
 * when two workers (as of two processes) run.
 */
let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({ members: 2, background: false, env: { FUND_TOKEN_IP_MAX_PER_MINUTE: '1000' } });
});
afterAll(async () => {
  await server.close();
});

const SEND = graphql(`
  mutation FundEventsSend($input: SendMessageInput!) {
    sendMessage(input: $input) {
      ok {
        message {
          id
        }
      }
      error {
        code
      }
    }
  }
`);

/** The events of a person after event id `after`, as (type, data) pairs. */
async function eventsOf(personId: number, after = 0) {
  const rows = await server.db.select().from(fundEvents).where(eq(fundEvents.personId, personId));
  return rows.filter((r) => r.id > after).map((r) => ({ type: r.type, actor: r.actor, data: JSON.parse(r.data) as Record<string, unknown> }));
}
const lastId = () => createWebhooksStore(server.db).lastEventId();

describe('an event per member change, in the change transaction', () => {
  it('profile: address, bank account, newsletter consent, deleted access', async () => {
    const anna = await loginAs(server, 'anna');
    const annaId = await personIdOf(server, 'anna');
    const start = await lastId();
    const address = await anna.operation(CHANGE_ADDRESS, { input: { street: 'Eventgasse 1', postcode: '1010', city: 'Wien', country: 'AT', poBox: null, validFrom: TEST_TODAY } });
    expect(address.body.data?.changeAddress.error).toBeNull();
    const bank = await anna.operation(CHANGE_BANK, {
      input: { accountHolder: 'Anna Muster', bankName: 'Testbank', iban: 'DE89 3704 0044 0532 0130 00', bic: 'COBADEFFXXX', currentPassword: DEMO_PASSWORD },
    });
    expect(bank.body.data?.changeBankDetails.error).toBeNull();
    await anna.operation(NEWSLETTER, { pk: true, vk: true });
    const events = await eventsOf(annaId, start);
    expect(events.map((e) => e.type)).toEqual(['profile.address_changed', 'profile.bank_changed', 'consent.changed']);
    expect(events[0]).toMatchObject({ actor: `member:${annaId}`, data: { area: 'ADDRESS', changes: { street: 'Eventgasse 1' } } });
    // The change log's masked IBAN: events may leave the portal by webhook; the fund reads the full data by its API.
    expect(events[1]!.data.changes).toMatchObject({ iban: 'DE89 **** **** **** **30 00' });
    const refused = await anna.operation(CHANGE_ADDRESS, { input: { street: '', postcode: 'x', city: '', country: 'AT', poBox: null, validFrom: TEST_TODAY } });
    expect(refused.body.data?.changeAddress.error).not.toBeNull();
    expect(await eventsOf(annaId, start)).toHaveLength(3);
    const deleted = await anna.operation(DELETE_ACCESS, { input: { currentPassword: DEMO_PASSWORD, confirmed: true } });
    expect(deleted.body.errors).toBeUndefined();
    expect((await eventsOf(annaId, start)).at(-1)?.type).toBe('access.deleted');
  });

  it('a change whose event cannot be written is rolled back whole (same transaction), and a refused one writes none', async () => {
    const clara = await loginAs(server, 'clara');
    const claraId = await personIdOf(server, 'clara');
    const person = () => sqlOne(server.db, 'SELECT street, city FROM persons WHERE id = ?', claraId);
    const before = JSON.stringify(await person());
    await withFailingInserts(server.db, 'fund_events', async () => {
      const res = await clara.operation(CHANGE_ADDRESS, { input: { street: 'Nie 1', postcode: '1010', city: 'Wien', country: 'AT', poBox: null, validFrom: TEST_TODAY } });
      expect(res.body.errors?.[0]?.message).toBe('Unexpected error.');
    });
    expect(JSON.stringify(await person())).toBe(before);
    expect(await eventsOf(claraId)).toEqual([]);
  });

  it('inbox and own contributions: a message, a mandate created, changed and cancelled', async () => {
    const rosa = await loginAs(server, 'rosa');
    const rosaId = await personIdOf(server, 'rosa');
    const start = await lastId();
    const sent = await rosa.operation(SEND, { input: { recipient: 'PENSION_FUND', subject: 'Frage', body: 'Bitte um Auskunft.', attachmentIds: [] } });
    const messageId = Number(sent.body.data!.sendMessage.ok!.message.id);
    const contractId = (await rosa.operation(OVERVIEW)).body.data!.me!.ownContributions.contracts[0]!.id;
    const created = await rosa.operation(CREATE, {
      input: { contractId, type: 'MONTHLY', amount: 2_000, iban: 'AT61 1904 3002 3457 3201', startDate: '2027-06-01', accountOwner: 'Rosa Eigenbeitrag', confirmed: true },
    });
    const mandateId = created.body.data!.createMandate.ok!.mandate.id;
    await rosa.operation(CHANGE, { input: { mandateId, amount: 3_000 } });
    await rosa.operation(CANCEL, { input: { mandateId, endDate: '2027-12-31' } });
    const events = await eventsOf(rosaId, start);
    expect(events.map((e) => e.type)).toEqual(['message.received', 'mandate.created', 'mandate.changed', 'mandate.cancelled']);
    expect(events[0]!.data).toMatchObject({ messageId, recipient: 'PENSION_FUND' });
    expect(events[1]!.data).toMatchObject({ type: 'MONTHLY', amountCents: 2_000, startDate: '2027-06-01' });
    expect(events[2]!.data).toMatchObject({ amountCents: 3_000, ibanChanged: false });
    expect(events[3]!.data).toMatchObject({ endDate: '2027-12-31' });
  });

  it('reaches the fund: the same events are read through events(after:) of the fund API', async () => {
    const fund = await createFundTestClient(server, 'events:read');
    const page = await fund.query<{ events: { edges: { node: { type: string } }[] } }>('{ events(first: 500) { edges { node { type } } } }');
    const types = page.body.data!.events.edges.map((e) => e.node.type);
    expect(types).toEqual(expect.arrayContaining(['profile.address_changed', 'message.received', 'mandate.cancelled', 'access.deleted']));
  });
});

/** A receiver of webhooks on 127.0.0.1 that answers the statuses in `plan` in turn (then 204) and keeps what it got. */
async function startReceiver(plan: number[]) {
  const received: { headers: Record<string, string>; body: string; status: number }[] = [];
  const srv: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const status = plan.shift() ?? 204;
      received.push({ headers: req.headers as Record<string, string>, body: Buffer.concat(chunks).toString('utf8'), status });
      res.writeHead(status).end();
    });
  });
  await new Promise<void>((resolve) => srv.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(srv.address() as AddressInfo).port}/hooks`;
  return { url, received, close: () => new Promise<void>((resolve) => srv.close(() => resolve())) };
}

describe('webhooks (Standard Webhooks)', () => {
  const logger = createLogger('error');

  it('delivers a signed event the Standard Webhooks library verifies, retried after a 500, each attempt logged', async () => {
    const receiver = await startReceiver([500]);
    try {
      const store = createWebhooksStore(server.db);
      const endpoint = await store.addEndpoint(receiver.url, 'claim.*', new Date(server.clock.now()).toISOString());
      const delivery = createWebhookDelivery({ store, clock: server.clock, logger, production: false });
      const eventId = await server.deps.events.record({
        type: 'claim.status_changed',
        personId: null,
        subjectId: 7,
        actor: { kind: 'client', clientId: 'fc_x' },
        data: { status: 'CHECKING' },
      });
      await server.deps.events.record({ type: 'message.sent', personId: null, subjectId: 1, actor: { kind: 'system' }, data: {} });
      expect(await delivery.runDue()).toBe(1);
      expect(receiver.received.map((r) => r.status)).toEqual([500]);
      // Not due again before the back-off (5 s).
      expect(await delivery.runDue()).toBe(0);
      server.clock.advance(5_000);
      expect(await delivery.runDue()).toBe(1);
      expect(receiver.received.map((r) => r.status)).toEqual([500, 204]);
      const got = receiver.received[1]!;
      // The library checks the timestamp against its own clock (5 minutes' tolerance): set it to the server's.
      vi.useFakeTimers({ toFake: ['Date'] });
      vi.setSystemTime(server.clock.now());
      let verified: { type: string; data: Record<string, unknown> };
      try {
        verified = new Webhook(endpoint.secret).verify(got.body, {
          'webhook-id': got.headers['webhook-id']!,
          'webhook-timestamp': got.headers['webhook-timestamp']!,
          'webhook-signature': got.headers['webhook-signature']!,
        }) as typeof verified;
        // A changed body does not verify.
        expect(() => new Webhook(endpoint.secret).verify(got.body.replace('CHECKING', 'CHECKED'), got.headers as never)).toThrow();
      } finally {
        vi.useRealTimers();
      }
      expect(verified).toMatchObject({ type: 'claim.status_changed', data: { status: 'CHECKING', eventId: String(eventId), subjectId: '7' } });
      expect(got.headers['webhook-id']).toBe(receiver.received[0]!.headers['webhook-id']);
      const [logged] = await store.deliveriesOf(eventId);
      expect(logged).toMatchObject({ attempts: 2, deliveredAt: expect.any(String), failedAt: null });
      expect(logged!.attemptLog.map((a) => a.status)).toEqual([500, 204]);
      await store.disable(endpoint.id, 'operator', new Date(server.clock.now()).toISOString());
    } finally {
      await receiver.close();
    }
  });

  it('two workers (as of two portal processes) deliver each event once', async () => {
    const receiver = await startReceiver([]);
    try {
      const store = createWebhooksStore(server.db);
      const endpoint = await store.addEndpoint(receiver.url, '*', new Date(server.clock.now()).toISOString());
      const one = createWebhookDelivery({ store, clock: server.clock, logger, production: false });
      const two = createWebhookDelivery({ store: createWebhooksStore(server.db), clock: server.clock, logger, production: false });
      for (let i = 0; i < 30; i++) await server.deps.events.record({ type: 'form.submitted', personId: null, subjectId: i, actor: { kind: 'system' }, data: { i } });
      const rounds = await Promise.all([one.runDue(), two.runDue(), one.runDue(), two.runDue()]);
      expect(rounds.reduce((a, b) => a + b, 0)).toBe(30);
      const ids = receiver.received.map((r) => r.headers['webhook-id']);
      expect(ids).toHaveLength(30);
      expect(new Set(ids).size).toBe(30);
      await store.disable(endpoint.id, 'operator', new Date(server.clock.now()).toISOString());
    } finally {
      await receiver.close();
    }
  });

  it('gives up after 3 days of failures and disables the endpoint; https only in production', async () => {
    const store = createWebhooksStore(server.db);
    const endpoint = await store.addEndpoint('http://127.0.0.1:9/unreachable', 'statement.imported', new Date(server.clock.now()).toISOString());
    const delivery = createWebhookDelivery({ store, clock: server.clock, logger, production: false });
    const eventId = await server.deps.events.record({ type: 'statement.imported', personId: null, subjectId: 1, actor: { kind: 'system' }, data: {} });
    const end = server.clock.now() + WEBHOOK_RETRY_PERIOD_MS;
    let attempts = 0;
    while (server.clock.now() <= end + 36_000_000 && attempts < 30) {
      attempts += await delivery.runDue();
      server.clock.advance(3_600_000);
    }
    const [logged] = await store.deliveriesOf(eventId);
    expect(logged!.failedAt).not.toBeNull();
    expect(logged!.attemptLog.length).toBeGreaterThanOrEqual(8);
    expect(logged!.attemptLog.every((a) => a.status === null && a.error)).toBe(true);
    expect((await store.endpoints()).find((e) => e.id === endpoint.id)).toMatchObject({ disabledReason: 'failing' });

    const secure = createWebhookDelivery({ store, clock: server.clock, logger, production: true });
    const plain = await store.addEndpoint('http://127.0.0.1:9/plain', 'member.upserted', new Date(server.clock.now()).toISOString());
    const plainEvent = await server.deps.events.record({ type: 'member.upserted', personId: null, subjectId: 1, actor: { kind: 'system' }, data: {} });
    await secure.runDue();
    const [refused] = await store.deliveriesOf(plainEvent);
    expect(refused!.attemptLog[0]).toMatchObject({ status: null, error: 'only https endpoints are called in production' });
    await store.disable(plain.id, 'operator', new Date(server.clock.now()).toISOString());
  });
});
