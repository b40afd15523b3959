import { lt, sql } from 'drizzle-orm';
import { writeTransaction, type Db } from '../../../db/client';
import { rateLimitCounters } from '../../../db/schema';

/**
 * Fixed-window counters in `rate_limit_counters` (db/schema/auth.ts). The count is raised with one atomic upsert in a
 * serialisable write transaction, so concurrent requests and several processes on one database share each limit
 * (ARCHITECTURE.md "Growing past one machine": no rate limit lives in process memory).
 */
export function createRateLimitStore(db: Db) {
  return {
    /** Counts one call for `key` in the window starting at `window` (ISO instant). @returns the count including it. */
    async hit(key: string, window: string): Promise<number> {
      const rows = await writeTransaction(db, () =>
        db
          .insert(rateLimitCounters)
          .values({ key, windowStart: window, count: 1 })
          .onConflictDoUpdate({ target: [rateLimitCounters.key, rateLimitCounters.windowStart], set: { count: sql`${rateLimitCounters.count} + 1` } })
          .returning({ count: rateLimitCounters.count }),
      );
      return rows[0]!.count;
    },
    /** Deletes the counters of windows that started before `before` (ISO instant). */
    async purgeBefore(before: string): Promise<void> {
      await writeTransaction(db, () => db.delete(rateLimitCounters).where(lt(rateLimitCounters.windowStart, before)));
    },
  };
}

export type RateLimitStore = ReturnType<typeof createRateLimitStore>;
