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

/** Built once: constructing an Intl.DateTimeFormat costs far more than formatting with it (it showed in the bench). */
const VIENNA_DATE = new Intl.DateTimeFormat('sv-SE', { timeZone: 'Europe/Vienna' });

/** ISO calendar date (YYYY-MM-DD) of a clock reading, in Vienna's time zone. */
export function isoDateVienna(ms: number): string {
  return VIENNA_DATE.format(new Date(ms));
}

