import { rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, dirname } from 'node:path';
import { e2eSlots } from './helpers/e2e-slots';

/** Removes the temporary directories of every slot's test databases that playwright.config.ts created. */
export default function globalTeardown(): void {
  for (const databasePath of e2eSlots().flatMap((slot) => [slot.databasePath, slot.regionalDatabasePath])) {
    const dir = dirname(databasePath);
    if (dirname(dir) === tmpdir() && basename(dir).startsWith('portal-e2e-')) rmSync(dir, { recursive: true, force: true });
  }
}
