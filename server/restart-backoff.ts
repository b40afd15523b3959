/** Restarts within this window count towards the back-off of a crash loop. */
const RESTART_WINDOW_MS = 60_000;
/** Restarts within the window that are made at once; each one beyond doubles the wait, up to RESTART_MAX_DELAY_MS. */
const RESTARTS_AT_ONCE = 5;
const RESTART_MAX_DELAY_MS = 30_000;

/**
 * The wait before the primary forks a replacement for a worker that exited: none for the first RESTARTS_AT_ONCE exits
 * within a minute, then 1 s, 2 s, 4 s, … up to 30 s, so a worker that dies on start (a broken database, a bad
 * configuration) does not spin the machine. `next(nowMs)` records one exit and answers the wait in milliseconds.
 */
export function createRestartBackoff() {
  const exits: number[] = [];
  return {
    next(nowMs: number): number {
      exits.push(nowMs);
      while (exits.length > 0 && exits[0]! < nowMs - RESTART_WINDOW_MS) exits.shift();
      const beyond = exits.length - RESTARTS_AT_ONCE;
      return beyond <= 0 ? 0 : Math.min(RESTART_MAX_DELAY_MS, 1000 * 2 ** (beyond - 1));
    },
  };
}
