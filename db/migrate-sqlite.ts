import type Database from 'better-sqlite3';
import { readMigrationFiles } from 'drizzle-orm/migrator';
import { cleanStoredFileName } from '@contract/uploads';

/** Drizzle's bookkeeping table (the same one drizzle-orm's migrator keeps, so databases migrated by either agree). */
const MIGRATIONS_TABLE = '__drizzle_migrations';

/** One migration of the journal, as drizzle-orm's `readMigrationFiles` gives it. */
interface Migration {
  /** The SQL split at drizzle-kit's `--> statement-breakpoint`. */
  sql: string[];
  /** The journal's `when`: the migration's order and its key in the bookkeeping table. */
  folderMillis: number;
  hash: string;
}

/**
 * True for a migration that rebuilds a table: drizzle-kit begins every SQLite table rebuild (a changed CHECK, column
 * type or foreign key) with the statement `PRAGMA foreign_keys=OFF`. That line is the mark `migrateSqliteDatabase`
 * honours; inside a transaction SQLite ignores the pragma, so the mark must be acted on before the transaction.
 */
export function rebuildsTables(migration: { sql: readonly string[] }): boolean {
  return /^\s*PRAGMA\s+foreign_keys\s*=\s*OFF\s*;?\s*$/i.test(migration.sql[0] ?? '');
}

/** A marked migration left rows whose foreign key points nowhere (`PRAGMA foreign_key_check`); nothing was applied. */
export class ForeignKeyViolationError extends Error {
  constructor(
    readonly migration: number,
    readonly violations: { table: string; rowid: number | null; parent: string }[],
  ) {
    super(`migration ${migration} left ${violations.length} rows with a broken foreign key (first: ${violations[0]?.table} → ${violations[0]?.parent}); rolled back`);
  }
}

/**
 * Registers on `c` the SQL functions the SQLite migrations call where plain SQL cannot do the work:
 * `portal_clean_file_name(name)`, the contract's `cleanStoredFileName` (migration 0020_clean_file_names: a Latin-1
 * misreading repaired, control and text-reordering characters removed; PostgreSQL's migration defines the same function
 * in plpgsql; decision 0041). Deterministic, so SQLite may use it anywhere.
 */
export function registerMigrationFunctions(c: Database.Database): void {
  c.function('portal_clean_file_name', { deterministic: true }, (name: unknown) => (typeof name === 'string' ? cleanStoredFileName(name) : name));
}

/**
 * Applies the pending migrations of `migrationsFolder` (drizzle-kit's SQLite output with meta/_journal.json) to the
 * better-sqlite3 connection `c`, which must not be in a transaction. Replaces drizzle-orm's `migrate`, whose one
 * transaction runs with the connection's foreign keys ON: there a table rebuild's `DROP TABLE` deletes (ON DELETE
 * CASCADE) or refuses (no action) the rows of every child table, since SQLite ignores `PRAGMA foreign_keys=OFF`
 * inside a transaction (docs/decisions/0021-spec-rules-issue-19.md).
 *
 * - Pending migrations (journal `when` after the newest recorded one) run in order; each run of ordinary migrations
 *   in one `BEGIN IMMEDIATE` transaction, with its rows in `__drizzle_migrations` (hash, created_at) as drizzle-orm
 *   writes them. The newest recorded one is read again inside the transaction, so two processes starting together
 *   apply each migration once.
 * - The functions of `registerMigrationFunctions` are registered on `c` first.
 * - A migration that rebuilds tables (`rebuildsTables`) runs alone: foreign keys OFF outside the transaction, the
 *   statements, then `PRAGMA foreign_key_check` inside the transaction: any row with a broken reference rolls the
 *   migration back and throws `ForeignKeyViolationError`. Afterwards the foreign-key setting is what it was before.
 *
 * @throws ForeignKeyViolationError as above; the driver's error when a statement fails (that transaction is rolled
 *   back; migrations committed before it stay applied and recorded); Error when `c` is in a transaction.
 */
export function migrateSqliteDatabase(c: Database.Database, migrationsFolder: string): void {
  if (c.inTransaction) throw new Error('migrateSqliteDatabase: the connection is in a transaction');
  registerMigrationFunctions(c);
  c.exec(`CREATE TABLE IF NOT EXISTS "${MIGRATIONS_TABLE}" (id SERIAL PRIMARY KEY, hash text NOT NULL, created_at numeric)`);
  const lastApplied = (): number | undefined => {
    const value = c.prepare(`SELECT created_at FROM "${MIGRATIONS_TABLE}" ORDER BY created_at DESC LIMIT 1`).pluck().get();
    return value === undefined || value === null ? undefined : Number(value);
  };
  const before = lastApplied();
  const pending = (readMigrationFiles({ migrationsFolder }) as Migration[]).filter((m) => before === undefined || before < m.folderMillis);
  let batch: Migration[] = [];
  for (const migration of pending) {
    if (!rebuildsTables(migration)) {
      batch.push(migration);
      continue;
    }
    applyInTransaction(c, batch, lastApplied, false);
    batch = [];
    const foreignKeys = c.pragma('foreign_keys', { simple: true }) as number;
    c.pragma('foreign_keys = OFF');
    try {
      applyInTransaction(c, [migration], lastApplied, true);
    } finally {
      c.pragma(`foreign_keys = ${foreignKeys ? 'ON' : 'OFF'}`);
    }
  }
  applyInTransaction(c, batch, lastApplied, false);
}

function applyInTransaction(c: Database.Database, migrations: Migration[], lastApplied: () => number | undefined, checkForeignKeys: boolean): void {
  if (migrations.length === 0) return;
  c.exec('BEGIN IMMEDIATE');
  try {
    const last = lastApplied();
    for (const migration of migrations) {
      if (last !== undefined && migration.folderMillis <= last) continue;
      for (const statement of migration.sql) if (statement.trim()) c.exec(statement);
      if (checkForeignKeys) {
        const violations = c.prepare('PRAGMA foreign_key_check').all() as { table: string; rowid: number | null; parent: string }[];
        if (violations.length > 0) throw new ForeignKeyViolationError(migration.folderMillis, violations);
      }
      c.prepare(`INSERT INTO "${MIGRATIONS_TABLE}" ("hash", "created_at") VALUES (?, ?)`).run(migration.hash, migration.folderMillis);
    }
    c.exec('COMMIT');
  } catch (error) {
    if (c.inTransaction) c.exec('ROLLBACK');
    throw error;
  }
}
