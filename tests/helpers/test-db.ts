import { randomBytes } from 'node:crypto';
import { join } from 'node:path';
import pg from 'pg';
import { SCHEMA_DIALECT } from '../../db/schema/kit';

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
