/**
 * The migration that cleans stored file names (decision 0041; SQLite 0020_clean_file_names, PostgreSQL
 * 0013_clean_file_names) on the engine of the run: a database at the migration before it holds raw rows with the
 * characters the upload route let through before (bidirectional overrides, C1 controls) and names stored as UTF-8 read
 * as Latin-1; after the last migration they are cleaned, and clean names and a name whose Latin-1 bytes are no UTF-8
 * stay as they were.
 */
import Database from 'better-sqlite3';
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { drizzle } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cleanStoredFileName, UNSAFE_FILE_NAME_CHARACTERS } from '@contract/uploads';
import { MIGRATIONS_FOLDERS } from '../../db/client';
import { migrateSqliteDatabase } from '../../db/migrate-sqlite';
import { createTestDatabase, dropTestDatabase, TEST_ENGINE } from '../helpers/test-db';

/** Stored name → the name after the migration. */
const CASES: [string, string][] = [
  ['rechnung\u202Efdp.exe.pdf', 'rechnungfdp.exe.pdf'],
  ['\u2067Beleg\u2069\u200F.pdf', 'Beleg.pdf'],
  ['Lohnzettel_M\u00C3\u00A4rz_\u00C3\u009Cberweisung.pdf', 'Lohnzettel_März_Überweisung.pdf'],
  // `Grüße\u202E.pdf` read as Latin-1: repaired first, then its override removed.
  ['Gr\u00C3\u00BC\u00C3\u009Fe\u00E2\u0080\u00AE.pdf', 'Grüße.pdf'],
  ['Lohnzettel März 2025.pdf', 'Lohnzettel März 2025.pdf'],
  // Latin-1 bytes that are no UTF-8 (a genuine `ä` without its lead byte): only the C1 control goes.
  ['Kost\u00E4\u0085n.pdf', 'Kostän.pdf'],
  ['\u202E', 'Datei'],
];

let work: string;
let location: string | undefined;

/** A copy of the engine's migrations up to the one before the cleaning one (later migrations left out too). */
function previousMigrations(): string {
  const folder = join(work, 'previous');
  cpSync(MIGRATIONS_FOLDERS[TEST_ENGINE], folder, { recursive: true });
  const journalPath = join(folder, 'meta', '_journal.json');
  const journal = JSON.parse(readFileSync(journalPath, 'utf8')) as { entries: { tag: string }[] };
  const cleaning = journal.entries.findIndex((entry) => /_clean_file_names$/.test(entry.tag));
  expect(cleaning).toBeGreaterThan(0);
  journal.entries = journal.entries.slice(0, cleaning);
  writeFileSync(journalPath, JSON.stringify(journal, null, 2));
  return folder;
}

/** Migrates to `folder`'s newest migration, inserts `names` as pending public upload files, then migrates to the newest. */
async function migrateAcross(names: string[]): Promise<string[]> {
  const previous = previousMigrations();
  const insert = `INSERT INTO public_upload_files (id, captcha_challenge, file_name, content_type, size_bytes, content, created_at, expires_at) VALUES `;
  if (TEST_ENGINE === 'sqlite') {
    const c = new Database(location!);
    try {
      migrateSqliteDatabase(c, previous);
      const statement = c.prepare(`${insert}(?, 'c', ?, 'application/pdf', 1, x'25', '2026-11-22T00:00:00.000Z', '2026-11-23T00:00:00.000Z')`);
      names.forEach((name, i) => statement.run(`f${i}`, name));
      migrateSqliteDatabase(c, MIGRATIONS_FOLDERS.sqlite);
      return (c.prepare('SELECT file_name FROM public_upload_files ORDER BY id').pluck().all() as string[]).map(String);
    } finally {
      c.close();
    }
  }
  const client = new pg.Client({ connectionString: location });
  await client.connect();
  try {
    await migratePg(drizzle(client), { migrationsFolder: previous });
    for (const [i, name] of names.entries()) {
      await client.query(`${insert}($1, 'c', $2, 'application/pdf', 1, '\\x25', '2026-11-22T00:00:00.000Z', '2026-11-23T00:00:00.000Z')`, [`f${i}`, name]);
    }
    await migratePg(drizzle(client), { migrationsFolder: MIGRATIONS_FOLDERS.postgresql });
    return (await client.query<{ file_name: string }>('SELECT file_name FROM public_upload_files ORDER BY id')).rows.map((r) => r.file_name);
  } finally {
    await client.end();
  }
}

beforeAll(async () => {
  work = mkdtempSync(join(tmpdir(), 'file-name-migration-'));
  location = await createTestDatabase(work);
});
afterAll(async () => {
  await dropTestDatabase(location);
  rmSync(work, { recursive: true, force: true });
});

describe(`stored file names cleaned by the migration (${TEST_ENGINE}, decision 0041)`, () => {
  it('removes bidirectional overrides and control characters and repairs names read as Latin-1', async () => {
    const after = await migrateAcross(CASES.map(([stored]) => stored));
    expect(after).toEqual(CASES.map(([, cleaned]) => cleaned));
    // The SQL of the engine answers as the contract's function the SQLite migration calls.
    expect(after).toEqual(CASES.map(([stored]) => cleanStoredFileName(stored)));
  });

  it('the PostgreSQL migration removes the same character class as the contract', () => {
    const pgSql = readFileSync(join(MIGRATIONS_FOLDERS.postgresql, '0013_clean_file_names.sql'), 'utf8');
    expect(pgSql).toContain(`regexp_replace(cleaned, '[${UNSAFE_FILE_NAME_CHARACTERS}]', '', 'g')`);
  });
});
