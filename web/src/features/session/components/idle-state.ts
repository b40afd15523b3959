import type { SessionTimings } from '../../../lib/session-timings';

/** Where the inactivity watch stands (spec 000 sections 4 and 9). */
export type IdlePhase = { phase: 'active' } | { phase: 'warning'; secondsLeft: number } | { phase: 'logout' };

export interface IdleInput {
  now: number;
  /** Last activity of the member (in this or another tab). */
  lastActivity: number;
  /** When the warning appeared; null while none shows. */
  warningSince: number | null;
  timings: SessionTimings;
}

/**
 * The phase for a moment: the warning after `idleWarningMs` without activity, the logout `logoutAfterWarningMs` after
 * the warning appeared, unless a key press (the caller resets `warningSince`) ended the warning first.
 */
export function idlePhase({ now, lastActivity, warningSince, timings }: IdleInput): IdlePhase {
  const start = warningSince ?? (now - lastActivity >= timings.idleWarningMs ? now : null);
  if (start === null) return { phase: 'active' };
  const left = start + timings.logoutAfterWarningMs - now;
  return left <= 0 ? { phase: 'logout' } : { phase: 'warning', secondsLeft: Math.ceil(left / 1000) };
}

/** Whether to call `keepAlive` now: the interval has passed and the member was active since the last call. */
export function keepAliveDue(input: { now: number; lastActivity: number; lastKeepAlive: number; timings: SessionTimings }): boolean {
  return input.now - input.lastKeepAlive >= input.timings.keepAliveMs && input.lastActivity > input.lastKeepAlive;
}

/** Checkpoints at which the live region announces the remaining time, so a screen reader is not read every second. */
const ANNOUNCED = [30, 20, 10, 5] as const;

/** The remaining seconds the live region announces: the next checkpoint at or above `secondsLeft`. */
export function announcedSeconds(secondsLeft: number): number {
  return [...ANNOUNCED].reverse().find((checkpoint) => checkpoint >= secondsLeft) ?? secondsLeft;
}
