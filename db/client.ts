import Database from 'better-sqlite3';
import { drizzle as drizzleSqlite, type BetterSQLite3Database } from 'drizzle-orm/better-sqlite3';
import { drizzle as drizzlePg, type NodePgDatabase } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import type { SqliteRemoteDatabase } from 'drizzle-orm/sqlite-proxy';
import type { SQL } from 'drizzle-orm';
import { mkdirSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { isRetryablePgError } from './busy-errors';
import { migrateSqliteDatabase } from './migrate-sqlite';
import { withoutNulBytes } from './pg-nul-bytes';
import * as schema from './schema';
import { dialectOf, SCHEMA_DIALECT, type Dialect } from './schema/kit';
import { currentTx, Mutex, runCommitted, runInTransaction, type TxState } from './transaction-context';

export { dialectOf, type Dialect };
// The transaction context and the busy errors live beside this file; callers keep importing them from here.
export { afterCommit, inWriteTransaction, outsideTransaction, runningTransactionCount } from './transaction-context';
export { isDatabaseBusyError } from './busy-errors';

/**
 * The portal's database handle, the same on both engines. Its query-builder API is Drizzle's SQLite one, always
 * awaited (stores never use better-sqlite3's synchronous `.get()`, `.all()`, `.run()`): on PostgreSQL the same calls
 * reach Drizzle's node-postgres driver. Inside `writeTransaction` the handle runs every query in that transaction
 * (AsyncLocalStorage), so stores take the handle and never a transaction object.
 */
export type Db = SqliteRemoteDatabase<typeof schema> & DbExtras;

interface DbExtras {
  /** The engine behind the handle. */
  readonly dialect: Dialect;
  /** Closes the connections (SQLite: both; PostgreSQL: the pool). */
  close(): Promise<void>;
  /**
   * SQLite only: the better-sqlite3 connection that writes (migrations, transactions, seed, backup, pragmas).
   * Throws on PostgreSQL.
   */
  readonly $client: Database.Database;
  /** PostgreSQL only: the connection pool. Throws on SQLite. */
  readonly $pool: pg.Pool;
  /**
   * Test and diagnosis hook: calls `listener` with the SQL text and parameters of every statement the query builder
   * runs through this handle (inside and outside transactions, both engines; not migrations or the seed's raw
   * statements) until the returned function is called. The statements are reported before they run.
   */
  watchStatements(listener: StatementListener): () => void;
  /**
   * SQLite: `PRAGMA data_version` of the reading connection, a number that changes whenever any connection (this
   * handle's writer, another process, a tool) has committed to the file since the last call, and stays the same
   * otherwise (https://sqlite.org/pragma.html#pragma_data_version). One call starts and ends a read transaction, without
   * reading a table. PostgreSQL: null (no such counter; `memoUntilCommit` reads every time).
   */
  dataVersion(): number | null;
}

/** Receives a statement of `Db.watchStatements`: the SQL as sent to the engine (`?` on SQLite, `$n` on PostgreSQL). */
type StatementListener = (statement: { sql: string; params: unknown[] }) => void;

/** Drizzle's logger option: hands every statement to the watching listeners (none outside tests). */
function statementLogger(listeners: Set<StatementListener>): { logQuery(query: string, params: unknown[]): void } {
  return {
    logQuery(query, params) {
      for (const listener of listeners) listener({ sql: query, params });
    },
  };
}

const HERE = dirname(fileURLToPath(import.meta.url));
/** drizzle-kit output per engine (db/schema is the one source of both). */
export const MIGRATIONS_FOLDERS: Record<Dialect, string> = {
  sqlite: resolve(HERE, 'migrations'),
  postgresql: resolve(HERE, 'migrations-pg'),
};

/** Default of `busyTimeoutMs` in `openDatabase`: how long a writer waits for the write lock, in milliseconds. */
export const DEFAULT_BUSY_TIMEOUT_MS = 5000;
/** Default of `poolSize` in `openDatabase`: PostgreSQL connections per process. */
export const DEFAULT_POOL_SIZE = 10;

/** Options of `openDatabase`. */
export interface OpenDatabaseOptions {
  /** Apply pending migrations (default true). */
  migrate?: boolean;
  /**
   * SQLite: milliseconds a statement waits for a lock held by another connection before it fails with SQLITE_BUSY
   * (`PRAGMA busy_timeout`). PostgreSQL: `lock_timeout` of every connection. Integer ≥ 0; default 5000.
   */
  busyTimeoutMs?: number;
  /** PostgreSQL: connections in the pool of this process (integer ≥ 1, default 10). Ignored on SQLite. */
  poolSize?: number;
}

interface Engine {
  dialect: Dialect;
  /** Drizzle instance for queries outside a transaction. */
  base: unknown;
  transaction<T>(fn: () => Promise<T>): Promise<T>;
  close(): Promise<void>;
  sqlite?: Database.Database;
  pool?: pg.Pool;
  /** Listeners of `watchStatements`, given to Drizzle's logger. */
  listeners: Set<StatementListener>;
  /** `Db.dataVersion`. */
  dataVersion(): number | null;
}

const engines = new WeakMap<object, Engine>();

function handle(engine: Engine): Db {
  const extras: DbExtras = {
    dialect: engine.dialect,
    close: () => engine.close(),
    get $client(): Database.Database {
      if (!engine.sqlite) throw new Error('db.$client is the SQLite connection; this database is PostgreSQL');
      return engine.sqlite;
    },
    get $pool(): pg.Pool {
      if (!engine.pool) throw new Error('db.$pool is the PostgreSQL pool; this database is SQLite');
      return engine.pool;
    },
    watchStatements(listener) {
      engine.listeners.add(listener);
      return () => engine.listeners.delete(listener);
    },
    dataVersion: engine.dataVersion,
  };
  const proxy = new Proxy(extras, {
    get(target, prop) {
      if (prop in target) return Reflect.get(target, prop);
      const tx = currentTx.getStore();
      const on = (tx?.open ? tx.target : engine.base) as Record<string | symbol, unknown>;
      const value = on[prop];
      return typeof value === 'function' ? (value as (...a: unknown[]) => unknown).bind(on) : value;
    },
  }) as unknown as Db;
  engines.set(proxy, engine);
  return proxy;
}

function engineOf(db: Db): Engine {
  const engine = engines.get(db);
  if (!engine) throw new Error('not a database handle of openDatabase');
  return engine;
}

/**
 * Opens the portal's database and applies pending migrations.
 *
 * - A path (default engine): SQLite through better-sqlite3. Two connections: one that writes (`journal_mode=WAL`,
 *   `synchronous=FULL` so every commit is fsynced before it is acknowledged, `foreign_keys=ON`, `busy_timeout`), used
 *   by `writeTransaction` one transaction at a time, and a read-only one for every query outside a transaction, which
 *   sees only committed data. A write outside `writeTransaction` fails ("readonly database"), so no write can slip
 *   into another request's open transaction. Several processes may open one file (cluster mode): SQLite's write lock
 *   orders their transactions.
 * - `postgres://…` or `postgresql://…`: PostgreSQL through node-postgres, a pool of `poolSize` connections; migrations
 *   run under an advisory lock, so processes starting together migrate once.
 *
 * The tables of db/schema must have been built for the same engine (DATABASE_URL set before db/schema was loaded):
 * otherwise this throws.
 *
 * @throws RangeError for a bad option or a mismatching engine; the driver's error when the database cannot be opened
 *   or a migration fails.
 */
export async function openDatabase(location: string, options: OpenDatabaseOptions = {}): Promise<Db> {
  const busyTimeoutMs = options.busyTimeoutMs ?? DEFAULT_BUSY_TIMEOUT_MS;
  if (!Number.isSafeInteger(busyTimeoutMs) || busyTimeoutMs < 0) throw new RangeError(`busyTimeoutMs must be an integer ≥ 0, got ${busyTimeoutMs}`);
  const dialect = dialectOf(location);
  if (dialect !== SCHEMA_DIALECT) {
    throw new RangeError(`the tables were built for ${SCHEMA_DIALECT} but the database is ${dialect}: set DATABASE_URL to the database before the portal starts`);
  }
  return dialect === 'postgresql' ? openPostgres(location, busyTimeoutMs, options) : openSqlite(location, busyTimeoutMs, options);
}

function openSqlite(path: string, busyTimeoutMs: number, options: OpenDatabaseOptions): Db {
  if (path === ':memory:') throw new RangeError('an in-memory SQLite database cannot be shared by the reading and the writing connection; use a file');
  mkdirSync(dirname(resolve(path)), { recursive: true });
  const writer = new Database(path);
  writer.pragma('journal_mode = WAL');
  writer.pragma('synchronous = FULL');
  writer.pragma('foreign_keys = ON');
  writer.pragma(`busy_timeout = ${busyTimeoutMs}`);
  const listeners = new Set<StatementListener>();
  const logger = statementLogger(listeners);
  const writeDb = drizzleSqlite(writer, { schema, casing: 'snake_case', logger });
  // Not drizzle-orm's migrate: a table rebuild must run with foreign keys off (db/migrate-sqlite.ts).
  if (options.migrate !== false) migrateSqliteDatabase(writer, MIGRATIONS_FOLDERS.sqlite);
  const reader = new Database(path, { readonly: true, fileMustExist: true });
  reader.pragma(`busy_timeout = ${busyTimeoutMs}`);
  const readDb: BetterSQLite3Database<typeof schema> = drizzleSqlite(reader, { schema, casing: 'snake_case', logger });
  const mutex = new Mutex();
  const dataVersion = reader.prepare('PRAGMA data_version').pluck();
  return handle({
    dialect: 'sqlite',
    listeners,
    dataVersion: () => dataVersion.get() as number,
    base: readDb,
    sqlite: writer,
    transaction: (fn) =>
      mutex.run(async () => {
        writer.exec('BEGIN IMMEDIATE');
        const state: TxState = { target: writeDb, open: true, committed: [] };
        try {
          const result = await runInTransaction(state, fn);
          state.open = false;
          writer.exec('COMMIT');
          runCommitted(state);
          return result;
        } catch (error) {
          state.open = false;
          if (writer.inTransaction) writer.exec('ROLLBACK');
          throw error;
        }
      }),
    async close() {
      reader.close();
      writer.close();
    },
  });
}

/** Advisory-lock key under which PostgreSQL migrations run (one migrating process at a time). */
const MIGRATION_LOCK_KEY = 713_013;
/** How often a serialisable PostgreSQL transaction is tried before its conflict is reported (as busy). */
const SERIALIZATION_ATTEMPTS = 30;

async function openPostgres(url: string, busyTimeoutMs: number, options: OpenDatabaseOptions): Promise<Db> {
  const poolSize = options.poolSize ?? DEFAULT_POOL_SIZE;
  if (!Number.isSafeInteger(poolSize) || poolSize < 1) throw new RangeError(`poolSize must be an integer ≥ 1, got ${poolSize}`);
  const pool = new pg.Pool({
    connectionString: url,
    max: poolSize,
    // count(*) and sum() answer int8/numeric, which node-postgres gives as strings; the portal's figures fit a number.
    types: {
      getTypeParser: ((oid: number, format?: 'text' | 'binary') =>
        oid === 20 || oid === 1700 ? (value: string) => Number(value) : pg.types.getTypeParser(oid, format)) as typeof pg.types.getTypeParser,
    },
    options: `-c lock_timeout=${busyTimeoutMs}`,
  });
  pool.on('error', () => {
    /* an idle client lost its connection; the pool replaces it */
  });
  pool.on('connect', (client) => withoutNulBytes(client));
  const listeners = new Set<StatementListener>();
  const db: NodePgDatabase<typeof schema> = drizzlePg(pool, { schema, casing: 'snake_case', logger: statementLogger(listeners) });
  if (options.migrate !== false) {
    const client = await pool.connect();
    try {
      await client.query('SELECT pg_advisory_lock($1)', [MIGRATION_LOCK_KEY]);
      await migratePg(drizzlePg(client, { schema, casing: 'snake_case' }), { migrationsFolder: MIGRATIONS_FOLDERS.postgresql });
    } finally {
      await client.query('SELECT pg_advisory_unlock($1)', [MIGRATION_LOCK_KEY]).catch(() => undefined);
      client.release();
    }
  }
  return handle({
    dialect: 'postgresql',
    listeners,
    dataVersion: () => null,
    base: db,
    pool,
    async transaction<T>(fn: () => Promise<T>): Promise<T> {
      for (let attempt = 1; ; attempt++) {
        const attemptState: { current?: TxState } = {};
        try {
          const result = await db.transaction(
            async (tx) => {
              const state: TxState = { target: tx, open: true, committed: [] };
              attemptState.current = state;
              try {
                return await runInTransaction(state, fn);
              } finally {
                state.open = false;
              }
            },
            { isolationLevel: 'serializable' },
          );
          if (attemptState.current) runCommitted(attemptState.current);
          return result;
        } catch (error) {
          if (attempt >= SERIALIZATION_ATTEMPTS || !isRetryablePgError(error)) throw error;
          // Another transaction touched the same rows: run this one again on the new state.
          await new Promise((r) => setTimeout(r, Math.random() * Math.min(100, 2 ** attempt)));
        }
      }
    },
    async close() {
      await pool.end();
    },
  });
}

/**
 * Runs `fn` in one write transaction and resolves to its result; a rejection of `fn` rolls everything back.
 *
 * - SQLite: BEGIN IMMEDIATE on the writing connection, one transaction of the process at a time; the write lock
 *   orders transactions of several processes. Serialisable by construction.
 * - PostgreSQL: an ISOLATION LEVEL SERIALIZABLE transaction, run again (up to 30 times, after a random pause growing to 100 ms) when PostgreSQL reports a
 *   serialization conflict or deadlock, so `fn` must not have effects outside the database (mail goes through the
 *   outbox table).
 *
 * Every query through `db` inside `fn` (also in functions it awaits) runs in the transaction; a nested call joins the
 * outer transaction.
 */
export function writeTransaction<T>(db: Db, fn: () => Promise<T>): Promise<T> {
  if (currentTx.getStore()?.open) return fn();
  return engineOf(db).transaction(fn);
}

/**
 * Runs a raw SQL query (Drizzle's `sql` template, whose parameters are bound, never spliced) and resolves to its rows
 * with the column names as the query gives them. Keep such SQL to what both engines understand.
 */
export async function rawRows<T>(db: Db, query: SQL): Promise<T[]> {
  if (db.dialect === 'postgresql') return (await (db as unknown as NodePgDatabase).execute(query)).rows as T[];
  return (await db.all(query)) as T[];
}
