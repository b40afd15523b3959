import { rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, dirname } from 'node:path';

/** Removes the temporary directory of the test database that playwright.config.ts created. */
export default function globalTeardown(): void {
  const databasePath = process.env.E2E_DATABASE_PATH;
  if (!databasePath) return;
  const dir = dirname(databasePath);
  if (dirname(dir) === tmpdir() && basename(dir).startsWith('portal-e2e-')) rmSync(dir, { recursive: true, force: true });
}
