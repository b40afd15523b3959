/**
 * Online backup of the portal database:
 *
 *   npm run backup -- [--database PATH] [--out FILE]
 *
 * Default database: env DATABASE_PATH or data/portal.db; default out: data/backups/portal-<UTC timestamp>.db.
 * Works while the server runs and writes: SQLite's backup API (better-sqlite3 `db.backup()`) copies the pages of one
 * consistent snapshot through its own read transaction, which in WAL mode blocks no writer. The copy is verified
 * with `PRAGMA integrity_check` before it gets its final name. Prints the path, size and duration.
 * Exit codes: 0 done, 1 failed, 2 bad arguments.
 */
import Database from 'better-sqlite3';
import { closeSync, existsSync, fsyncSync, mkdirSync, openSync, renameSync, rmSync, statSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { isMainModule, refusePostgres } from './cli-util';

/** Options of `backupDatabase`. */
export interface BackupOptions {
  /** The live database file to copy. Must exist. */
  database: string;
  /** The backup file to write; must not exist yet. Its folder is created if missing. */
  out: string;
  /** Milliseconds to wait for a lock of another connection while reading (default 5000). */
  busyTimeoutMs?: number;
}

/** What `backupDatabase` wrote. */
export interface BackupResult {
  /** Absolute path of the backup file. */
  path: string;
  /** Size of the backup file in bytes. */
  bytes: number;
  /** Database pages copied. */
  pages: number;
  /** Wall-clock duration of copy and verification in milliseconds. */
  millis: number;
}

/** Thrown when a backup cannot be taken or the copy fails its check; `message` says why. */
export class BackupError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'BackupError';
  }
}

/**
 * The default backup file for `now`: `data/backups/portal-YYYYMMDDTHHMMSSZ.db` (UTC, relative to the working
 * folder).
 */
export function defaultBackupPath(now: Date = new Date()): string {
  const stamp = now
    .toISOString()
    .replace(/\.\d{3}Z$/, 'Z')
    .replace(/[-:]/g, '');
  return join('data', 'backups', `portal-${stamp}.db`);
}

/** fsync of a file or folder by path (a folder's entry list makes a rename durable). */
export function fsyncPath(path: string): void {
  const fd = openSync(path, 'r');
  try {
    fsyncSync(fd);
  } finally {
    closeSync(fd);
  }
}

/**
 * Takes an online backup of `database` into `out` while other connections keep reading and writing.
 *
 * The whole database is copied in one step of SQLite's backup API, that is from one read snapshot: every
 * transaction committed before the step is in the copy, none committed later, and a writer is never blocked (WAL).
 * The copy is written to `<out>.partial`, switched to journal_mode=DELETE so that it is one self-contained file,
 * checked with `PRAGMA integrity_check`, fsynced and only then renamed to `out`.
 *
 * @returns path (absolute), size in bytes, pages copied and the duration in milliseconds.
 * @throws BackupError when `database` does not exist, `out` exists already, or the copy is not intact (the partial
 *   file is removed); SqliteError when SQLite cannot read the source.
 */
export async function backupDatabase(options: BackupOptions): Promise<BackupResult> {
  const started = performance.now();
  const source = resolve(options.database);
  const out = resolve(options.out);
  if (!existsSync(source)) throw new BackupError(`database ${source} does not exist`);
  if (existsSync(out)) throw new BackupError(`backup file ${out} exists already; choose another --out`);
  mkdirSync(dirname(out), { recursive: true });
  const partial = `${out}.partial`;
  rmSync(partial, { force: true });

  const db = new Database(source, { fileMustExist: true, timeout: options.busyTimeoutMs ?? 5000 });
  let pages: number;
  try {
    // 0x7fffffff pages per step = everything in one step: one snapshot, no restart when the server writes meanwhile.
    const progress = await db.backup(partial, { progress: () => 0x7fffffff });
    pages = progress.totalPages;
  } catch (error) {
    rmSync(partial, { force: true });
    throw error;
  } finally {
    db.close();
  }

  try {
    const copy = new Database(partial, { fileMustExist: true });
    let integrity: string[];
    try {
      copy.pragma('journal_mode = DELETE');
      integrity = (copy.pragma('integrity_check') as { integrity_check: string }[]).map((r) => r.integrity_check);
    } finally {
      copy.close();
    }
    if (integrity.join() !== 'ok') throw new BackupError(`the copy of ${source} failed its integrity check: ${integrity.slice(0, 5).join('; ')}`);
    fsyncPath(partial);
    renameSync(partial, out);
    fsyncPath(dirname(out));
  } catch (error) {
    for (const suffix of ['', '-journal', '-wal', '-shm']) rmSync(`${partial}${suffix}`, { force: true });
    throw error;
  }
  return { path: out, bytes: statSync(out).size, pages, millis: Math.round(performance.now() - started) };
}

const USAGE = 'Usage: npm run backup -- [--database PATH] [--out FILE]';

async function main(): Promise<void> {
  let values;
  try {
    ({ values } = parseArgs({
      options: {
        database: { type: 'string', short: 'd' },
        out: { type: 'string', short: 'o' },
        help: { type: 'boolean', short: 'h', default: false },
      },
      strict: true,
      allowPositionals: false,
    }));
  } catch (error) {
    process.stderr.write(`backup: ${error instanceof Error ? error.message : String(error)}\n${USAGE}\n`);
    process.exit(2);
  }
  if (values.help) {
    process.stdout.write(`${USAGE}\n`);
    return;
  }
  refusePostgres('backup', values.database);
  const database = values.database ?? process.env.DATABASE_PATH ?? 'data/portal.db';
  const out = values.out ?? defaultBackupPath();
  const result = await backupDatabase({ database, out });
  process.stdout.write(`Backup of ${resolve(database)} written to ${result.path}\n`);
  process.stdout.write(`  ${result.bytes} bytes (${(result.bytes / 1024 / 1024).toFixed(1)} MB), ${result.pages} pages, integrity ok, ${result.millis} ms\n`);
}

if (isMainModule(import.meta.url)) {
  main().catch((error: unknown) => {
    process.stderr.write(`backup: ${error instanceof BackupError ? error.message : error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
    process.exit(1);
  });
}
