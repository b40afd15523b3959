import type { Logger } from '../../log';

const pending = new Set<Promise<void>>();

/**
 * Runs `task` after the answer (mail, letter), so that an answer takes the same time whether or not something is
 * sent (no account enumeration by timing). A failure is logged with `what`, never thrown.
 */
export function runInBackground(logger: Logger, what: string, task: () => Promise<unknown>): void {
  const p: Promise<void> = new Promise<void>((resolve) => setImmediate(resolve))
    .then(task)
    .then(
      () => undefined,
      (error: unknown) => logger.error(`${what} failed`, { error: error instanceof Error ? error.message : String(error) }),
    )
    .finally(() => pending.delete(p));
  pending.add(p);
}

/** Resolves when every background task started so far has finished (tests, shutdown). */
export async function backgroundSettled(): Promise<void> {
  while (pending.size) await Promise.all([...pending]);
}
