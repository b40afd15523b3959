import { isoInstant, type Clock } from './clock';
import type { RateLimitStore } from './rate-limit.store';

/**
 * One limit: at most `max` calls per subject in each fixed window of `windowMs` milliseconds. `name` (letters, digits,
 * `-`, `.` and `:`, for example `log:ip`) keeps the counters of different limits apart: a subject's key is
 * `<name>:<subject>`; no rule's name may be another's followed by `:`.
 */
export interface RateLimitRule {
  name: string;
  max: number;
  windowMs: number;
}

/** Outcome of counting a call: allowed, or refused with the seconds until the current window ends (Retry-After). */
export type RateLimitOutcome = { allowed: true } | { allowed: false; retryAfterSeconds: number };

const RULE_NAME = /^[A-Za-z0-9.:-]+$/;

/**
 * Fixed-window rate limiting over the database (rate-limit.store.ts), the one store of every limit of the portal: the
 * remote log (per IP address and session per minute), the public upload and merge forms (per IP address per hour, per
 * receipt address per day) and sending messages (per member per hour; decision 0041). `take(rule, subject)` counts the
 * call and tells whether it is within `rule.max` for the current window; refused calls are counted too (a flood stays
 * refused until the window ends). Windows start at multiples of `windowMs` since the epoch (UTC: an hour window at the
 * full hour, a day window at 00:00 UTC). The first call of a key in a new window deletes the counters of the same
 * rule whose window ended before the previous one began, so rules with different windows never delete each other's.
 * Counting in the database shares each limit between all processes and machines on one database.
 *
 * @throws RangeError for a rule name that is not `RULE_NAME` (a programming error).
 */
export function createRateLimiter(deps: { store: RateLimitStore; clock: Clock }) {
  return {
    async take(rule: RateLimitRule, subject: string): Promise<RateLimitOutcome> {
      if (!RULE_NAME.test(rule.name)) throw new RangeError(`rate limit name ${JSON.stringify(rule.name)} must match ${RULE_NAME.source}`);
      const now = deps.clock.now();
      const windowStart = now - (now % rule.windowMs);
      const prefix = `${rule.name}:`;
      const count = await deps.store.hit(`${prefix}${subject}`, isoInstant(windowStart));
      if (count === 1) await deps.store.purgeBefore(prefix, isoInstant(windowStart - rule.windowMs));
      if (count <= rule.max) return { allowed: true };
      return { allowed: false, retryAfterSeconds: Math.max(1, Math.ceil((windowStart + rule.windowMs - now) / 1000)) };
    },
  };
}

export type RateLimiter = ReturnType<typeof createRateLimiter>;
