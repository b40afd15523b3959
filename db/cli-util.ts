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

/**
 * `npm run backup` and `npm run restore` copy the SQLite file only. When the database they would act on is PostgreSQL
 * (`--database postgres://…`, or no `--database` and DATABASE_URL names PostgreSQL, as for `npm start`), this writes
 * why and what to use instead (pg_dump / pg_restore, docs/scaling.md "Backups") to stderr and exits with code 1, so
 * that a PostgreSQL deployment never gets a backup of some stale data/portal.db instead.
 */
export function refusePostgres(tool: 'backup' | 'restore', databaseOption: string | undefined): void {
  const location = databaseOption ?? process.env.DATABASE_URL;
  if (location === undefined || !/^postgres(ql)?:\/\//i.test(location)) return;
  const instead = tool === 'backup' ? 'pg_dump -Fc (logical) or pg_basebackup / WAL archiving (point in time)' : 'pg_restore into an empty database';
  process.stderr.write(`${tool}: the database is PostgreSQL; npm run ${tool} handles the SQLite file only. Use ${instead} (docs/scaling.md, "Backups").\n`);
  process.exit(1);
}
