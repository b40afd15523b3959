import { isoInstant, type Clock } from './clock';
import type { RateLimitStore } from './rate-limit.store';

/** One limit: at most `max` calls per key in each fixed window of `windowMs` milliseconds. */
export interface RateLimitRule {
  max: number;
  windowMs: number;
}

/** Outcome of counting a call: allowed, or refused with the seconds until the current window ends (Retry-After). */
export type RateLimitOutcome = { allowed: true } | { allowed: false; retryAfterSeconds: number };

/**
 * Fixed-window rate limiting over the database (rate-limit.store.ts). `take(key, rule)` counts the call and tells
 * whether it is within `rule.max` for the current window; refused calls are counted too (a flood stays refused until
 * the window ends). The first call of a key in a new window deletes counters of windows older than the previous one.
 */
export function createRateLimiter(deps: { store: RateLimitStore; clock: Clock }) {
  return {
    async take(key: string, rule: RateLimitRule): Promise<RateLimitOutcome> {
      const now = deps.clock.now();
      const windowStart = now - (now % rule.windowMs);
      const count = await deps.store.hit(key, isoInstant(windowStart));
      if (count === 1) await deps.store.purgeBefore(isoInstant(windowStart - rule.windowMs));
      if (count <= rule.max) return { allowed: true };
      return { allowed: false, retryAfterSeconds: Math.max(1, Math.ceil((windowStart + rule.windowMs - now) / 1000)) };
    },
  };
}

export type RateLimiter = ReturnType<typeof createRateLimiter>;
