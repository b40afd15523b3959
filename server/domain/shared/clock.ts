/**
 * The time source of the server. Everything that depends on "now" (session time-outs, 60-minute lockout,
 * 24-hour links, 7-day code limit, due dates) asks the clock, so tests can move time.
 */
export interface Clock {
  /** Current instant in milliseconds since the epoch. */
  now(): number;
}

export const systemClock: Clock = { now: () => Date.now() };

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
