import { isoInstant } from '../../platform/shared/clock';
import type { LoginThrottleStore } from './login-throttle.store';

/** Limits of the per-IP login throttle (config LOGIN_IP_MAX_FAILURES and LOGIN_IP_WINDOW_MINUTES). */
export interface IpThrottleSettings {
  /** Counted attempts (failed guesses and guesses in progress) of one IP within the window that stop further logins. */
  maxFailures: number;
  /** Length of the sliding window in milliseconds. */
  windowMs: number;
}

/**
 * Outcome of asking the throttle before a password check:
 * - `allowed` with `slotId`: the attempt is counted from now on (row IN_PROGRESS in login_attempts); the caller gives
 *   that row its final status (`completeSlot`) or removes it (`abandonSlot`). `slotId` is null when the request has no
 *   IP address (never over HTTP) or the throttle is off: the caller records the attempt as usual.
 * - not allowed: the IP has used its attempts; `retryAfterSeconds` until the oldest counted one leaves the window.
 */
export type ThrottleDecision = { allowed: true; slotId: number | null } | { allowed: false; retryAfterSeconds: number };

/**
 * Per-IP login throttle against credential stuffing (OWASP ASVS 5.0 V6.3.1; ARCHITECTURE.md: rate limits live in the
 * database). Counts, per IP address and over all accounts, the password logins that failed (unknown e-mail, wrong
 * password, locked access) or are still being checked within a sliding window. At the limit, further logins from that
 * IP are refused before any account is looked up or any password hashed (no oracle), and no account is locked. Other
 * IPs are unaffected.
 */
export function createLoginThrottle(deps: { store: LoginThrottleStore; settings: IpThrottleSettings | undefined }) {
  const { store, settings } = deps;

  /**
   * Reserves a counted slot for a password (or passkey, `method`) login from `ipAddress` at `now` (epoch ms), atomically.
   * @returns the decision; see ThrottleDecision.
   */
  async function reserve(args: { ipAddress: string | null; email: string; userAgent: string | null; now: number; method?: 'PASSWORD' | 'PASSKEY' }): Promise<ThrottleDecision> {
    if (!settings || args.ipAddress === null) return { allowed: true, slotId: null };
    const since = isoInstant(args.now - settings.windowMs);
    const slotId = await store.reserveSlot({
      ip: args.ipAddress,
      email: args.email,
      userAgent: args.userAgent,
      now: isoInstant(args.now),
      since,
      max: settings.maxFailures,
      method: args.method,
    });
    if (slotId !== null) return { allowed: true, slotId };
    const oldest = await store.oldestCountedAttempt(args.ipAddress, since);
    const freeAt = (oldest === null ? args.now : Date.parse(oldest)) + settings.windowMs;
    return { allowed: false, retryAfterSeconds: Math.max(1, Math.ceil((freeAt - args.now) / 1000)) };
  }

  return { reserve };
}

export type LoginThrottle = ReturnType<typeof createLoginThrottle>;
