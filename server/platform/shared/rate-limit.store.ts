import { and, gte, lt, sql } from 'drizzle-orm';
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
    /**
     * Deletes the counters whose key starts with `prefix` (which ends in `:`) and whose window started before `before`
     * (ISO instant). The keys of the prefix are the range [`prefix`, `prefix` with its `:` raised to `;`), which the
     * primary key (key, window_start) serves on both engines (text compared byte-wise, decision 0013).
     */
    async purgeBefore(prefix: string, before: string): Promise<void> {
      if (!prefix.endsWith(':')) throw new RangeError('a rate-limit key prefix ends in ":"');
      const end = `${prefix.slice(0, -1)};`;
      await writeTransaction(db, () =>
        db.delete(rateLimitCounters).where(and(gte(rateLimitCounters.key, prefix), lt(rateLimitCounters.key, end), lt(rateLimitCounters.windowStart, before))),
      );
    },
  };
}

export type RateLimitStore = ReturnType<typeof createRateLimitStore>;
