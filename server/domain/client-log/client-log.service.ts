import { createHash } from 'node:crypto';
import type { Logger } from '../../log';
import type { RateLimiter } from '../shared/rate-limit';

/** Log levels of the remote log call (spec 000 section 3 "Log message"). */
export const CLIENT_LOG_LEVELS = ['LOG', 'INFO', 'DEBUG', 'WARN', 'ERROR'] as const;
export type ClientLogLevel = (typeof CLIENT_LOG_LEVELS)[number];

/** One remote log call (spec 000 section 7: `{component, level, msgs}`). */
export interface ClientLogEntry {
  component: string;
  level: ClientLogLevel;
  msgs: readonly string[];
}

/** Limits of the remote log (README configuration table; docs/security.md). */
export interface ClientLogSettings {
  /** Largest call: UTF-8 bytes of `component` plus all `msgs` (LOG_MAX_CALL_BYTES, default 8,192). */
  maxCallBytes: number;
  /** Calls per IP address per minute, with or without a session (LOG_IP_MAX_PER_MINUTE, default 60). */
  ipMaxPerMinute: number;
  /** Calls per session per minute (LOG_SESSION_MAX_PER_MINUTE, default 20). */
  sessionMaxPerMinute: number;
}

/**
 * Outcome of a remote log call: `LOGGED`; `TOO_LARGE` (over `maxCallBytes`: REST 413); `RATE_LIMITED` with the
 * seconds to wait (REST 429 with Retry-After). Nothing is written to the server log unless `LOGGED`.
 */
export type ClientLogOutcome = { status: 'LOGGED' } | { status: 'TOO_LARGE' } | { status: 'RATE_LIMITED'; retryAfterSeconds: number };

const MINUTE_MS = 60_000;

/**
 * The remote log (spec 000 section 7, REST `log` and GraphQL `log`): client messages go to the server log as data
 * under their own key, never interpreted. Public, so it is the cheapest way to fill the server's disk: every call is
 * counted per IP address and, with a session, per session (fixed one-minute windows in the database, shared by all
 * processes), and one call holds at most `maxCallBytes` (issue 11 item 6).
 */
export function createClientLog(deps: { limiter: RateLimiter; logger: Logger; settings: ClientLogSettings }) {
  const { limiter, logger, settings } = deps;
  return {
    /**
     * Counts and writes one call. `caller.ipAddress`: the socket's remote address; `caller.sessionHash`: the SHA-256
     * of the caller's session token, or null without a session. The IP limit is checked first; a call refused by it
     * does not count against the session.
     */
    async write(entry: ClientLogEntry, caller: { ipAddress: string | null; sessionHash: string | null }): Promise<ClientLogOutcome> {
      const ip = await limiter.take(`log:ip:${caller.ipAddress ?? 'unknown'}`, { max: settings.ipMaxPerMinute, windowMs: MINUTE_MS });
      if (!ip.allowed) return { status: 'RATE_LIMITED', retryAfterSeconds: ip.retryAfterSeconds };
      if (caller.sessionHash) {
        // The key holds a hash of the session hash, so the counter table never holds a session's lookup key.
        const key = `log:session:${createHash('sha256').update(caller.sessionHash).digest('base64url')}`;
        const session = await limiter.take(key, { max: settings.sessionMaxPerMinute, windowMs: MINUTE_MS });
        if (!session.allowed) return { status: 'RATE_LIMITED', retryAfterSeconds: session.retryAfterSeconds };
      }
      const bytes = Buffer.byteLength(entry.component) + entry.msgs.reduce((sum, m) => sum + Buffer.byteLength(m), 0);
      if (bytes > settings.maxCallBytes) return { status: 'TOO_LARGE' };
      logger.info('client log', { component: entry.component, clientLevel: entry.level, msgs: [...entry.msgs] });
      return { status: 'LOGGED' };
    },
  };
}

export type ClientLog = ReturnType<typeof createClientLog>;
