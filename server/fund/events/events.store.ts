import { and, asc, eq, gt, isNull } from 'drizzle-orm';
import { sql } from 'drizzle-orm';
import { rawRows, writeTransaction, type Db } from '../../../db/client';
import { fundEvents, webhookDeliveries, webhookEndpoints, type FundEventRow } from '../../../db/schema';
import { isoInstant, type Clock } from '../../platform/shared/clock';
import { actorText, matchesEventPatterns, type EventActor, type FundEventType } from './event-types';

/** A change to record: its type, the member it concerns, the changed record's id, and its data (JSON-serialisable). */
export interface NewFundEvent {
  type: FundEventType;
  personId: number | null;
  subjectId: string | number | null;
  actor: EventActor;
  data: Record<string, unknown>;
}

/** Key of the PostgreSQL advisory lock that orders event writers (any constant; it names this feed). */
const EVENT_LOCK_KEY = 532_001;

/**
 * The fund's event feed (db/schema/fund-events.ts, decision 0053).
 *
 * `record` joins the caller's write transaction (every service calls it inside the transaction of its change), so a
 * rolled-back change writes no event. It also queues a delivery for every enabled webhook endpoint whose patterns match.
 */
export function createFundEventsStore(deps: { db: Db; clock: Clock }) {
  const { db, clock } = deps;
  return {
    /**
     * Writes one event (and its webhook deliveries) in the current write transaction, or in one of its own.
     * Resolves to the event's id.
     */
    async record(event: NewFundEvent): Promise<number> {
      return writeTransaction(db, async () => {
        // PostgreSQL: ids come from a sequence outside the transaction; holding this lock until commit makes them
        // visible in id order, so `events(after:)` never passes an event that commits later with a lower id.
        if (db.dialect === 'postgresql') await rawRows(db, sql`select pg_advisory_xact_lock(${EVENT_LOCK_KEY})`);
        const now = isoInstant(clock.now());
        const [row] = await db
          .insert(fundEvents)
          .values({
            type: event.type,
            personId: event.personId,
            subjectId: event.subjectId === null ? null : String(event.subjectId),
            actor: actorText(event.actor),
            data: JSON.stringify(event.data),
            occurredAt: now,
          })
          .returning({ id: fundEvents.id });
        const endpoints = await db.select().from(webhookEndpoints).where(isNull(webhookEndpoints.disabledAt));
        const matching = endpoints.filter((e) => matchesEventPatterns(event.type, e.eventTypes));
        if (matching.length > 0) {
          await db.insert(webhookDeliveries).values(matching.map((e) => ({ endpointId: e.id, eventId: row!.id, createdAt: now, dueAt: now, attempts: 0 })));
        }
        return row!.id;
      });
    },

    /** Up to `first` events with an id above `afterId` (0: from the start), in id order. */
    list(afterId: number, first: number): Promise<FundEventRow[]> {
      return db.select().from(fundEvents).where(gt(fundEvents.id, afterId)).orderBy(asc(fundEvents.id)).limit(first);
    },

    /** The events of one member, in id order (tests, the workbench's history). */
    ofPerson(personId: number): Promise<FundEventRow[]> {
      return db.select().from(fundEvents).where(eq(fundEvents.personId, personId)).orderBy(asc(fundEvents.id));
    },

    /** The event with `id`, or undefined. */
    async byId(id: number): Promise<FundEventRow | undefined> {
      const [row] = await db
        .select()
        .from(fundEvents)
        .where(and(eq(fundEvents.id, id)))
        .limit(1);
      return row;
    },
  };
}

export type FundEventsStore = ReturnType<typeof createFundEventsStore>;

/** What a service needs of the feed: writing its change's event (decision 0053). */
export type EventRecorder = Pick<FundEventsStore, 'record'>;

/** An event of a member's own change (actor: the member). */
export function memberEvent(type: FundEventType, personId: number, subjectId: string | number | null, data: Record<string, unknown>): NewFundEvent {
  return { type, personId, subjectId, actor: { kind: 'member', personId }, data };
}
