import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/** The variable naming the folder of this run's seeded SQLite templates (tests/helpers/test-db.ts). */
const VARIABLE = 'PORTAL_TEST_SEED_CACHE';

/**
 * The folder of this run's seeded SQLite templates, made on first use: set in the runner process by
 * vitest.config.ts (`useSeedCache`), so that every worker of the run finds the templates the others built; a process
 * started without it makes its own. Removed when the process that made it exits. Fresh per run: a template never
 * outlives a change of the migrations or the seed (docs/decisions/0063-test-speed.md).
 */
export function useSeedCache(): string {
  const existing = process.env[VARIABLE];
  if (existing) {
    mkdirSync(existing, { recursive: true });
    return existing;
  }
  const dir = mkdtempSync(join(tmpdir(), 'portal-seed-cache-'));
  process.env[VARIABLE] = dir;
  process.once('exit', () => rmSync(dir, { recursive: true, force: true }));
  return dir;
}
