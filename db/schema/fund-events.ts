import { index, integer, table, text } from './kit';
import { persons } from './persons';

/**
 * The fund's event feed (decision 0053): one row for every change a member or the fund makes, written in the same
 * write transaction as the change, so a rolled-back change leaves none. Read in `id` order by `events(after, first)`
 * of the fund's API and delivered to the registered webhooks. On PostgreSQL the writer takes a transaction-scoped
 * advisory lock first, so ids become visible in commit order and a reader never skips an event that commits late.
 */
export const fundEvents = table(
  'fund_events',
  {
    id: integer().primaryKey({ autoIncrement: true }),
    /** Dotted event type, for example `claim.status_changed` (server/fund/events/event-types.ts). */
    type: text().notNull(),
    /** The member the change concerns, or null (a public upload before it is assigned). */
    personId: integer().references(() => persons.id, { onDelete: 'set null' }),
    /** Id of the changed record in its area (claim id, message id, …), as text. */
    subjectId: text(),
    /** Who made the change: `member:<personId>`, `client:<clientId>`, `staff:<staffId>` or `system`. */
    actor: text().notNull(),
    /** The event's data as JSON text (ids, statuses, amounts in cents; never a password or a document's content). */
    data: text().notNull(),
    /** ISO instant of the change. */
    occurredAt: text().notNull(),
  },
  (t) => [index('fund_events_person_idx').on(t.personId)],
);

/**
 * Webhook endpoints of the fund's systems (`npm run fund -- webhook add`): deliveries are signed as the Standard
 * Webhooks specification says with the endpoint's secret (`whsec_…`), for the event types matching `eventTypes`.
 */
export const webhookEndpoints = table('webhook_endpoints', {
  id: text().primaryKey(),
  url: text().notNull(),
  /** Space-separated patterns: exact types or `area.*`. */
  eventTypes: text().notNull(),
  /** The signing secret, `whsec_` and base64 (Standard Webhooks "Signature scheme"). */
  secret: text().notNull(),
  createdAt: text().notNull(),
  /** ISO instant the endpoint was disabled (by the operator, or after failing for the whole retry period), or null. */
  disabledAt: text(),
  /** Why it was disabled: `operator` or `failing`. */
  disabledReason: text(),
});

/**
 * One event to deliver to one endpoint, with its attempts (at least once, retried with back-off for 3 days). A worker
 * of any portal process claims due rows with a lease, as the mail outbox does, so two processes deliver each once.
 */
export const webhookDeliveries = table(
  'webhook_deliveries',
  {
    id: integer().primaryKey({ autoIncrement: true }),
    endpointId: text()
      .notNull()
      .references(() => webhookEndpoints.id, { onDelete: 'cascade' }),
    eventId: integer()
      .notNull()
      .references(() => fundEvents.id, { onDelete: 'cascade' }),
    /** ISO instant the delivery was queued (the event's commit). */
    createdAt: text().notNull(),
    /** ISO instant from which the next attempt may run. */
    dueAt: text().notNull(),
    attempts: integer().notNull(),
    leaseOwner: text(),
    leaseUntil: text(),
    /** ISO instant of the successful attempt (2xx), or null. */
    deliveredAt: text(),
    /** ISO instant the delivery was given up, or null. */
    failedAt: text(),
  },
  (t) => [index('webhook_deliveries_due_idx').on(t.deliveredAt, t.failedAt, t.dueAt)],
);

/** Every attempt to deliver a webhook: its answer status or error, and how long it took. */
export const webhookAttempts = table(
  'webhook_attempts',
  {
    id: integer().primaryKey({ autoIncrement: true }),
    deliveryId: integer()
      .notNull()
      .references(() => webhookDeliveries.id, { onDelete: 'cascade' }),
    attemptedAt: text().notNull(),
    /** HTTP status of the answer, or null when none came (network error, time-out). */
    status: integer(),
    /** Network error or time-out, short; null for an answer. */
    error: text(),
    durationMs: integer().notNull(),
  },
  (t) => [index('webhook_attempts_delivery_idx').on(t.deliveryId)],
);

export type FundEventRow = typeof fundEvents.$inferSelect;
export type WebhookEndpointRow = typeof webhookEndpoints.$inferSelect;
export type WebhookDeliveryRow = typeof webhookDeliveries.$inferSelect;
