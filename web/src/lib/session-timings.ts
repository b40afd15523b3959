/**
 * Timings of the session watch (spec 000 section 9): the inactivity warning after `clientConfig.idleWarningSeconds`,
 * the automatic logout 30 s after the warning, and `keepAlive` every 180 s while the member is active.
 *
 * Browser tests shorten them with a JSON object in sessionStorage under `mvbv-test-timings`, for example
 * `{"idleWarningSeconds": 3, "logoutAfterWarningSeconds": 5, "keepAliveSeconds": 2}`. The override is read in every
 * build but can only shorten a timing (each value is clamped to 1 s … the configured value): it can end the
 * visitor's own session sooner, never keep a session open longer than the server allows.
 */
export const LOGOUT_AFTER_WARNING_SECONDS = 30;
export const KEEP_ALIVE_SECONDS = 180;
export const TIMINGS_OVERRIDE_KEY = 'mvbv-test-timings';

export interface SessionTimings {
  /** Inactivity before the warning. */
  idleWarningMs: number;
  /** Time from the warning to the automatic logout. */
  logoutAfterWarningMs: number;
  /** Interval of `keepAlive` while the member is active. */
  keepAliveMs: number;
}

function readOverride(): string | null {
  try {
    return sessionStorage.getItem(TIMINGS_OVERRIDE_KEY);
  } catch {
    return null;
  }
}

function shortened(configured: number, override: unknown): number {
  if (typeof override !== 'number' || !Number.isFinite(override)) return configured;
  return Math.min(configured, Math.max(1, override));
}

/** The timings for the configured warning time, shortened by a test override (see the module comment). */
export function sessionTimings(idleWarningSeconds: number, override: string | null = readOverride()): SessionTimings {
  let parsed: Record<string, unknown> = {};
  if (override) {
    try {
      const value = JSON.parse(override) as unknown;
      if (value && typeof value === 'object') parsed = value as Record<string, unknown>;
    } catch {
      parsed = {};
    }
  }
  return {
    idleWarningMs: shortened(idleWarningSeconds, parsed['idleWarningSeconds']) * 1000,
    logoutAfterWarningMs: shortened(LOGOUT_AFTER_WARNING_SECONDS, parsed['logoutAfterWarningSeconds']) * 1000,
    keepAliveMs: shortened(KEEP_ALIVE_SECONDS, parsed['keepAliveSeconds']) * 1000,
  };
}
