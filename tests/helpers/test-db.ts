import { randomBytes } from 'node:crypto';
import { copyFileSync, existsSync, renameSync } from 'node:fs';
import { join } from 'node:path';
import pg from 'pg';
import { openDatabase } from '../../db/client';
import { SCHEMA_DIALECT } from '../../db/schema/kit';
import { seedDatabase } from '../../db/seed';
import { useSeedCache } from './seed-cache';

/**
 * The engine the tests of this process run on: PostgreSQL when the vitest project "postgres" started a server
 * (tests/helpers/postgres-global-setup.ts sets DATABASE_URL to its admin database before the test processes start),
 * else SQLite.
 */
export const TEST_ENGINE = SCHEMA_DIALECT;

/** Admin URL of the tests' PostgreSQL server (its `postgres` database). */
function adminUrl(): string {
  const url = process.env.DATABASE_URL;
  if (!url) throw new Error('DATABASE_URL of the test PostgreSQL server is not set');
  return url;
}

/**
 * A fresh, empty database for one test: a SQLite file in `dir`, or on PostgreSQL a new database (C collation, so text
 * sorts byte-wise as in SQLite) on the tests' server. Resolves to its path or URL.
 */
export async function createTestDatabase(dir: string): Promise<string> {
  if (TEST_ENGINE === 'sqlite') return join(dir, 'portal.db');
  const name = `portal_test_${randomBytes(6).toString('hex')}`;
  const client = new pg.Client({ connectionString: adminUrl() });
  await client.connect();
  try {
    await client.query(`CREATE DATABASE ${name} TEMPLATE template0 ENCODING 'UTF8' LC_COLLATE 'C' LC_CTYPE 'C'`);
  } finally {
    await client.end();
  }
  return databaseUrl(name);
}

/** The URL of database `name` on the tests' PostgreSQL server. */
function databaseUrl(name: string): string {
  const url = new URL(adminUrl());
  url.pathname = `/${name}`;
  return url.toString();
}

/** Drops a database made by `createTestDatabase` (PostgreSQL; nothing to do for SQLite or `undefined`). */
export async function dropTestDatabase(location: string | undefined): Promise<void> {
  if (TEST_ENGINE === 'sqlite' || location === undefined) return;
  const name = new URL(location).pathname.slice(1);
  if (!/^portal_test_[0-9a-f]{12}$/.test(name)) return;
  const client = new pg.Client({ connectionString: adminUrl() });
  await client.connect();
  try {
    await client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  } finally {
    await client.end();
  }
}

/** What a seeded test database holds: the seed's options that vary between suites (docs/decisions/0063-test-speed.md). */
export interface SeedKey {
  members: number;
  today: string;
  tenant: 'main' | 'regional';
}

function templateName(key: SeedKey): string {
  return `portal_tpl_${key.tenant}_${key.members}_${key.today.replaceAll('-', '')}`;
}

/**
 * A fresh database for one test holding exactly what migrating and seeding an empty one with `key` gives
 * (db/seed/generator.ts), made by copying a template built once per run and key instead of migrating and seeding
 * again (docs/decisions/0063-test-speed.md):
 * - SQLite: the template is a closed file (its WAL checkpointed into it on close), copied to `dir/portal.db`. Workers
 *   that need the same key at once each build it in a private file and rename it into place; the copies are equal.
 * - PostgreSQL: `CREATE DATABASE … TEMPLATE portal_tpl_…` on the tests' server; the template is built once under an
 *   advisory lock and has no open connection afterwards (PostgreSQL refuses to copy a database in use).
 * Resolves to the path or URL, as createTestDatabase.
 */
export async function createSeededTestDatabase(dir: string, key: SeedKey): Promise<string> {
  return TEST_ENGINE === 'sqlite' ? copySqliteTemplate(dir, key) : cloneTemplateDatabase(key);
}

async function copySqliteTemplate(dir: string, key: SeedKey): Promise<string> {
  const template = join(useSeedCache(), `${templateName(key)}.db`);
  if (!existsSync(template)) {
    const building = `${template}.${process.pid}.${randomBytes(4).toString('hex')}`;
    const db = await openDatabase(building);
    try {
      await seedDatabase(db, key);
      // Everything into the main file, so that the file alone is the database.
      db.$client.pragma('wal_checkpoint(TRUNCATE)');
    } finally {
      await db.close();
    }
    if (existsSync(`${building}-wal`)) throw new Error(`the seeded template ${building} kept a WAL file after closing`);
    renameSync(building, template);
  }
  const path = join(dir, 'portal.db');
  copyFileSync(template, path);
  return path;
}

async function cloneTemplateDatabase(key: SeedKey): Promise<string> {
  const template = templateName(key);
  const client = new pg.Client({ connectionString: adminUrl() });
  await client.connect();
  try {
    // One builder per template across the workers: the others wait here and then find it built.
    await client.query('SELECT pg_advisory_lock(hashtext($1))', [template]);
    try {
      const found = await client.query('SELECT 1 FROM pg_database WHERE datname = $1', [template]);
      if (found.rowCount === 0) {
        await client.query(`CREATE DATABASE ${template} TEMPLATE template0 ENCODING 'UTF8' LC_COLLATE 'C' LC_CTYPE 'C'`);
        const db = await openDatabase(databaseUrl(template));
        try {
          await seedDatabase(db, key);
        } finally {
          await db.close();
        }
      }
    } finally {
      await client.query('SELECT pg_advisory_unlock(hashtext($1))', [template]);
    }
    const name = `portal_test_${randomBytes(6).toString('hex')}`;
    await client.query(`CREATE DATABASE ${name} TEMPLATE ${template}`);
    return databaseUrl(name);
  } finally {
    await client.end();
  }
}
