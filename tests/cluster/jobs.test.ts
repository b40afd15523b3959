/**
 * A scheduled job over several processes (docs/scaling.md): two portal processes (`server/main.ts`) on one
 * database, both polling every 20 ms, run the hourly `idempotency-keys.purge` job exactly once per due time: once
 * at start, and once more when its due time is moved to the past while both run.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, writeTransaction, type Db } from '../../db/client';
import { jobLeases } from '../../db/schema';
import { databaseEnv, startPortal, stopPortal, type Portal } from '../helpers/portal-process';
import { createTestDatabase, dropTestDatabase, TEST_ENGINE } from '../helpers/test-db';

const JOB = 'idempotency-keys.purge';
let dir: string;
let location: string;
let db: Db;
const portals: Portal[] = [];

/** Lines `job ran` of JOB printed by all portals so far. */
const runLines = () => portals.flatMap((p) => p.output.filter((l) => l.includes('"job ran"') && l.includes(JOB)));

/** Resolves once the portals together printed `count` run lines. */
function runsReach(count: number): Promise<void> {
  return new Promise((done) => {
    const check = () => {
      if (runLines().length < count) return;
      for (const p of portals) p.child.stdout?.off('data', check);
      done();
    };
    for (const p of portals) p.child.stdout?.on('data', check);
    check();
  });
}

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'portal-jobs-'));
  location = await createTestDatabase(dir);
  // The first start migrates and seeds; JOB_POLL_MS=0 so it runs no job.
  await stopPortal(await startPortal({ ...databaseEnv(location), JOB_POLL_MS: '0' }));
  db = await openDatabase(location);
}, 120_000);

afterAll(async () => {
  for (const p of portals) await stopPortal(p, 'SIGKILL');
  await db?.close();
  await dropTestDatabase(TEST_ENGINE === 'postgresql' ? location : undefined);
  rmSync(dir, { recursive: true, force: true });
});

describe(`a scheduled job over two processes on ${TEST_ENGINE} (docs/scaling.md)`, () => {
  it('runs exactly once per due time', async () => {
    const env = { ...databaseEnv(location), JOB_POLL_MS: '20', LOG_LEVEL: 'info' };
    portals.push(...(await Promise.all([startPortal(env), startPortal(env)])));
    await runsReach(1);
    const [first] = await db.select().from(jobLeases).where(eq(jobLeases.name, JOB));
    expect(first).toMatchObject({ runs: 1, leaseOwner: null });
    // The next due time, brought forward to now while both processes poll every 20 ms.
    await writeTransaction(db, () => db.update(jobLeases).set({ dueAt: new Date().toISOString() }).where(eq(jobLeases.name, JOB)));
    await runsReach(2);
    // A graceful stop waits for each process's round in progress; after it no run can start.
    await Promise.all(portals.map((p) => stopPortal(p)));
    expect(runLines()).toHaveLength(2);
    const [after] = await db.select().from(jobLeases).where(eq(jobLeases.name, JOB));
    expect(after).toMatchObject({ runs: 2, leaseOwner: null, lastError: null });
    expect(Date.parse(after!.dueAt)).toBeGreaterThan(Date.now());
  }, 90_000);
});
