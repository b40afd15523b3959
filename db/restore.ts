/**
 * Restores the portal database from a backup file (see db/backup.ts):
 *
 *   npm run restore -- --from FILE [--database PATH] [--force]
 *
 * Default database: env DATABASE_PATH or data/portal.db. Checks the backup first (an SQLite file of the portal that
 * passes `PRAGMA integrity_check`, checked on a private copy in the target's folder), then moves that copy into
 * place atomically: fsync, removal of the target's stale -wal/-shm files, rename, fsync of the folder. An existing
 * target is replaced only with --force, and the command says so when a process (a running server) still has it
 * open; stop the server first, as it would go on serving the replaced file. Exit codes: 0 done, 1 refused or
 * failed, 2 bad arguments.
 */
import Database from 'better-sqlite3';
import { closeSync, copyFileSync, existsSync, mkdirSync, openSync, readSync, renameSync, rmSync, statSync } from 'node:fs';
import { randomBytes } from 'node:crypto';
import { basename, dirname, join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { fsyncPath } from './backup';
import { isMainModule, refusePostgres } from './cli-util';

/** Options of `restoreDatabase`. */
export interface RestoreOptions {
  /** The backup file to restore. */
  from: string;
  /** The database file to create or replace. */
  database: string;
  /** Replace an existing database file, even one another process has open (default false). */
  force?: boolean;
}

/** What `restoreDatabase` did. */
export interface RestoreResult {
  /** Absolute path of the restored database. */
  database: string;
  /** Absolute path of the backup it came from. */
  from: string;
  /** Bytes copied. */
  bytes: number;
  /** True when an existing database file was replaced. */
  replaced: boolean;
  /** True when the replaced file was open in another process at the time (only possible with `force`). */
  wasInUse: boolean;
  /** Stale -wal, -shm and -journal files of the target that were removed. */
  removed: string[];
}

/** Thrown when a restore is refused or the backup is unusable; `message` says why. Nothing was changed then. */
export class RestoreError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'RestoreError';
  }
}

const SQLITE_MAGIC = 'SQLite format 3\0';

function readHeader(path: string): Buffer {
  const fd = openSync(path, 'r');
  try {
    const header = Buffer.alloc(100);
    const n = readSync(fd, header, 0, 100, 0);
    return header.subarray(0, n);
  } finally {
    closeSync(fd);
  }
}

/**
 * Checks that `path` looks like a self-contained SQLite file: it exists, starts with SQLite's header, and, when in
 * WAL mode, has no -wal file next to it (a copy of a live file is not a backup; take one with db/backup.ts). Reads
 * only the first 100 bytes.
 *
 * @throws RestoreError naming the problem.
 */
export function checkBackupHeader(path: string): void {
  if (!existsSync(path) || !statSync(path).isFile()) throw new RestoreError(`backup file ${path} does not exist`);
  const header = readHeader(path);
  if (header.length < 100 || header.subarray(0, 16).toString('latin1') !== SQLITE_MAGIC) throw new RestoreError(`${path} is not an SQLite database`);
  if (header[18] === 2 && existsSync(`${path}-wal`) && statSync(`${path}-wal`).size > 0) {
    throw new RestoreError(`${path} has a -wal file next to it: it is a live database, not a self-contained backup`);
  }
}

/**
 * Checks that the SQLite file at `path` is an intact portal database: `PRAGMA integrity_check` = ok and the portal's
 * tables (persons, credentials, the Drizzle migration journal) exist. Opens the file read-write without writing, so
 * that the check leaves no -wal/-shm files behind; `restoreDatabase` runs it on its private copy of the backup.
 *
 * @throws RestoreError naming the first problem (`label` names the file in the message).
 */
export function checkPortalDatabase(path: string, label = path): void {
  let db: Database.Database | undefined;
  try {
    db = new Database(path, { fileMustExist: true });
    const integrity = (db.pragma('integrity_check') as { integrity_check: string }[]).map((r) => r.integrity_check);
    if (integrity.join() !== 'ok') throw new RestoreError(`backup ${label} failed its integrity check: ${integrity.slice(0, 5).join('; ')}`);
    const tables = new Set((db.prepare(`SELECT name FROM sqlite_master WHERE type = 'table'`).all() as { name: string }[]).map((r) => r.name));
    const missing = ['persons', 'credentials', '__drizzle_migrations'].filter((t) => !tables.has(t));
    if (missing.length) throw new RestoreError(`${label} is not a portal database (no table ${missing.join(', ')})`);
  } catch (error) {
    if (error instanceof RestoreError) throw error;
    throw new RestoreError(`backup ${label} cannot be read: ${error instanceof Error ? error.message : String(error)}`);
  } finally {
    db?.close();
  }
}

/**
 * True when another connection, in this or another process, has the SQLite file at `path` open: a connection in WAL
 * mode holds a shared lock on the file for as long as it is open, so an exclusive lock fails at once. Opens the file
 * itself for that (which, when nobody else has it open, applies a leftover -wal like any first opener would). A file
 * that SQLite cannot open or read at all (damaged, not a database) counts as not in use.
 */
export function isDatabaseInUse(path: string): boolean {
  let db: Database.Database | undefined;
  try {
    db = new Database(path, { fileMustExist: true, timeout: 0 });
    db.pragma('locking_mode = EXCLUSIVE');
    db.exec('BEGIN EXCLUSIVE; COMMIT');
    return false;
  } catch (error) {
    return /^SQLITE_(BUSY|LOCKED)/.test(String((error as { code?: unknown }).code));
  } finally {
    db?.close();
  }
}

/**
 * Restores `from` into `database`. Order: check the backup's header (`checkBackupHeader`); copy it to
 * `.<name>.restore-<random>.tmp` in the target's folder and check that copy (`checkPortalDatabase`: integrity and
 * tables); refuse an existing target without `force`; fsync the copy; remove the target's -wal, -shm and -journal
 * files (a stale WAL would otherwise be replayed onto the new file); rename the copy over the target; fsync the
 * folder. Every failure before the removal leaves the target untouched and removes the copy.
 *
 * @returns what was restored, whether a file was replaced and which stale files were removed.
 * @throws RestoreError when the backup is unusable, `from` and `database` are the same file, or the target exists
 *   and `force` is not set (the message says whether another process has it open).
 */
export function restoreDatabase(options: RestoreOptions): RestoreResult {
  const from = resolve(options.from);
  const target = resolve(options.database);
  checkBackupHeader(from);
  if (from === target) throw new RestoreError('the backup and the database are the same file');

  mkdirSync(dirname(target), { recursive: true });
  const temp = join(dirname(target), `.${basename(target)}.restore-${randomBytes(6).toString('hex')}.tmp`);
  let exists = false;
  let wasInUse = false;
  try {
    copyFileSync(from, temp);
    checkPortalDatabase(temp, from);
    exists = existsSync(target);
    wasInUse = exists && isDatabaseInUse(target);
    if (exists && !options.force) {
      throw new RestoreError(
        wasInUse
          ? `${target} is open in another process, probably a running server; stop it first (or use --force to replace the file anyway)`
          : `${target} exists; use --force to replace it`,
      );
    }
    fsyncPath(temp);
  } catch (error) {
    for (const suffix of ['', '-journal', '-wal', '-shm']) rmSync(`${temp}${suffix}`, { force: true });
    throw error;
  }

  const removed: string[] = [];
  for (const suffix of ['-wal', '-shm', '-journal']) {
    if (existsSync(`${target}${suffix}`)) {
      rmSync(`${target}${suffix}`, { force: true });
      removed.push(`${target}${suffix}`);
    }
  }
  renameSync(temp, target);
  fsyncPath(dirname(target));
  return { database: target, from, bytes: statSync(target).size, replaced: exists, wasInUse, removed };
}

const USAGE = 'Usage: npm run restore -- --from FILE [--database PATH] [--force]';

function main(): void {
  let values;
  try {
    ({ values } = parseArgs({
      options: {
        from: { type: 'string', short: 'f' },
        database: { type: 'string', short: 'd' },
        force: { type: 'boolean', default: false },
        help: { type: 'boolean', short: 'h', default: false },
      },
      strict: true,
      allowPositionals: false,
    }));
  } catch (error) {
    process.stderr.write(`restore: ${error instanceof Error ? error.message : String(error)}\n${USAGE}\n`);
    process.exit(2);
  }
  if (values.help) {
    process.stdout.write(`${USAGE}\n`);
    return;
  }
  if (!values.from) {
    process.stderr.write(`restore: --from is required\n${USAGE}\n`);
    process.exit(2);
  }
  refusePostgres('restore', values.database);
  const result = restoreDatabase({ from: values.from, database: values.database ?? process.env.DATABASE_PATH ?? 'data/portal.db', force: values.force });
  if (result.wasInUse) process.stderr.write(`restore: warning: ${result.database} was open in another process; restart it so that it serves the restored file\n`);
  process.stdout.write(`Checked ${result.from}: integrity ok\n`);
  process.stdout.write(`${result.replaced ? 'Replaced' : 'Created'} ${result.database} from it (${result.bytes} bytes)\n`);
  for (const file of result.removed) process.stdout.write(`  removed stale ${file}\n`);
}

if (isMainModule(import.meta.url)) {
  try {
    main();
  } catch (error) {
    process.stderr.write(`restore: ${error instanceof RestoreError ? error.message : error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
    process.exit(1);
  }
}
