import { AsyncLocalStorage } from 'node:async_hooks';

/**
 * The write transaction of the current async context (decision 0013): which transaction a query through a `Db` handle
 * joins, what runs after its commit, and the one-at-a-time lock of a SQLite process. db/client.ts opens the engines
 * and re-exports the public part (`afterCommit`, `inWriteTransaction`, `outsideTransaction`).
 */

/** What a transaction of the current async context runs on; `open` turns false at commit or rollback. */
export interface TxState {
  target: unknown;
  open: boolean;
  /** Run once the transaction committed (`afterCommit`); dropped on rollback. */
  committed: (() => void)[];
}

/** Runs the `afterCommit` callbacks of a committed transaction, outside it and after the current tick. */
export function runCommitted(state: TxState): void {
  for (const fn of state.committed) currentTx.exit(() => setImmediate(fn));
}

export const currentTx = new AsyncLocalStorage<TxState>();

/**
 * Transactions of this process (all handles) whose `fn` is running. While one is, `currentTx` is enabled; when the
 * last one settles, it is disabled again. An enabled AsyncLocalStorage keeps Node 20's async hooks on for every
 * promise, timer and socket write of the process, from the first transaction on: a REST response-cache hit took 69
 * instead of 56 µs of CPU (docs/benchmarks.md, "Step 7"). Disabled, the hooks are off until the next
 * transaction (`run` enables it again). Nothing changes for code that asks: a context whose transaction has settled
 * sees `open: false` while enabled and no store while disabled, and both mean "outside".
 */
let runningTransactions = 0;

/** Runs `fn` with `state` as the current transaction, counting it in `runningTransactions`. */
export async function runInTransaction<T>(state: TxState, fn: () => Promise<T>): Promise<T> {
  runningTransactions++;
  try {
    return await currentTx.run(state, fn);
  } finally {
    if (--runningTransactions === 0) currentTx.disable();
  }
}

/** Test hook: the number of transactions whose `fn` is running in this process (0 means the async hooks are off). */
export function runningTransactionCount(): number {
  return runningTransactions;
}

/** One transaction at a time per SQLite process: better-sqlite3 has one write connection. */
export class Mutex {
  private tail: Promise<void> = Promise.resolve();
  run<T>(fn: () => Promise<T>): Promise<T> {
    const result = this.tail.then(fn);
    this.tail = result.then(
      () => undefined,
      () => undefined,
    );
    return result;
  }
}

/**
 * Runs `fn` once the write transaction of the current async context has committed (never when it rolls back; on
 * PostgreSQL only the attempt that committed counts), outside that transaction and after the current tick; outside a
 * transaction, after the current tick. For effects that must follow the commit, such as waking the mail worker.
 */
export function afterCommit(fn: () => void): void {
  const tx = currentTx.getStore();
  if (tx?.open) tx.committed.push(fn);
  else currentTx.exit(() => setImmediate(fn));
}

/** True inside `writeTransaction` (of any database). */
export function inWriteTransaction(): boolean {
  return currentTx.getStore()?.open ?? false;
}

/** Runs `fn` outside any transaction of the current async context (for work that must not join one, e.g. the mail worker). */
export function outsideTransaction<T>(fn: () => T): T {
  return currentTx.exit(fn);
}
