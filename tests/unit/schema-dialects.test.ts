import { spawnSync } from 'node:child_process';
import { cpSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { getTableName, is, Table } from 'drizzle-orm';
import { toSnakeCase } from 'drizzle-orm/casing';
import { getTableConfig as pgTableConfig, type PgTable } from 'drizzle-orm/pg-core';
import { getTableConfig as sqliteTableConfig, type SQLiteTable } from 'drizzle-orm/sqlite-core';
import { afterAll, describe, expect, it, vi } from 'vitest';

/** The tables of db/schema as built for `url`'s engine (db/schema/kit.ts reads DATABASE_URL when it loads). */
async function tablesFor(url: string): Promise<Record<string, Table>> {
  const saved = process.env.DATABASE_URL;
  process.env.DATABASE_URL = url;
  vi.resetModules();
  try {
    const schema = (await import('../../db/schema')) as Record<string, unknown>;
    return Object.fromEntries(Object.entries(schema).filter((e): e is [string, Table] => is(e[1], Table)));
  } finally {
    if (saved === undefined) delete process.env.DATABASE_URL;
    else process.env.DATABASE_URL = saved;
    vi.resetModules();
  }
}

interface Shape {
  columns: Record<string, { notNull: boolean; primary: boolean; hasDefault: boolean; default: unknown; generated: boolean; kind: string }>;
  primaryKeys: string[][];
  indexes: string[];
  uniqueIndexes: string[];
  foreignKeys: number;
  checks: string[];
}

/** What a column holds, in terms both engines share. */
function kind(sqlType: string): string {
  if (/^(integer|bigint)/.test(sqlType)) return 'integer';
  if (sqlType === 'boolean') return 'boolean';
  if (sqlType === 'jsonb') return 'json';
  if (sqlType === 'blob' || sqlType === 'bytea') return 'binary';
  return 'text';
}

function shapeOf(table: Table, engine: 'sqlite' | 'postgresql'): Shape {
  const config = engine === 'sqlite' ? sqliteTableConfig(table as SQLiteTable) : pgTableConfig(table as PgTable);
  const columns: Shape['columns'] = {};
  for (const c of config.columns) {
    const sqlType = c.getSQLType();
    // SQLite's boolean and JSON columns are integer/text with a mode; the mode is what they hold.
    const k = c.columnType === 'SQLiteBoolean' ? 'boolean' : c.columnType === 'SQLiteTextJson' ? 'json' : kind(sqlType);
    // SQLite's INTEGER PRIMARY KEY is the rowid and counts as "has a default" for Drizzle even without
    // AUTOINCREMENT; what matters for both engines is a declared default or a generated key.
    const generated =
      engine === 'sqlite'
        ? (c as unknown as { autoIncrement?: boolean }).autoIncrement === true
        : (c as unknown as { generatedIdentity?: unknown }).generatedIdentity !== undefined;
    columns[toSnakeCase(c.name)] = { notNull: c.notNull, primary: c.primary, hasDefault: c.default !== undefined, default: c.default, generated, kind: k };
  }
  return {
    columns,
    primaryKeys: config.primaryKeys.map((pk) => pk.columns.map((c) => toSnakeCase(c.name))),
    indexes: config.indexes.filter((i) => !i.config.unique).map((i) => i.config.name!),
    uniqueIndexes: config.indexes.filter((i) => i.config.unique).map((i) => i.config.name!),
    foreignKeys: config.foreignKeys.length,
    checks: config.checks.map((c) => c.name),
  };
}

const dirs: string[] = [];
afterAll(() => {
  for (const d of dirs) rmSync(d, { recursive: true, force: true });
});

describe('one table description for SQLite and PostgreSQL (docs/decisions/0013-two-engines.md)', () => {
  it('builds the same tables, column by column, for both engines', async () => {
    const sqlite = await tablesFor('');
    const postgres = await tablesFor('postgres://schema-test/none');
    expect(Object.keys(postgres).sort()).toEqual(Object.keys(sqlite).sort());
    expect(Object.keys(sqlite).length).toBeGreaterThan(20);
    for (const key of Object.keys(sqlite)) {
      expect(getTableName(postgres[key]!), key).toBe(getTableName(sqlite[key]!));
      expect(shapeOf(postgres[key]!, 'postgresql'), key).toEqual(shapeOf(sqlite[key]!, 'sqlite'));
    }
  });

  it.each([
    ['sqlite', 'db/migrations', ''],
    ['postgresql', 'db/migrations-pg', 'postgres://drizzle-kit/generate'],
  ])(
    'has committed %s migrations that match the description (drizzle-kit finds nothing to generate)',
    (dialect, folder, url) => {
      const out = mkdtempSync(join(tmpdir(), 'migrations-'));
      dirs.push(out);
      cpSync(folder, out, { recursive: true });
      const before = readdirSync(out).sort();
      // drizzle-kit takes --out relative to the working directory.
      const result = spawnSync(
        'npx',
        ['drizzle-kit', 'generate', '--dialect', dialect, '--schema', './db/schema/index.ts', '--out', relative(process.cwd(), out), '--casing', 'snake_case'],
        { env: { ...process.env, DATABASE_URL: url }, encoding: 'utf8' },
      );
      const output = `${result.stdout}${result.stderr}`;
      expect(result.status, output).toBe(0);
      expect(output).toMatch(/No schema changes, nothing to migrate/);
      expect(readdirSync(out).sort()).toEqual(before);
    },
    120_000,
  );
});
