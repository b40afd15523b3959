/**
 * The time source of the server. Everything that depends on "now" (session time-outs, 60-minute lockout,
 * 24-hour links, 7-day code limit, due dates) asks the clock, so tests can move time.
 */
export interface Clock {
  /** Current instant in milliseconds since the epoch. */
  now(): number;
}

export const systemClock: Clock = { now: () => Date.now() };

/**
 * A clock moved to another start: it reads `startMs` at the real instant `anchorMs` (default: when it is made) and
 * then moves on in real time, so a server started with it lives on a chosen day but its timers, time-outs and
 * lockouts still pass as they would. Both in milliseconds since the epoch. Used for the browser tests' servers
 * (PORTAL_CLOCK_START, server/config.ts; never in production).
 */
export function movedClock(startMs: number, anchorMs: number = Date.now()): Clock {
  const offset = startMs - anchorMs;
  return { now: () => Date.now() + offset };
}

/** A clock that tests set and advance by hand. */
export class ManualClock implements Clock {
  constructor(private current: number) {}
  now(): number {
    return this.current;
  }
  advance(ms: number): void {
    this.current += ms;
  }
  set(ms: number): void {
    this.current = ms;
  }
}

/** ISO 8601 instant (UTC) of a clock reading. */
export const isoInstant = (ms: number): string => new Date(ms).toISOString();
