/**
 * A SQLite table rebuild keeps every row (insurance numbers; docs/decisions/0021-spec-rules-issue-19.md).
 *
 * Migration 0016 widens the CHECK of `persons.svnr` for the fund's `A` numbers; SQLite can only do that by copying
 * `persons` into a new table, dropping the old one and renaming. A seeded database at the previous migration (every
 * table that hangs off `persons`, directly or through another table, holds rows) is migrated by the portal's runner
 * (db/migrate-sqlite.ts) and must keep every row of every table, unchanged. The same database under drizzle-orm's own
 * migrator shows what the runner prevents; a rebuild that would leave a broken reference is rolled back.
 */
import Database from 'better-sqlite3';
import { createHash } from 'node:crypto';
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { drizzle } from 'drizzle-orm/better-sqlite3';
import { migrate as drizzleMigrate } from 'drizzle-orm/better-sqlite3/migrator';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MIGRATIONS_FOLDERS } from '../../db/client';
import { ForeignKeyViolationError, migrateSqliteDatabase, rebuildsTables, registerMigrationFunctions } from '../../db/migrate-sqlite';
import { seedSqlite } from '../../db/seed/generator';

/**
 * The journal tag of the rebuild under test: the first migration that drops and rebuilds `persons` (found by content,
 * so the test survives a regenerated migration with another name).
 */
let REBUILD_TAG: string;

let work: string;
/** The committed migrations up to the one before the rebuild. */
let previousFolder: string;
/** The migrations up to and including the rebuild (later migrations may change the same tables' columns). */
let throughRebuildFolder: string;
/** A seeded database at the previous migration with every child table filled; copied by each test. */
let seededFile: string;

interface JournalEntry {
  idx: number;
  when: number;
  tag: string;
  breakpoints: boolean;
  version: string;
}

/** Copies the committed SQLite migrations to `dir`, keeping only the journal entries `keep` accepts. */
function migrationsCopy(dir: string, keep: (entry: JournalEntry) => boolean): string {
  cpSync(MIGRATIONS_FOLDERS.sqlite, dir, { recursive: true });
  const journalPath = join(dir, 'meta', '_journal.json');
  const journal = JSON.parse(readFileSync(journalPath, 'utf8')) as { entries: JournalEntry[] };
  journal.entries = journal.entries.filter(keep);
  writeFileSync(journalPath, JSON.stringify(journal, null, 2));
  return dir;
}

/** The connection as the portal opens its writer: foreign keys on. */
function open(file: string): Database.Database {
  const c = new Database(file);
  c.pragma('foreign_keys = ON');
  return c;
}

function userTables(c: Database.Database): string[] {
  return (
    c.prepare(`SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%' AND name <> '__drizzle_migrations' ORDER BY name`).all() as { name: string }[]
  ).map((r) => r.name);
}

interface ForeignKey {
  table: string;
  from: string;
  to: string;
}

function foreignKeys(c: Database.Database, table: string): ForeignKey[] {
  return c.prepare(`PRAGMA foreign_key_list("${table}")`).all() as ForeignKey[];
}

/** Tables that reference `persons`, directly or through another such table (the rows a rebuild of persons endangers). */
function descendantsOfPersons(c: Database.Database): string[] {
  const found = new Set<string>(['persons']);
  for (let grew = true; grew;) {
    grew = false;
    for (const t of userTables(c)) {
      if (!found.has(t) && foreignKeys(c, t).some((fk) => found.has(fk.table))) {
        found.add(t);
        grew = true;
      }
    }
  }
  found.delete('persons');
  return [...found].sort();
}

/**
 * Adds one row to `table`: every foreign key points at the first row of its parent, every other NOT NULL column
 * without a default gets a plain value of its type (the seed leaves session, claim, mandate, consent and similar
 * tables empty).
 */
function insertOneRow(c: Database.Database, table: string): void {
  const fks = new Map(foreignKeys(c, table).map((fk) => [fk.from, fk]));
  const columns = c.prepare(`PRAGMA table_info("${table}")`).all() as { name: string; type: string; notnull: number; dflt_value: string | null; pk: number }[];
  const names: string[] = [];
  const values: unknown[] = [];
  for (const col of columns) {
    const fk = fks.get(col.name);
    if (fk) {
      names.push(col.name);
      values.push(c.prepare(`SELECT "${fk.to}" FROM "${fk.table}" ORDER BY rowid LIMIT 1`).pluck().get());
    } else if (col.pk === 1 && col.type.toLowerCase() === 'integer') {
      continue;
    } else if (col.notnull && col.dflt_value === null) {
      names.push(col.name);
      const type = col.type.toLowerCase();
      values.push(type === 'integer' ? 1 : type === 'blob' ? Buffer.from('x') : `${table}-${col.name}`);
    }
  }
  c.prepare(`INSERT INTO "${table}" (${names.map((n) => `"${n}"`).join(', ')}) VALUES (${names.map(() => '?').join(', ')})`).run(...values);
}

/** Row count and a digest of the sorted rows of every table: equal digests mean equal contents (column order aside). */
function contents(c: Database.Database): Record<string, { rows: number; digest: string }> {
  return Object.fromEntries(
    userTables(c).map((t) => {
      // Keys sorted: a rebuilt table lists its columns in the declaration's order, not in the order they were added.
      const rows = (c.prepare(`SELECT * FROM "${t}"`).all() as Record<string, unknown>[])
        .map((r) =>
          JSON.stringify(
            Object.entries(r)
              .sort(([a], [b]) => a.localeCompare(b))
              .map(([k, v]) => [k, Buffer.isBuffer(v) ? v.toString('hex') : v]),
          ),
        )
        .sort();
      return [t, { rows: rows.length, digest: createHash('sha256').update(rows.join('\n')).digest('hex') }];
    }),
  );
}

function copyOfSeeded(name: string): string {
  const file = join(work, `${name}.db`);
  cpSync(seededFile, file);
  return file;
}

beforeAll(async () => {
  work = mkdtempSync(join(tmpdir(), 'portal-rebuild-'));
  const journal = JSON.parse(readFileSync(join(MIGRATIONS_FOLDERS.sqlite, 'meta', '_journal.json'), 'utf8')) as { entries: JournalEntry[] };
  const rebuild = journal.entries.find((e) => readFileSync(join(MIGRATIONS_FOLDERS.sqlite, `${e.tag}.sql`), 'utf8').includes('DROP TABLE `persons`'));
  if (!rebuild) throw new Error('no migration rebuilds persons');
  REBUILD_TAG = rebuild.tag;
  previousFolder = migrationsCopy(join(work, 'previous'), (e) => e.idx < rebuild.idx);
  throughRebuildFolder = migrationsCopy(join(work, 'through-rebuild'), (e) => e.idx <= rebuild.idx);
  seededFile = join(work, 'seeded.db');
  const c = open(seededFile);
  try {
    migrateSqliteDatabase(c, previousFolder);
    await seedSqlite(c, { members: 30, today: '2026-11-25' });
    // Fill every empty table below persons, parents first.
    for (let filled = true; filled;) {
      filled = false;
      for (const t of descendantsOfPersons(c)) {
        const empty = (c.prepare(`SELECT count(*) FROM "${t}"`).pluck().get() as number) === 0;
        const parentsReady = foreignKeys(c, t).every((fk) => (c.prepare(`SELECT count(*) FROM "${fk.table}"`).pluck().get() as number) > 0);
        if (empty && parentsReady) {
          insertOneRow(c, t);
          filled = true;
        }
      }
    }
    expect(c.prepare('PRAGMA foreign_key_check').all()).toEqual([]);
  } finally {
    c.close();
  }
});
afterAll(() => {
  rmSync(work, { recursive: true, force: true });
});

describe('the migration that widens persons.svnr (0016) rebuilds persons on SQLite without losing a row', () => {
  it('is marked as a rebuild (its first statement turns foreign keys off)', () => {
    const sqlText = readFileSync(join(MIGRATIONS_FOLDERS.sqlite, `${REBUILD_TAG}.sql`), 'utf8');
    expect(rebuildsTables({ sql: sqlText.split('--> statement-breakpoint') })).toBe(true);
    expect(sqlText).toContain('DROP TABLE `persons`');
  });

  it('keeps every row of every table unchanged, child tables included, and stores A numbers afterwards', () => {
    const c = open(copyOfSeeded('portal-runner'));
    try {
      const children = descendantsOfPersons(c);
      expect(children.length).toBeGreaterThan(20);
      const before = contents(c);
      for (const t of ['persons', ...children]) expect(before[t]!.rows, t).toBeGreaterThan(0);

      migrateSqliteDatabase(c, throughRebuildFolder);

      expect(contents(c)).toEqual(before);
      expect(c.pragma('foreign_keys', { simple: true })).toBe(1);
      expect(c.prepare('PRAGMA foreign_key_check').all()).toEqual([]);
      expect(c.prepare(`SELECT count(*) FROM __drizzle_migrations`).pluck().get()).toBe(
        (JSON.parse(readFileSync(join(throughRebuildFolder, 'meta', '_journal.json'), 'utf8')) as { entries: unknown[] }).entries.length,
      );
      // The later migrations apply on top.
      migrateSqliteDatabase(c, MIGRATIONS_FOLDERS.sqlite);
      expect(c.prepare('PRAGMA foreign_key_check').all()).toEqual([]);
      // The widened CHECK: A + 10 or 11 digits fit, longer numbers and other letters do not.
      const setSvnr = c.prepare('UPDATE persons SET svnr = ? WHERE id = 1');
      for (const ok of ['A1234567890', 'A12345678901', 'R123456789']) expect(() => setSvnr.run(ok), ok).not.toThrow();
      for (const bad of ['A123456789012', 'B12345678901', '123456789']) expect(() => setSvnr.run(bad), bad).toThrow(/CHECK constraint failed/);
      // A second run finds nothing to do.
      const after = contents(c);
      migrateSqliteDatabase(c, MIGRATIONS_FOLDERS.sqlite);
      expect(contents(c)).toEqual(after);
    } finally {
      c.close();
    }
  });

  it('drizzle-orm’s own migrator (one transaction, foreign keys on) would have deleted the child rows', () => {
    const c = open(copyOfSeeded('drizzle-migrator'));
    try {
      const before = contents(c);
      // The later migration 0020 calls a function the portal's runner registers (decision 0041).
      registerMigrationFunctions(c);
      drizzleMigrate(drizzle(c), { migrationsFolder: MIGRATIONS_FOLDERS.sqlite });
      const after = contents(c);
      expect(after.persons).toEqual(before.persons);
      expect(after.credentials!.rows).toBe(0);
      expect(after.documents!.rows).toBe(0);
    } finally {
      c.close();
    }
  });

  it('rolls a rebuild back when it would leave a broken reference, and turns foreign keys back on', () => {
    const folder = migrationsCopy(join(work, 'dangling'), () => true);
    const journalPath = join(folder, 'meta', '_journal.json');
    const journal = JSON.parse(readFileSync(journalPath, 'utf8')) as { entries: JournalEntry[] };
    const last = journal.entries.at(-1)!;
    journal.entries.push({ ...last, idx: last.idx + 1, when: last.when + 1, tag: '9999_dangling' });
    writeFileSync(journalPath, JSON.stringify(journal, null, 2));
    // Marked as a rebuild, but it drops a person who still has credentials.
    writeFileSync(
      join(folder, '9999_dangling.sql'),
      'PRAGMA foreign_keys=OFF;--> statement-breakpoint\nDELETE FROM `persons` WHERE `id` = 1;--> statement-breakpoint\nPRAGMA foreign_keys=ON;',
    );

    const c = open(copyOfSeeded('dangling'));
    try {
      migrateSqliteDatabase(c, MIGRATIONS_FOLDERS.sqlite);
      const before = contents(c);
      expect(() => migrateSqliteDatabase(c, folder)).toThrow(ForeignKeyViolationError);
      expect(contents(c)).toEqual(before);
      expect(c.pragma('foreign_keys', { simple: true })).toBe(1);
      expect(
        c
          .prepare('SELECT count(*) FROM __drizzle_migrations WHERE created_at = ?')
          .pluck()
          .get(last.when + 1),
      ).toBe(0);
    } finally {
      c.close();
    }
  });
});
