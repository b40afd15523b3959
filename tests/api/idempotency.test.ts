/**
 * Idempotent form submissions (docs/scaling.md; server/platform/idempotency): the first answer of a key is replayed,
 * the submission runs once, refused submissions store nothing. The submission here queues a mail through the real
 * mailer, so "ran once" is also "one mail in the outbox".
 */
import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { idempotencyKeys, mailOutbox, persons } from '../../db/schema';
import { IDEMPOTENCY_KEY_HOURS } from '../../server/platform/idempotency/idempotency';
import { err, ok, type Result } from '../../server/platform/shared/result';
import { startTestServer, type TestServer } from '../helpers/test-server';

let server: TestServer;
let personId: number;
let otherPersonId: number;

beforeAll(async () => {
  // MAIL_POLL_MS=0: queued mails stay in the outbox, where the test counts them.
  server = await startTestServer({ members: 2, env: { MAIL_POLL_MS: '0' } });
  const ids = await server.db.select({ id: persons.id }).from(persons).orderBy(persons.id).limit(2);
  personId = ids[0]!.id;
  otherPersonId = ids[1]!.id;
});
afterAll(async () => {
  await server.close();
});

/** A form submission that queues one mail to `to` and answers a receipt, or refuses an empty subject. */
function submission(to: string, subject: string) {
  let calls = 0;
  return {
    get calls() {
      return calls;
    },
    run: async (): Promise<Result<{ receipt: string; subject: string }, 'SUBJECT_MISSING'>> => {
      calls++;
      const { messageId } = await server.deps.mailer.send({ personId, kind: 'TEST', to, subject: subject || 'x', text: 't', html: '<p>t</p>' });
      if (!subject) return err('SUBJECT_MISSING', [{ field: 'subject', code: 'REQUIRED' }]);
      return ok({ receipt: messageId, subject });
    },
  };
}

const queuedTo = (to: string) => server.db.select().from(mailOutbox).where(eq(mailOutbox.recipient, to));

describe('withIdempotencyKey (docs/scaling.md)', () => {
  it('runs a submission once and answers a repeat with the first answer', async () => {
    const key = randomUUID();
    const form = submission('once@example.at', 'Antrag');
    const input = { subject: 'Antrag', idempotencyKey: key };
    const first = await server.deps.idempotency.withIdempotencyKey('test.submit', personId, key, input, form.run);
    const again = await server.deps.idempotency.withIdempotencyKey('test.submit', personId, key, { idempotencyKey: key, subject: 'Antrag' }, form.run);
    expect(first.ok).toBe(true);
    expect(again).toEqual(first);
    expect(form.calls).toBe(1);
    expect(await queuedTo('once@example.at')).toHaveLength(1);
  });

  it('commits concurrent submissions with one key once; all get the same answer', async () => {
    const key = randomUUID();
    const form = submission('concurrent@example.at', 'Antrag');
    const answers = await Promise.all(Array.from({ length: 6 }, () => server.deps.idempotency.withIdempotencyKey('test.submit', personId, key, { key }, form.run)));
    // On PostgreSQL a conflicting attempt may have started `submit` and been rolled back and retried; its writes are
    // gone, so what counts is what stayed: one answer, one queued mail.
    expect(form.calls).toBeGreaterThanOrEqual(1);
    for (const a of answers) expect(a).toEqual(answers[0]);
    expect(await queuedTo('concurrent@example.at')).toHaveLength(1);
  });

  it('refuses the key with other input (IDEMPOTENCY_KEY_REUSED) and a malformed key, writing nothing', async () => {
    const key = randomUUID();
    await server.deps.idempotency.withIdempotencyKey('test.submit', personId, key, { subject: 'A' }, submission('reuse@example.at', 'A').run);
    const other = submission('reuse@example.at', 'B');
    expect(await server.deps.idempotency.withIdempotencyKey('test.submit', personId, key, { subject: 'B' }, other.run)).toMatchObject({
      ok: false,
      code: 'IDEMPOTENCY_KEY_REUSED',
    });
    expect(await server.deps.idempotency.withIdempotencyKey('test.submit', personId, 'short', { subject: 'B' }, other.run)).toEqual({
      ok: false,
      code: 'IDEMPOTENCY_KEY_INVALID',
      fieldErrors: [{ field: 'idempotencyKey', code: 'IDEMPOTENCY_KEY_INVALID' }],
    });
    expect(other.calls).toBe(0);
    expect(await queuedTo('reuse@example.at')).toHaveLength(1);
  });

  it('stores nothing for a refused submission and rolls its writes back, so the corrected form can use the key', async () => {
    const key = randomUUID();
    const refused = submission('refused@example.at', '');
    expect(await server.deps.idempotency.withIdempotencyKey('test.submit', personId, key, { subject: '' }, refused.run)).toMatchObject({ ok: false, code: 'SUBJECT_MISSING' });
    expect(await queuedTo('refused@example.at')).toHaveLength(0);
    expect(await server.db.select().from(idempotencyKeys).where(eq(idempotencyKeys.key, key))).toHaveLength(0);
    const corrected = submission('refused@example.at', 'Antrag');
    expect((await server.deps.idempotency.withIdempotencyKey('test.submit', personId, key, { subject: 'Antrag' }, corrected.run)).ok).toBe(true);
    expect(await queuedTo('refused@example.at')).toHaveLength(1);
  });

  it('keeps keys apart by person and scope', async () => {
    const key = randomUUID();
    const form = submission('scoped@example.at', 'Antrag');
    await server.deps.idempotency.withIdempotencyKey('test.submit', personId, key, {}, form.run);
    await server.deps.idempotency.withIdempotencyKey('test.other', personId, key, {}, form.run);
    await server.deps.idempotency.withIdempotencyKey('test.submit', otherPersonId, key, {}, form.run);
    expect(form.calls).toBe(3);
  });

  it('forgets keys after 24 hours through the hourly purge job', async () => {
    const key = randomUUID();
    const form = submission('purge@example.at', 'Antrag');
    await server.deps.idempotency.withIdempotencyKey('test.submit', personId, key, {}, form.run);
    const stored = () =>
      server.db
        .select()
        .from(idempotencyKeys)
        .where(and(eq(idempotencyKeys.personId, personId), eq(idempotencyKeys.key, key)));
    server.clock.advance(IDEMPOTENCY_KEY_HOURS * 3_600_000 - 60_000);
    expect(await server.deps.scheduler.runDue()).toContain('idempotency-keys.purge');
    expect(await stored()).toHaveLength(1);
    server.clock.advance(3_600_000);
    expect(await server.deps.scheduler.runDue()).toContain('idempotency-keys.purge');
    expect(await stored()).toHaveLength(0);
    await server.deps.idempotency.withIdempotencyKey('test.submit', personId, key, {}, form.run);
    expect(form.calls).toBe(2);
  });
});
