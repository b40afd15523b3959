/**
 * The loop behind the per-process background workers (mail outbox, scheduled jobs): rounds run one at a time, on a
 * real-time interval and on demand, and `stop()` waits for the round in progress. What a round does (and which time
 * it compares due dates with) is the caller's.
 */
import { randomBytes } from 'node:crypto';
import { hostname } from 'node:os';
import type { Logger } from '../../log';

/** Identity of a worker of this process in lease columns: host, process id and a random part. */
export function leaseOwnerId(): string {
  return `${hostname()}:${process.pid}:${randomBytes(4).toString('hex')}`;
}

export interface Poller<R> {
  /** Runs a round every `pollMs` (unref'd timer) and one at once; no-op when pollMs is 0, stopped or started. */
  start(): void;
  /** No more rounds; resolves when the one in progress has finished. */
  stop(): Promise<void>;
  /**
   * Runs rounds now (joining the rounds in progress, which then run once more) until `again(result)` is false;
   * resolves to every round's result. Errors of a round are logged as `what` and end the rounds.
   */
  trigger(): Promise<R[]>;
  /** Waits for the rounds in progress, then `trigger()`s; `[]` when stopped. */
  drain(): Promise<R[]>;
  readonly stopped: boolean;
}

export function createPoller<R>(options: { pollMs: number; round: () => Promise<R>; again?: (result: R) => boolean; logger: Logger; what: string }): Poller<R> {
  const { pollMs, round, logger, what } = options;
  const again = options.again ?? (() => false);
  let timer: NodeJS.Timeout | undefined;
  let stopped = false;
  let busy = false;
  let woken = false;
  let running: Promise<R[]> = Promise.resolve([]);

  function trigger(): Promise<R[]> {
    if (busy) {
      woken = true;
      return running;
    }
    busy = true;
    running = (async () => {
      const results: R[] = [];
      try {
        for (;;) {
          woken = false;
          const result = await round();
          results.push(result);
          if (!again(result) && !woken) break;
        }
      } catch (error) {
        logger.error(`${what} failed`, { error: error instanceof Error ? error.message : String(error) });
      } finally {
        busy = false;
      }
      return results;
    })();
    return running;
  }

  return {
    get stopped() {
      return stopped;
    },
    start() {
      if (pollMs === 0 || timer || stopped) return;
      timer = setInterval(() => void trigger(), pollMs);
      timer.unref();
      void trigger();
    },
    async stop() {
      stopped = true;
      if (timer) clearInterval(timer);
      timer = undefined;
      await running;
    },
    trigger,
    async drain() {
      await running;
      return stopped ? [] : trigger();
    },
  };
}
