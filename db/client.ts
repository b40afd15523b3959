import Database from 'better-sqlite3';
import { drizzle, type BetterSQLite3Database } from 'drizzle-orm/better-sqlite3';
import { migrate } from 'drizzle-orm/better-sqlite3/migrator';
import { mkdirSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import * as schema from './schema';

export type Db = BetterSQLite3Database<typeof schema> & { $client: Database.Database };

const MIGRATIONS_FOLDER = resolve(dirname(fileURLToPath(import.meta.url)), 'migrations');

/**
 * Opens the SQLite file with the durability settings the portal relies on and applies pending migrations.
 *
 * - `journal_mode=WAL`: readers never block the writer.
 * - `synchronous=FULL`: every commit is fsynced to the WAL before it is acknowledged; WAL's usual NORMAL can lose
 *   the last committed transactions on power loss, which a fund cannot accept.
 * - `foreign_keys=ON`, `busy_timeout=5000` ms: a second writer waits instead of failing with SQLITE_BUSY.
 *
 * @param path file path; `:memory:` is accepted for throw-away databases.
 */
export function openDatabase(path: string, options: { migrate?: boolean } = {}): Db {
  if (path !== ':memory:') mkdirSync(dirname(resolve(path)), { recursive: true });
  const sqlite = new Database(path);
  sqlite.pragma('journal_mode = WAL');
  sqlite.pragma('synchronous = FULL');
  sqlite.pragma('foreign_keys = ON');
  sqlite.pragma('busy_timeout = 5000');
  const db = drizzle(sqlite, { schema, casing: 'snake_case' }) as Db;
  if (options.migrate !== false) migrate(db, { migrationsFolder: MIGRATIONS_FOLDER });
  return db;
}

/** Runs `fn` in one write transaction that takes the write lock at its start (BEGIN IMMEDIATE). */
export function writeTransaction<T>(db: Db, fn: () => T): T {
  return db.$client.transaction(fn).immediate();
}
