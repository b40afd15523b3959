import { sql, type Placeholder } from 'drizzle-orm';
import { inWriteTransaction } from './client';

/**
 * Prepared reads for the hot paths of the stores (decision 0038). Building a Drizzle query (its SQL text, the
 * column casing, the parameter list) and, on SQLite, compiling the statement took most of the dashboard's CPU time
 * when every request did it anew for a dozen small reads (docs/benchmarks.md, "Steps"). A query made here is built
 * and prepared once per process and then only executed with its parameters; it still runs through Drizzle (its row
 * mapping and the `watchStatements` hook) on both engines. On PostgreSQL each is a named statement, parsed and planned
 * once per pooled connection; an unnamed one is parsed and planned again on every execution.
 *
 * A lookup by primary key or another unique key carries no `.limit(1)`: Drizzle sends the limit as a bound `LIMIT ?`,
 * and on SQLite (3.53, as better-sqlite3 12.11 builds it) that made such a read of one row take 2 to 3 times as long (a session
 * row: about 12 µs against 4.5 µs; docs/benchmarks.md, "Step 5"). The key already answers at most one row.
 *
 * Inside `writeTransaction` a read must run on the transaction's connection (SQLite: the writing one; PostgreSQL: the
 * transaction's client), which is not the one the cached query was prepared for: there the query is built anew each
 * time, as before.
 */

/** What Drizzle's `.prepare()` answers on both engines: executed with the values of its `sql.placeholder`s. */
export interface PreparedRead<R> {
  execute(values?: Record<string, unknown>): PromiseLike<R>;
}

/** A Drizzle query before `.prepare()`: what `preparedRead` and `preparedBatch` build. */
export interface Preparable<R> {
  prepare(): PreparedRead<R>;
}

/**
 * `query.prepare()` under a statement name: on PostgreSQL a named server-side statement, parsed and planned once per
 * pooled connection instead of on every execution (Drizzle's `prepare(name)` for node-postgres); SQLite's `prepare()`
 * takes no name and ignores it. `name` must belong to this one SQL text for the life of the process.
 */
function prepareNamed<R>(query: Preparable<R>, name: string): PreparedRead<R> {
  return (query.prepare as (this: unknown, name?: string) => PreparedRead<R>).call(query, name);
}

/**
 * The query `build` makes, prepared on first use outside a transaction under the statement name `name` (a named
 * statement on PostgreSQL, `prepareNamed`) and kept for the life of the process. `name`: lower-case letters, digits
 * and `_`, one per SQL text in the process (tests/api/prepared-reads.test.ts checks them on PostgreSQL).
 */
export function preparedRead<R>(name: string, build: () => Preparable<R>): () => PreparedRead<R> {
  let outside: PreparedRead<R> | undefined;
  return () => (inWriteTransaction() ? build().prepare() : (outside ??= prepareNamed(build(), name)));
}

/** Batches up to this many keys run a prepared `IN (…)` statement; larger ones build their query each time. */
export const PREPARED_BATCH_MAX = 64;

/**
 * A DataLoader batch query with an `IN (…)` list, prepared per list length: a batch of n keys runs the statement made
 * for the next power of two ≥ n (1, 2, 4, …, 64), the list filled up by repeating the last key (a key twice in an
 * `IN` list selects nothing twice), so at most seven statements are prepared per query, named `${name}_${size}`.
 * `build` gets the list's placeholders, or the keys themselves for a batch above 64 (built and run unprepared, as any
 * query). Answers the rows of the one statement the batch runs.
 */
export function preparedBatch<K, R>(name: string, build: (keys: readonly (K | Placeholder)[]) => Preparable<R>): (keys: readonly K[]) => PromiseLike<R> {
  const bySize = new Map<number, () => PreparedRead<R>>();
  return (keys) => {
    if (keys.length === 0 || keys.length > PREPARED_BATCH_MAX) return build(keys).prepare().execute();
    const size = 2 ** Math.ceil(Math.log2(keys.length));
    let query = bySize.get(size);
    if (!query) {
      const placeholders = Array.from({ length: size }, (_, i) => sql.placeholder(`k${i}`));
      query = preparedRead(`${name}_${size}`, () => build(placeholders));
      bySize.set(size, query);
    }
    const values: Record<string, unknown> = {};
    for (let i = 0; i < size; i++) values[`k${i}`] = keys[Math.min(i, keys.length - 1)];
    return query().execute(values);
  };
}

/** A batch's rows grouped by a key, in the order of `keys` (DataLoader's contract); an empty list for a key without rows. */
export function groupBy<K, R>(keys: readonly K[], rows: R[], keyOf: (row: R) => K): R[][] {
  const map = new Map<K, R[]>();
  for (const row of rows) {
    const k = keyOf(row);
    const list = map.get(k);
    if (list) list.push(row);
    else map.set(k, [row]);
  }
  return keys.map((k) => map.get(k) ?? []);
}

/** A batch's rows by a unique key, in the order of `keys` (DataLoader's contract); undefined for a key without a row. */
export function byKey<K, R>(keys: readonly K[], rows: R[], keyOf: (row: R) => K): (R | undefined)[] {
  const map = new Map(rows.map((r) => [keyOf(r), r]));
  return keys.map((k) => map.get(k));
}
