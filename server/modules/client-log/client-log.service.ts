import { createHash } from 'node:crypto';
import type { Logger } from '../../log';
import { hashToken, isWellFormedToken } from '../session/session-token';
import { payloadTooLarge, rateLimited } from '../../platform/shared/errors';
import type { RateLimiter } from '../../platform/shared/rate-limit';
import type { RequestScope } from '../../platform/shared/request-scope';

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

const MINUTE_MS = 60_000;

/**
 * The remote log (spec 000 section 7, REST `log` and GraphQL `log`): client messages go to the server log as data
 * under their own key, never interpreted. Public, so it is the cheapest way to fill the server's disk: every call is
 * counted per IP address and, with a session, per session (fixed one-minute windows in the database, shared by all
 * processes), and one call holds at most `maxCallBytes` (decision 0011). Built once per process (server/services.ts).
 */
export function createClientLog(deps: { limiter: RateLimiter; logger: Logger; settings: ClientLogSettings }) {
  const { limiter, logger, settings } = deps;
  return {
    /**
     * Counts and writes one call. The IP address is the scope's (the socket's remote address); the session is
     * identified by its cookie token alone (`sessionToken`, the request's cookie; not looked up, so logging never
     * extends a session). The IP limit is checked first; a call refused by it does not count against the session.
     * Nothing is written to the server log when the call is refused.
     * @throws DomainError RATE_LIMITED with the seconds to wait (REST 429 with Retry-After), or PAYLOAD_TOO_LARGE
     *   (over `maxCallBytes`: REST 413).
     */
    async write(scope: RequestScope, entry: ClientLogEntry, sessionToken: string | undefined): Promise<void> {
      const ip = await limiter.take({ name: 'log:ip', max: settings.ipMaxPerMinute, windowMs: MINUTE_MS }, scope.meta.ipAddress ?? 'unknown');
      if (!ip.allowed) throw rateLimited(ip.retryAfterSeconds);
      if (sessionToken && isWellFormedToken(sessionToken)) {
        // The key holds a hash of the session hash, so the counter table never holds a session's lookup key.
        const subject = createHash('sha256').update(hashToken(sessionToken)).digest('base64url');
        const session = await limiter.take({ name: 'log:session', max: settings.sessionMaxPerMinute, windowMs: MINUTE_MS }, subject);
        if (!session.allowed) throw rateLimited(session.retryAfterSeconds);
      }
      const bytes = Buffer.byteLength(entry.component) + entry.msgs.reduce((sum, m) => sum + Buffer.byteLength(m), 0);
      if (bytes > settings.maxCallBytes) throw payloadTooLarge();
      logger.info('client log', { component: entry.component, clientLevel: entry.level, msgs: [...entry.msgs] });
    },
  };
}

export type ClientLog = ReturnType<typeof createClientLog>;
