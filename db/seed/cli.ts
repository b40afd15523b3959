/**
 * Command line of the seed generator:
 *
 *   npm run seed -- --members N [--seed S] [--database PATH] [--reset] [--today YYYY-MM-DD]
 *
 * Default database: env DATABASE_URL (PostgreSQL), else DATABASE_PATH, else data/portal.db; `--database` takes a
 * path or a postgres:// URL. Refuses a database that already holds persons unless --reset, which deletes the SQLite
 * file and its -wal/-shm files (PostgreSQL: drops every table of the portal) first. Prints the row counts, the elapsed seconds and
 * the database file size. Exit codes: 0 done, 1 refused or failed, 2 bad arguments.
 */
import { existsSync, rmSync, statSync } from 'node:fs';
import { resolve } from 'node:path';
import { parseArgs } from 'node:util';

import { redactUrl } from '../cli-util';

// db/schema/kit.ts fixes the engine of the tables when it is first loaded (from DATABASE_URL), so neither it nor the
// generator (which loads db/schema) may be imported before `--database` has set DATABASE_URL: both are imported below.
/** True for a postgres:// or postgresql:// URL (the rule of `dialectOf` in db/schema/kit.ts). */
const isPostgresUrl = (location: string) => /^postgres(ql)?:\/\//i.test(location);

const USAGE = 'Usage: npm run seed -- --members N [--seed S] [--database PATH] [--reset] [--today YYYY-MM-DD]';

/** Prints `message` and the usage to stderr and exits with code 2 (bad arguments). */
function usageError(message: string): never {
  process.stderr.write(`seed: ${message}\n${USAGE}\n`);
  process.exit(2);
}

/** A non-negative integer from a command-line value, or a usage error naming `option`. */
function parseCount(option: string, value: string, allowNegative = false): number {
  if (!(allowNegative ? /^-?\d+$/ : /^\d+$/).test(value.trim())) usageError(`--${option} must be a whole number, got "${value}"`);
  const n = Number(value);
  if (!Number.isSafeInteger(n)) usageError(`--${option} is out of range: ${value}`);
  return n;
}

async function main(): Promise<void> {
  let values;
  try {
    ({ values } = parseArgs({
      options: {
        members: { type: 'string', short: 'm' },
        seed: { type: 'string', short: 's' },
        database: { type: 'string', short: 'd' },
        today: { type: 'string' },
        reset: { type: 'boolean', default: false },
        help: { type: 'boolean', short: 'h', default: false },
      },
      strict: true,
      allowPositionals: false,
    }));
  } catch (error) {
    usageError(error instanceof Error ? error.message : String(error));
  }
  if (values.help) {
    process.stdout.write(`${USAGE}\n`);
    return;
  }
  if (values.members === undefined) usageError('--members is required');
  const members = parseCount('members', values.members);
  const seedOption = values.seed === undefined ? undefined : parseCount('seed', values.seed, true);
  const location = values.database ?? process.env.DATABASE_URL ?? process.env.DATABASE_PATH ?? 'data/portal.db';
  const postgres = isPostgresUrl(location);
  const path = postgres ? location : resolve(location);
  const shown = postgres ? redactUrl(location) : path;
  // The tables are built for the engine DATABASE_URL names when db/schema loads (db/schema/kit.ts).
  if (postgres) process.env.DATABASE_URL = location;
  else delete process.env.DATABASE_URL;
  const { openDatabase } = await import('../client');
  const { countPersons, DEFAULT_SEED, isCalendarDate, seedDatabase } = await import('./generator');
  const seed = seedOption ?? DEFAULT_SEED;
  if (values.today !== undefined && !isCalendarDate(values.today)) usageError(`--today must be a date YYYY-MM-DD, got "${values.today}"`);
  const { resetDatabase } = await import('../reset');

  if (values.reset) {
    if (postgres) await resetDatabase(location);
    else for (const suffix of ['', '-wal', '-shm']) rmSync(`${path}${suffix}`, { force: true });
  }
  const db = await openDatabase(path);
  try {
    const existing = await countPersons(db);
    if (existing > 0) {
      process.stderr.write(`seed: ${shown} already holds ${existing} persons; use --reset to replace it\n`);
      process.exitCode = 1;
      return;
    }
    process.stdout.write(`Seeding ${shown} with ${members} members (seed ${seed})…\n`);
    const stats = await seedDatabase(db, {
      members,
      seed,
      ...(values.today === undefined ? {} : { today: values.today }),
      // The tenant the server will serve (env TENANT, as server/config.ts reads it): regional seeds no Pensionskasse messages.
      tenant: process.env.TENANT === 'regional' ? 'regional' : 'main',
      log: (msg) => process.stdout.write(`  ${msg}\n`),
    });
    if (db.dialect === 'sqlite') db.$client.pragma('wal_checkpoint(TRUNCATE)');
    const { millis, ...counts } = stats;
    for (const [name, count] of Object.entries(counts)) process.stdout.write(`  ${name.padEnd(14)} ${count}\n`);
    process.stdout.write(`Done in ${(millis / 1000).toFixed(1)} s\n`);
  } finally {
    await db.close();
  }
  if (postgres) return;
  const size = existsSync(path) ? statSync(path).size : 0;
  process.stdout.write(`Database ${path}: ${(size / 1024 / 1024).toFixed(1)} MB\n`);
}

main().catch((error: unknown) => {
  process.stderr.write(`seed: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
  process.exit(1);
});
