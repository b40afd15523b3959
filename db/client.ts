import Database from 'better-sqlite3';
import { drizzle, type BetterSQLite3Database } from 'drizzle-orm/better-sqlite3';
import { migrate } from 'drizzle-orm/better-sqlite3/migrator';
import { mkdirSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import * as schema from './schema';

export type Db = BetterSQLite3Database<typeof schema> & { $client: Database.Database };

const MIGRATIONS_FOLDER = resolve(dirname(fileURLToPath(import.meta.url)), 'migrations');

/** Default of `busyTimeoutMs` in `openDatabase`: how long a writer waits for the write lock, in milliseconds. */
export const DEFAULT_BUSY_TIMEOUT_MS = 5000;

/** Options of `openDatabase`. */
export interface OpenDatabaseOptions {
  /** Apply pending migrations from db/migrations (default true). */
  migrate?: boolean;
  /**
   * Milliseconds a statement waits for a lock held by another connection before it fails with SQLITE_BUSY
   * (`PRAGMA busy_timeout`). Integer ≥ 0; default DEFAULT_BUSY_TIMEOUT_MS (5000).
   */
  busyTimeoutMs?: number;
}

/**
 * Opens the SQLite file with the durability settings the portal relies on and applies pending migrations.
 *
 * - `journal_mode=WAL`: readers never block the writer.
 * - `synchronous=FULL`: every commit is fsynced to the WAL before it is acknowledged; WAL's usual NORMAL can lose
 *   the last committed transactions on power loss, which a fund cannot accept.
 * - `foreign_keys=ON`, `busy_timeout` (default 5000 ms): a second writer waits instead of failing with SQLITE_BUSY;
 *   only a lock held longer than that surfaces as SQLITE_BUSY (see `isDatabaseBusyError`).
 *
 * @param path file path; `:memory:` is accepted for throw-away databases. The parent folder is created if missing.
 * @throws RangeError for a negative or fractional `busyTimeoutMs`; SqliteError when the file cannot be opened or a
 *   migration fails.
 */
export function openDatabase(path: string, options: OpenDatabaseOptions = {}): Db {
  const busyTimeoutMs = options.busyTimeoutMs ?? DEFAULT_BUSY_TIMEOUT_MS;
  if (!Number.isSafeInteger(busyTimeoutMs) || busyTimeoutMs < 0) throw new RangeError(`busyTimeoutMs must be an integer ≥ 0, got ${busyTimeoutMs}`);
  if (path !== ':memory:') mkdirSync(dirname(resolve(path)), { recursive: true });
  const sqlite = new Database(path);
  sqlite.pragma('journal_mode = WAL');
  sqlite.pragma('synchronous = FULL');
  sqlite.pragma('foreign_keys = ON');
  sqlite.pragma(`busy_timeout = ${busyTimeoutMs}`);
  const db = drizzle(sqlite, { schema, casing: 'snake_case' }) as Db;
  if (options.migrate !== false) migrate(db, { migrationsFolder: MIGRATIONS_FOLDER });
  return db;
}

/**
 * True when `error` (or an error in its `cause` chain, as Drizzle wraps driver errors in DrizzleQueryError) is
 * SQLite's "database is busy/locked": another connection held the lock longer than the busy timeout
 * (SQLITE_BUSY and its extended codes, SQLITE_LOCKED). Such a failure is temporary; nothing of the failed statement
 * was written, so transports answer "try again" (REST 503) instead of an internal error.
 */
export function isDatabaseBusyError(error: unknown): boolean {
  let current: unknown = error;
  for (let depth = 0; depth < 5 && current instanceof Error; depth++) {
    const code = (current as { code?: unknown }).code;
    if (typeof code === 'string' && /^SQLITE_(BUSY|LOCKED)(_|$)/.test(code)) return true;
    current = current.cause;
  }
  return false;
}

/** Runs `fn` in one write transaction that takes the write lock at its start (BEGIN IMMEDIATE). */
export function writeTransaction<T>(db: Db, fn: () => T): T {
  return db.$client.transaction(fn).immediate();
}
