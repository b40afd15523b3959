import { realpathSync } from 'node:fs';
import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * True when the module of `moduleUrl` (pass `import.meta.url`) is the script Node was started with
 * (`tsx db/backup.ts`, `node --import tsx db/restore.ts`), false when it is imported (tests, other modules). Lets a
 * file export its functions and be a command line at once.
 */
export function isMainModule(moduleUrl: string): boolean {
  const script = process.argv[1];
  if (!script) return false;
  try {
    return realpathSync(resolve(script)) === realpathSync(fileURLToPath(moduleUrl));
  } catch {
    return false;
  }
}

/** A database URL with its password replaced by `***`, for logs and messages. */
export function redactUrl(url: string): string {
  try {
    const parsed = new URL(url);
    if (parsed.password) parsed.password = '***';
    return parsed.toString();
  } catch {
    return url.replace(/:[^:@/]*@/, ':***@');
  }
}
