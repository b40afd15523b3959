import { readdirSync } from 'node:fs';
import { join } from 'node:path';

/**
 * The files of every area folder directly under `root` whose name matches `pattern`, in path order (decision 0062
 * "Found, not listed"; decision 0065). Folders whose name starts with `__` (generated code) are skipped.
 */
export function areaFiles(root: string, pattern: RegExp): string[] {
  return readdirSync(root, { withFileTypes: true })
    .filter((entry) => entry.isDirectory() && !entry.name.startsWith('__'))
    .flatMap((dir) =>
      readdirSync(join(root, dir.name))
        .filter((name) => pattern.test(name))
        .map((name) => join(root, dir.name, name)),
    )
    .sort();
}
