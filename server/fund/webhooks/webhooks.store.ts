import { randomBytes } from 'node:crypto';
import { and, asc, desc, eq, gt, inArray, isNotNull, isNull, lte, or } from 'drizzle-orm';
import { writeTransaction, type Db } from '../../../db/client';
import { fundEvents, webhookAttempts, webhookDeliveries, webhookEndpoints, type FundEventRow, type WebhookDeliveryRow, type WebhookEndpointRow } from '../../../db/schema';

/** A due delivery with what sending it needs: the endpoint and the event. */
export interface DueDelivery {
  delivery: WebhookDeliveryRow;
  endpoint: WebhookEndpointRow;
  event: FundEventRow;
}

/**
 * Webhook endpoints, deliveries and attempts (db/schema/fund-events.ts, decision 0053). Deliveries are claimed with a
 * lease in one write transaction (PostgreSQL: `FOR UPDATE SKIP LOCKED`), as the mail outbox does, so workers of several
 * processes take different rows and each delivery is sent by one of them at a time.
 */
export function createWebhooksStore(db: Db) {
  return {
    /** Adds an endpoint; resolves to its id and signing secret (`whsec_` and 24 random bytes, base64). */
    async addEndpoint(url: string, eventTypes: string, createdAt: string): Promise<WebhookEndpointRow> {
      const row = {
        id: `wh_${randomBytes(12).toString('base64url')}`,
        url,
        eventTypes,
        secret: `whsec_${randomBytes(24).toString('base64')}`,
        createdAt,
        disabledAt: null,
        disabledReason: null,
      };
      await writeTransaction(db, () => db.insert(webhookEndpoints).values(row));
      return row;
    },

    /** Every endpoint, oldest first. */
    endpoints(): Promise<WebhookEndpointRow[]> {
      return db.select().from(webhookEndpoints).orderBy(asc(webhookEndpoints.createdAt));
    },

    /** Disables an endpoint (no new deliveries; queued ones are given up); false for an unknown or disabled one. */
    async disable(id: string, reason: 'operator' | 'failing', at: string): Promise<boolean> {
      return writeTransaction(db, async () => {
        const rows = await db
          .update(webhookEndpoints)
          .set({ disabledAt: at, disabledReason: reason })
          .where(and(eq(webhookEndpoints.id, id), isNull(webhookEndpoints.disabledAt)))
          .returning({ id: webhookEndpoints.id });
        if (rows.length === 0) return false;
        await db
          .update(webhookDeliveries)
          .set({ failedAt: at })
          .where(and(eq(webhookDeliveries.endpointId, id), isNull(webhookDeliveries.deliveredAt), isNull(webhookDeliveries.failedAt)));
        return true;
      });
    },

    /** Leases up to `limit` due deliveries (not delivered, not given up, due, lease free or run out) to `owner`. */
    async claim(owner: string, nowIso: string, leaseUntilIso: string, limit: number): Promise<DueDelivery[]> {
      return writeTransaction(db, async () => {
        const due = db
          .select({ id: webhookDeliveries.id })
          .from(webhookDeliveries)
          .where(
            and(
              isNull(webhookDeliveries.deliveredAt),
              isNull(webhookDeliveries.failedAt),
              lte(webhookDeliveries.dueAt, nowIso),
              or(isNull(webhookDeliveries.leaseUntil), lte(webhookDeliveries.leaseUntil, nowIso)),
            ),
          )
          .orderBy(asc(webhookDeliveries.dueAt), asc(webhookDeliveries.id))
          .limit(limit);
        // The handle's types are SQLite's; on PostgreSQL the same builder is node-postgres's, which has `.for()`.
        const rows =
          db.dialect === 'postgresql'
            ? await (due as unknown as { for(strength: 'update', config: { skipLocked: boolean }): Promise<{ id: number }[]> }).for('update', { skipLocked: true })
            : await due;
        if (rows.length === 0) return [];
        const ids = rows.map((r) => r.id);
        await db.update(webhookDeliveries).set({ leaseOwner: owner, leaseUntil: leaseUntilIso }).where(inArray(webhookDeliveries.id, ids));
        const joined = await db
          .select({ delivery: webhookDeliveries, endpoint: webhookEndpoints, event: fundEvents })
          .from(webhookDeliveries)
          .innerJoin(webhookEndpoints, eq(webhookEndpoints.id, webhookDeliveries.endpointId))
          .innerJoin(fundEvents, eq(fundEvents.id, webhookDeliveries.eventId))
          .where(inArray(webhookDeliveries.id, ids))
          .orderBy(asc(webhookDeliveries.id));
        return joined;
      });
    },

    /** Records one attempt and its outcome: delivered, due again at `retryAt`, or given up (`retryAt` null). */
    async recordAttempt(
      deliveryId: number,
      owner: string,
      attempt: { attemptedAt: string; status: number | null; error: string | null; durationMs: number },
      outcome: { delivered: true } | { delivered: false; retryAt: string | null },
    ): Promise<void> {
      await writeTransaction(db, async () => {
        await db.insert(webhookAttempts).values({ deliveryId, ...attempt });
        const [row] = await db.select({ attempts: webhookDeliveries.attempts }).from(webhookDeliveries).where(eq(webhookDeliveries.id, deliveryId));
        const attempts = (row?.attempts ?? 0) + 1;
        const done = outcome.delivered ? { deliveredAt: attempt.attemptedAt } : outcome.retryAt === null ? { failedAt: attempt.attemptedAt } : { dueAt: outcome.retryAt };
        await db
          .update(webhookDeliveries)
          .set({ attempts, leaseOwner: null, leaseUntil: null, ...done })
          .where(and(eq(webhookDeliveries.id, deliveryId), eq(webhookDeliveries.leaseOwner, owner)));
      });
    },

    /** True when the endpoint had a successful delivery after `sinceIso`. */
    async deliveredSince(endpointId: string, sinceIso: string): Promise<boolean> {
      const rows = await db
        .select({ id: webhookDeliveries.id })
        .from(webhookDeliveries)
        .where(and(eq(webhookDeliveries.endpointId, endpointId), isNotNull(webhookDeliveries.deliveredAt), gt(webhookDeliveries.deliveredAt, sinceIso)))
        .limit(1);
      return rows.length > 0;
    },

    /** The deliveries of an event (tests, operators), with their attempts, newest attempt last. */
    async deliveriesOf(eventId: number) {
      const deliveries = await db.select().from(webhookDeliveries).where(eq(webhookDeliveries.eventId, eventId)).orderBy(asc(webhookDeliveries.id));
      const attempts = deliveries.length
        ? await db
            .select()
            .from(webhookAttempts)
            .where(
              inArray(
                webhookAttempts.deliveryId,
                deliveries.map((d) => d.id),
              ),
            )
            .orderBy(asc(webhookAttempts.id))
        : [];
      return deliveries.map((d) => ({ ...d, attemptLog: attempts.filter((a) => a.deliveryId === d.id) }));
    },

    /** The newest event id (0 when none), for tests. */
    async lastEventId(): Promise<number> {
      const [row] = await db.select({ id: fundEvents.id }).from(fundEvents).orderBy(desc(fundEvents.id)).limit(1);
      return row?.id ?? 0;
    },
  };
}

export type WebhooksStore = ReturnType<typeof createWebhooksStore>;
