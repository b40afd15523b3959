import type { Db } from '../../../db/client';

/**
 * Fixed-window counters in `rate_limit_counters` (db/schema/auth.ts). The count is raised with one atomic upsert
 * under SQLite's write lock, so concurrent requests and several processes on one database share each limit
 * (ARCHITECTURE.md "Growing past one machine": no rate limit lives in process memory).
 */
export function createRateLimitStore(db: Db) {
  const hit = db.$client.prepare<{ key: string; window: string }, { count: number }>(`
    INSERT INTO rate_limit_counters (key, window_start, count) VALUES (@key, @window, 1)
    ON CONFLICT (key, window_start) DO UPDATE SET count = count + 1
    RETURNING count`);
  const purge = db.$client.prepare<{ before: string }>(`DELETE FROM rate_limit_counters WHERE window_start < @before`);
  return {
    /** Counts one call for `key` in the window starting at `window` (ISO instant). @returns the count including it. */
    hit(key: string, window: string): number {
      return hit.get({ key, window })!.count;
    },
    /** Deletes the counters of windows that started before `before` (ISO instant). */
    purgeBefore(before: string): void {
      purge.run({ before });
    },
  };
}

export type RateLimitStore = ReturnType<typeof createRateLimitStore>;
