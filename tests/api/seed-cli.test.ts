import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../../db/client';
import { DEMO_PERSON_COUNT } from '../../db/seed';
import { createTestDatabase, dropTestDatabase, TEST_ENGINE } from '../helpers/test-db';
import { countRows } from '../helpers/raw-sql';

/**
 * The seed's command line on the engine of the run: `npm run seed -- --members N --database …`
 * (db/seed/cli.ts, the path `npm run seed -- --members 100000` takes; docs/benchmarks.md has that figure) into a fresh
 * database — a SQLite file in the api project, a new PostgreSQL database in the postgres project, passed as
 * `--database postgres://…` with no DATABASE_URL in the environment. And on PostgreSQL, `npm run backup`/`restore`
 * refuse with a pointer to PostgreSQL's own tooling instead of copying some SQLite file.
 */
const MEMBERS = 2000;
const ALL_PERSONAS = DEMO_PERSON_COUNT;

let dir: string;
let location: string;

/** Runs one of the project's tsx scripts with DATABASE_URL/DATABASE_PATH removed from its environment. */
function runScript(script: string, args: string[]) {
  const env = { ...process.env };
  delete env.DATABASE_URL;
  delete env.DATABASE_PATH;
  return spawnSync(process.execPath, ['--import', 'tsx', script, ...args], { cwd: process.cwd(), env, encoding: 'utf8', timeout: 180_000 });
}

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'seed-cli-'));
  location = await createTestDatabase(dir);
});
afterAll(async () => {
  await dropTestDatabase(location);
  rmSync(dir, { recursive: true, force: true });
});

describe(`seed command line on ${TEST_ENGINE}`, () => {
  it(`seeds ${MEMBERS} members through npm run seed and refuses a second run without --reset`, { timeout: 240_000 }, async () => {
    const first = runScript('db/seed/cli.ts', ['--members', String(MEMBERS), '--database', location]);
    expect(first.stderr).toBe('');
    expect(first.status).toBe(0);
    expect(first.stdout).toMatch(/Done in \d+\.\d s/);
    const db = await openDatabase(location);
    try {
      expect(await countRows(db, 'persons')).toBe(MEMBERS + ALL_PERSONAS);
      expect(await countRows(db, 'employers')).toBeGreaterThan(0);
      expect(await countRows(db, 'documents')).toBeGreaterThan(MEMBERS);
    } finally {
      await db.close();
    }
    const again = runScript('db/seed/cli.ts', ['--members', '10', '--database', location]);
    expect(again.status).toBe(1);
    expect(again.stderr).toMatch(/already holds \d+ persons; use --reset/);
  });

  it.runIf(TEST_ENGINE === 'postgresql')('backup and restore refuse PostgreSQL and name its own tooling', () => {
    const backup = runScript('db/backup.ts', ['--database', location, '--out', join(dir, 'b.db')]);
    expect(backup.status).toBe(1);
    expect(backup.stderr).toMatch(/PostgreSQL.*pg_dump/);
    const restore = runScript('db/restore.ts', ['--from', join(dir, 'b.db'), '--database', location]);
    expect(restore.status).toBe(1);
    expect(restore.stderr).toMatch(/PostgreSQL.*pg_restore/);
  });
});
