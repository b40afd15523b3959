/**
 * Crash durability (docs/security.md).
 *
 * - Kill cycles: a writer process commits real portal transactions (login attempts, preference updates, messages with
 *   attachments) and acknowledges each COMMIT on stdout; the test kills it with SIGKILL at a random moment, reopens
 *   the file and checks that every acknowledged commit is there, no transaction is partly there, and SQLite's
 *   integrity and foreign-key checks pass. The database carries over from cycle to cycle.
 *   DURABILITY_KILLS sets the number of cycles (default 30), DURABILITY_SEED the random seed of the kill moments.
 * - Two writer processes at once: both complete every transaction; the busy timeout absorbs the lock waits.
 * - A lock held beyond the busy timeout: REST answers 503 and writes nothing; a shorter one only delays the answer.
 *
 * SIGKILL ends the process, not the machine: the operating system keeps what was written, so these cycles prove
 * atomicity and the acknowledge-after-commit order, not the fsync of synchronous=FULL (that needs a power cut).
 */
import Database from 'better-sqlite3';
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../../db/client';
import { seedDatabase } from '../../db/seed';
import { DEMO_PASSWORD, PortalClient } from '../helpers/client';
import { emailOf } from '../helpers/scenarios';
import { sqlAll } from '../helpers/raw-sql';
import { createTestDatabase, dropTestDatabase, TEST_ENGINE } from '../helpers/test-db';
import { startTestServer, TEST_TODAY } from '../helpers/test-server';
import { checkWriter, newLedger, REPO_ROOT, startWriter, structuralChecks, type WriterLedger } from './writers';

const KILLS = Number(process.env.DURABILITY_KILLS ?? 30);
const SEED = Number(process.env.DURABILITY_SEED ?? Math.floor(Math.random() * 2 ** 31));

/** mulberry32: a small seeded generator, so that a failing run's kill moments can be replayed with DURABILITY_SEED. */
function rng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/**
 * PostgreSQL commits over a socket with a serialisable transaction each (a few milliseconds, more on the loaded 2-core
 * test machine) where SQLite commits in-process: there a cycle waits for up to 60 acknowledgements instead of 400,
 * is given 10 s instead of 3 s, and the two writers must reach 10 commits each instead of 100.
 */
const ON_SQLITE = TEST_ENGINE === 'sqlite';
const MAX_ACKS = ON_SQLITE ? 400 : 60;
const CYCLE_MS = ON_SQLITE ? 3_000 : 10_000;
const MIN_CONCURRENT_COMMITS = ON_SQLITE ? 100 : 10;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

let dir: string;
/** The database the writers share: a SQLite file, or a PostgreSQL database on the tests' server. */
let dbPath: string;
let personIds: number[];

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'portal-durability-'));
  dbPath = await createTestDatabase(dir);
  const db = await openDatabase(dbPath);
  await seedDatabase(db, { members: 5, today: TEST_TODAY });
  personIds = (await sqlAll<{ id: number }>(db, 'SELECT id FROM persons ORDER BY id')).map((r) => r.id);
  await db.close();
});

afterAll(async () => {
  await dropTestDatabase(dbPath);
  rmSync(dir, { recursive: true, force: true });
});

/** Size of the database for the report (SQLite: the file; PostgreSQL: `pg_database_size`). */
async function databaseMegabytes(): Promise<string> {
  if (TEST_ENGINE === 'sqlite') return (statSync(dbPath).size / 1024 / 1024).toFixed(1);
  const db = await openDatabase(dbPath, { migrate: false });
  try {
    const [row] = await sqlAll<{ n: number }>(db, 'SELECT pg_database_size(current_database()) AS n');
    return (row!.n / 1024 / 1024).toFixed(1);
  } finally {
    await db.close();
  }
}

describe('crash durability', () => {
  it(
    `keeps every acknowledged commit and no partial transaction across ${KILLS} SIGKILLs`,
    async () => {
      expect(Number.isSafeInteger(KILLS) && KILLS > 0).toBe(true);
      const random = rng(SEED);
      const ledger: WriterLedger = newLedger('k', personIds.slice(0, 12));
      const started = performance.now();
      const figures = { cycles: 0, acks: 0, rechecked: 0, unacknowledgedCommits: 0, byTime: 0, byAcks: 0, killedBeforeFirstAck: 0 };
      // The writer of the next cycle is started while the current one runs and waits for its START line, so that its
      // module loading (about half a second) does not add to every cycle.
      const spawnWriter = () => startWriter(['--database', dbPath, '--writer', ledger.writer, '--persons', ledger.persons.join(','), '--start-from-stdin']);
      let next = spawnWriter();
      for (let cycle = 0; cycle < KILLS; cycle++) {
        const start = ledger.committedMax + 1;
        const writer = next;
        next = spawnWriter();
        writer.begin(start);
        try {
          await writer.waitFor(() => writer.lines.includes('READY'), 'READY');
          if (random() < 0.5) {
            figures.byTime++;
            await sleep(20 + Math.floor(random() * 281));
          } else {
            figures.byAcks++;
            const n = 1 + Math.floor(random() * MAX_ACKS);
            await writer.waitFor(() => writer.acks.length >= n, `${n} acknowledgements`);
          }
        } finally {
          writer.child.kill('SIGKILL');
        }
        const exit = await writer.closed;
        expect(exit.signal, `cycle ${cycle}: the writer must still be running when killed (stderr: ${writer.stderr()})`).toBe('SIGKILL');
        expect(
          writer.lines.filter((l) => l.startsWith('ERROR')),
          `cycle ${cycle}`,
        ).toEqual([]);

        const db = await openDatabase(dbPath, { migrate: false });
        try {
          expect(await structuralChecks(db), `cycle ${cycle} (seed ${SEED})`).toEqual({ integrity: [{ integrity_check: 'ok' }], foreignKeys: [] });
          const check = await checkWriter(db, ledger, start, writer.acks);
          figures.acks += check.acknowledged;
          figures.rechecked += check.earlier;
          figures.unacknowledgedCommits += check.unacknowledgedCommits;
          if (check.acknowledged === 0) figures.killedBeforeFirstAck++;
        } finally {
          await db.close();
        }
        figures.cycles++;
      }
      next.child.kill('SIGKILL');
      await next.closed;
      const seconds = (performance.now() - started) / 1000;
      const megabytes = await databaseMegabytes();
      console.log(
        `crash durability on ${TEST_ENGINE}: seed ${SEED}, ${figures.cycles} SIGKILL cycles in ${seconds.toFixed(1)} s (${figures.byTime} after 20-300 ms, ${figures.byAcks} after 1-${MAX_ACKS} ACKs), ` +
          `${figures.acks} acknowledged commits checked after their kill, ${figures.rechecked} earlier commits re-checked, ` +
          `${figures.unacknowledgedCommits} committed-but-unacknowledged transactions found, ${figures.killedBeforeFirstAck} cycles killed before the first ACK, ` +
          `database ${megabytes} MB`,
      );
      expect(figures.cycles).toBe(KILLS);
      expect(figures.acks).toBeGreaterThan(KILLS);
    },
    KILLS * CYCLE_MS + 30_000,
  );

  it('lets two writer processes write at once: every started transaction commits, no SQLITE_BUSY reaches them', async () => {
    const a = newLedger('a', personIds.slice(12, 19));
    const b = newLedger('b', personIds.slice(19));
    const args = (l: WriterLedger) => ['--database', dbPath, '--writer', l.writer, '--persons', l.persons.join(','), '--duration-ms', '3000', '--pause-ms', '2'];
    const writers = [startWriter(args(a)), startWriter(args(b))];
    const exits = await Promise.all(writers.map((w) => w.closed));
    for (const [i, w] of writers.entries()) {
      expect(exits[i], w.stderr()).toEqual({ code: 0, signal: null });
      expect(w.stderr()).not.toMatch(/SQLITE_BUSY|database is locked/i);
      expect(w.lines.filter((l) => l.startsWith('ERROR'))).toEqual([]);
      const done = /^DONE (\d+) (\d+)$/.exec(w.lines.at(-1) ?? '');
      expect(done, `last line ${w.lines.at(-1)}`).not.toBeNull();
      expect(Number(done![1])).toBe(w.acks.length);
      expect(w.acks.length).toBeGreaterThan(MIN_CONCURRENT_COMMITS);
    }

    const db = await openDatabase(dbPath, { migrate: false });
    try {
      expect(await structuralChecks(db)).toEqual({ integrity: [{ integrity_check: 'ok' }], foreignKeys: [] });
      expect((await checkWriter(db, a, 0, writers[0]!.acks)).unacknowledgedCommits).toBe(0);
      expect((await checkWriter(db, b, 0, writers[1]!.acks)).unacknowledgedCommits).toBe(0);
      // The two really wrote at the same time: in id order their login attempts alternate many times.
      const order = (await sqlAll<{ email: string }>(db, `SELECT email FROM login_attempts WHERE email LIKE 'durability.a.%' OR email LIKE 'durability.b.%' ORDER BY id`)).map(
        (r) => r.email.charAt('durability.'.length),
      );
      const switches = order.filter((w, i) => i > 0 && w !== order[i - 1]).length;
      const waits = writers.map((w) => Number(/^DONE \d+ (\d+)$/.exec(w.lines.at(-1)!)![1]));
      console.log(
        `two writers: ${writers[0]!.acks.length} + ${writers[1]!.acks.length} commits in 3 s, ${switches} alternations, longest transaction incl. lock wait ${Math.max(...waits)} ms`,
      );
      expect(switches).toBeGreaterThan(ON_SQLITE ? 10 : 2);
    } finally {
      await db.close();
    }
  }, 90_000);
});

// SQLite only: another connection holds SQLite's single write lock (busy_timeout, then 503). PostgreSQL has no such
// database-wide lock; its row-lock waits end in lock_timeout and the serialisable retry (decision 0013).
describe.runIf(TEST_ENGINE === 'sqlite')('HTTP layer and a locked database', () => {
  const ANNA = emailOf('anna');

  it('answers REST 503 with Retry-After and writes nothing while another connection holds the write lock beyond the busy timeout', async () => {
    const server = await startTestServer({ members: 2, env: { DB_BUSY_TIMEOUT_MS: '250' } });
    try {
      // A logged-in member whose next request must move the session's last-seen time (a write through Drizzle).
      const member = new PortalClient(server.url);
      expect((await member.rest('login', { user: ANNA, password: DEMO_PASSWORD })).json).toEqual({ status: 'SUCCESSFUL' });
      server.clock.advance(20_000);
      const tables = (server.db.$client.prepare(`SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%'`).all() as { name: string }[]).map((r) => r.name);
      const state = () => ({
        rowCounts: tables.map((t) => [t, server.db.$client.prepare(`SELECT count(*) AS n FROM "${t}"`).get()]),
        sessions: server.db.$client.prepare('SELECT token_hash, last_seen_at, ended_at FROM sessions ORDER BY token_hash').all(),
        credentials: server.db.$client.prepare('SELECT failed_attempts, locked_until, last_login_at FROM credentials ORDER BY person_id').all(),
      });
      const before = state();
      const locker = new Database(server.dbPath);
      locker.exec('BEGIN IMMEDIATE');
      const answers = [];
      const startedAt = performance.now();
      try {
        for (const password of [DEMO_PASSWORD, 'wrong-password-1']) answers.push(await new PortalClient(server.url).rest('login', { user: ANNA, password }));
        answers.push(await member.rest('getPersonalData'));
      } finally {
        locker.exec('ROLLBACK');
        locker.close();
      }
      expect(performance.now() - startedAt).toBeGreaterThanOrEqual(3 * 250);
      for (const res of answers) {
        expect(res.status).toBe(503);
        expect(res.json).toEqual({ error: 'SERVICE_UNAVAILABLE', message: expect.stringMatching(/erneut/) });
        expect(res.headers.get('retry-after')).toBe('2');
        expect(res.headers.getSetCookie()).toEqual([]);
      }
      expect(state()).toEqual(before);
      expect(server.logLines.filter((l) => l.includes('rest method found the database locked'))).toHaveLength(3);
      expect(server.logLines.filter((l) => l.includes('"level":"error"'))).toEqual([]);

      // Once the lock is gone the same requests go through.
      const ok = await new PortalClient(server.url).rest('login', { user: ANNA, password: DEMO_PASSWORD });
      expect(ok.status).toBe(200);
      expect(ok.json).toEqual({ status: 'SUCCESSFUL' });
      expect((await member.rest('getPersonalData')).status).toBe(200);
    } finally {
      await server.close();
    }
  });

  it('only delays a REST login while another process holds the write lock for less than the busy timeout', async () => {
    const server = await startTestServer({ members: 2, env: { DB_BUSY_TIMEOUT_MS: '3000' } });
    try {
      // Another process (as a second portal instance or a maintenance script would) takes the write lock for 400 ms.
      const holder = spawn(
        process.execPath,
        [
          '-e',
          `const db = new (require('better-sqlite3'))(process.argv[1]); db.exec('BEGIN IMMEDIATE'); console.log('LOCKED');
           setTimeout(() => { db.exec('ROLLBACK'); db.close(); }, 400);`,
          server.dbPath,
        ],
        { cwd: REPO_ROOT, stdio: ['ignore', 'pipe', 'inherit'] },
      );
      await new Promise<void>((resolve, reject) => {
        holder.stdout.once('data', () => resolve());
        holder.once('exit', (code) => reject(new Error(`lock holder ended early with ${code}`)));
      });
      const startedAt = performance.now();
      const res = await new PortalClient(server.url).rest('login', { user: ANNA, password: DEMO_PASSWORD });
      const waited = performance.now() - startedAt;
      await new Promise((resolve) => (holder.exitCode === null ? holder.once('exit', resolve) : resolve(null)));
      expect(res.status).toBe(200);
      expect(res.json).toEqual({ status: 'SUCCESSFUL' });
      expect(waited).toBeGreaterThan(200);
    } finally {
      await server.close();
    }
  });
});
