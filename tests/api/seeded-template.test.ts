import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { openDatabase, type Db } from '../../db/client';
import { seedDatabase } from '../../db/seed';
import { createSeededTestDatabase, createTestDatabase, dropTestDatabase, type SeedKey } from '../helpers/test-db';
import { TEST_TODAY } from '../helpers/test-server';

/**
 * The test servers' databases are copies of a template migrated and seeded once per run and seed options
 * (tests/helpers/test-db.ts, docs/decisions/0063-test-speed.md). A copy must hold exactly what migrating and seeding a
 * fresh database gives: the same tables, triggers and indexes, the same rows, the same sequence positions (PostgreSQL).
 * Two keys in a row, so that a template served for the wrong key is caught too.
 */
const KEYS: SeedKey[] = [
  { members: 3, today: TEST_TODAY, tenant: 'main' },
  { members: 5, today: TEST_TODAY, tenant: 'regional' },
];

const dirs: string[] = [];
const databases: string[] = [];
afterAll(async () => {
  for (const location of databases) await dropTestDatabase(location);
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});

async function freshDir(): Promise<string> {
  const dir = mkdtempSync(join(tmpdir(), 'portal-template-test-'));
  dirs.push(dir);
  return dir;
}

/** Every schema object and every row of `db`, each table's rows sorted, as one comparable value. */
async function contents(db: Db): Promise<Record<string, unknown>> {
  if (db.dialect === 'sqlite') {
    const c = db.$client;
    const objects = c.prepare('SELECT type, name, tbl_name, sql FROM sqlite_master ORDER BY type, name').all() as { type: string; name: string }[];
    const rows: Record<string, string[]> = {};
    for (const { name } of objects.filter((o) => o.type === 'table')) {
      rows[name] = (c.prepare(`SELECT * FROM "${name}"`).all() as unknown[]).map((r) => JSON.stringify(r)).sort();
    }
    return { objects, rows };
  }
  const client = await db.$pool.connect();
  try {
    const q = async (text: string) => (await client.query(text)).rows as Record<string, unknown>[];
    const columns = await q(
      `SELECT table_name, column_name, data_type, column_default, is_nullable FROM information_schema.columns
        WHERE table_schema = current_schema() ORDER BY table_name, column_name`,
    );
    const triggers = await q('SELECT tgname, tgrelid::regclass::text AS tbl FROM pg_trigger WHERE NOT tgisinternal ORDER BY tgname, tbl');
    const indexes = await q('SELECT indexname, indexdef FROM pg_indexes WHERE schemaname = current_schema() ORDER BY indexname');
    const sequences = await q('SELECT sequencename, last_value FROM pg_sequences WHERE schemaname = current_schema() ORDER BY sequencename');
    const tables = [...new Set(columns.map((c) => String(c.table_name)))];
    const rows: Record<string, string[]> = {};
    for (const table of tables) rows[table] = (await q(`SELECT t::text AS r FROM "${table}" t`)).map((r) => String(r.r)).sort();
    return { columns, triggers, indexes, sequences, rows };
  } finally {
    client.release();
  }
}

async function read(location: string): Promise<Record<string, unknown>> {
  const db = await openDatabase(location, { migrate: false });
  try {
    return await contents(db);
  } finally {
    await db.close();
  }
}

describe('a seeded test database from the template', () => {
  it.each(KEYS)('equals a freshly migrated and seeded one: $members members, tenant $tenant', async (key) => {
    const copy = await createSeededTestDatabase(await freshDir(), key);
    databases.push(copy);
    const fresh = await createTestDatabase(await freshDir());
    databases.push(fresh);
    const db = await openDatabase(fresh);
    try {
      await seedDatabase(db, key);
    } finally {
      await db.close();
    }
    const [expected, actual] = [await read(fresh), await read(copy)];
    expect(Object.keys(actual.rows as object).length).toBeGreaterThan(10);
    expect(actual).toEqual(expected);
  });
});
