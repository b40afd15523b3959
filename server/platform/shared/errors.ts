import transport from '@contract/i18n/de/transport.json';
import { fill } from '@contract/i18n/fill';

/**
 * Failures that are thrown rather than returned: the caller has no session, may not see the object, or the
 * input was so malformed that no service ran. Transports map them: GraphQL to `extensions.code`, REST to the
 * documented HTTP status (406 session failure, 423 session timeout, 400 bad request, 404 not found, 429 too many
 * requests with Retry-After, 413 too large).
 */
export type DomainErrorCode = 'SESSION_INVALID' | 'SESSION_TIMEOUT' | 'NOT_FOUND' | 'BAD_REQUEST' | 'FORBIDDEN' | 'RATE_LIMITED' | 'PAYLOAD_TOO_LARGE';

export class DomainError extends Error {
  constructor(
    readonly code: DomainErrorCode,
    message: string,
    /** RATE_LIMITED: seconds until the caller may try again (HTTP `Retry-After`). */
    readonly retryAfterSeconds?: number,
    /**
     * SESSION_INVALID: why the session ended when the member should be told (`SETTINGS_CHANGED`: the password was
     * changed elsewhere); GraphQL puts it in `extensions.reason`.
     */
    readonly reason?: 'SETTINGS_CHANGED',
  ) {
    super(message);
    this.name = 'DomainError';
  }
}

export const sessionInvalid = (reason?: 'SETTINGS_CHANGED') => new DomainError('SESSION_INVALID', transport.sessionInvalid, undefined, reason);
export const sessionTimeout = () => new DomainError('SESSION_TIMEOUT', transport.sessionTimeout);
export const notFound = () => new DomainError('NOT_FOUND', transport.notFound);

/**
 * The German answer to a refused call with the time to wait (catalogue `transport.rateLimitedRetry`; spec 001
 * section 8 asks generic errors to tell the user to retry later, and names no wording for "too many requests"):
 * up to 60 seconds "in einer Minute", up to two hours the minutes rounded up, beyond the hours rounded up.
 */
export function rateLimitedMessage(retryAfterSeconds: number): string {
  const minutes = Math.ceil(retryAfterSeconds / 60);
  const wait =
    minutes <= 1 ? transport.waitOneMinute : minutes <= 120 ? fill(transport.waitMinutes, { count: minutes }) : fill(transport.waitHours, { count: Math.ceil(minutes / 60) });
  return fill(transport.rateLimitedRetry, { wait });
}

/** RATE_LIMITED with the seconds to wait (REST 429 with `Retry-After`) and `rateLimitedMessage`. */
export const rateLimited = (retryAfterSeconds: number) => new DomainError('RATE_LIMITED', rateLimitedMessage(retryAfterSeconds), retryAfterSeconds);
export const payloadTooLarge = () => new DomainError('PAYLOAD_TOO_LARGE', transport.payloadTooLarge);
