import { rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, dirname } from 'node:path';

/** Removes the temporary directories of the test databases that playwright.config.ts created. */
export default function globalTeardown(): void {
  for (const databasePath of [process.env.E2E_DATABASE_PATH, process.env.E2E_REGIONAL_DATABASE_PATH]) {
    if (!databasePath) continue;
    const dir = dirname(databasePath);
    if (dirname(dir) === tmpdir() && basename(dir).startsWith('portal-e2e-')) rmSync(dir, { recursive: true, force: true });
  }
}
