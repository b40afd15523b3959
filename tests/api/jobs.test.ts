/**
 * Scheduled jobs with a lease in the database (docs/scaling.md; server/platform/jobs). Two schedulers on one database
 * stand for two processes (tests/cluster/jobs.test.ts runs real processes); the clock is the test server's manual one.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createJobsStore } from '../../server/platform/jobs/jobs.store';
import { createScheduler, nextDueAfter, type Scheduler } from '../../server/platform/jobs/scheduler';
import { isoInstant } from '../../server/platform/shared/clock';
import { startTestServer, type TestServer } from '../helpers/test-server';

const MINUTE = 60_000;
let server: TestServer;

beforeAll(async () => {
  server = await startTestServer({ members: 0 });
});
afterAll(async () => {
  await server.close();
});

/** A scheduler standing for one process, with job `name` counting its runs in `runs`. */
function processWith(name: string, runs: string[], run?: () => Promise<void>): Scheduler {
  const scheduler = createScheduler({ db: server.db, clock: server.clock, logger: server.deps.logger, pollMs: 0 });
  scheduler.scheduleJob(name, MINUTE, async (job) => {
    runs.push(job.dueAt);
    await run?.();
  });
  return scheduler;
}

describe('scheduleJob (docs/scaling.md)', () => {
  it('runs a job once per due time when two processes poll it together, and keeps the due time over a restart', async () => {
    const runs: string[] = [];
    const a = processWith('test.once', runs);
    const b = processWith('test.once', runs);
    const first = server.clock.now();
    await Promise.all([a.runDue(), b.runDue(), a.runDue(), b.runDue()]);
    expect(runs).toEqual([isoInstant(first)]);
    server.clock.advance(MINUTE - 1);
    await Promise.all([a.runDue(), b.runDue()]);
    expect(runs).toHaveLength(1);
    server.clock.advance(1);
    await Promise.all([a.runDue(), b.runDue()]);
    expect(runs).toEqual([isoInstant(first), isoInstant(first + MINUTE)]);
    // A restarted process (a new scheduler) finds the stored due time: nothing runs early.
    await a.stop();
    const restarted = processWith('test.once', runs);
    await restarted.runDue();
    expect(runs).toHaveLength(2);
    const row = await createJobsStore(server.db).get('test.once');
    expect(row).toMatchObject({ runs: 2, dueAt: isoInstant(first + 2 * MINUTE), leaseOwner: null, lastError: null });
    expect([a.owner, b.owner]).toContain(row!.lastRunOwner);
  });

  it('skips due times missed while no process ran, staying on the interval grid', async () => {
    const runs: string[] = [];
    const a = processWith('test.grid', runs);
    await a.runDue();
    const first = Date.parse(runs[0]!);
    server.clock.advance(5 * MINUTE + 10_000);
    await a.runDue();
    await a.runDue();
    expect(runs).toEqual([isoInstant(first), isoInstant(first + MINUTE)]);
    expect((await createJobsStore(server.db).get('test.grid'))!.dueAt).toBe(isoInstant(first + 6 * MINUTE));
    expect(nextDueAfter(0, 10, 0)).toBe(10);
    expect(nextDueAfter(0, 10, 25)).toBe(30);
  });

  it('retries a failed run after min(interval, 1 minute) and records the error', async () => {
    const runs: string[] = [];
    let fail = true;
    const a = processWith('test.fail', runs, async () => {
      if (fail) throw new Error('mail server gone');
    });
    await a.runDue();
    expect(runs).toHaveLength(1);
    const failed = await createJobsStore(server.db).get('test.fail');
    expect(failed).toMatchObject({ runs: 0, lastError: 'mail server gone', leaseOwner: null, dueAt: isoInstant(server.clock.now() + MINUTE) });
    fail = false;
    await a.runDue();
    expect(runs).toHaveLength(1);
    server.clock.advance(MINUTE);
    await a.runDue();
    expect(runs).toHaveLength(2);
    expect(await createJobsStore(server.db).get('test.fail')).toMatchObject({ runs: 1, lastError: null });
  });

  it('leaves a job leased by a process that died alone until the lease runs out, then another process runs that due time', async () => {
    const runs: string[] = [];
    const a = processWith('test.lease', runs);
    await a.runDue();
    server.clock.advance(MINUTE);
    const store = createJobsStore(server.db);
    const due = (await store.get('test.lease'))!.dueAt;
    // A process claims the due time and dies before it finishes.
    const now = server.clock.now();
    expect(await store.claim('test.lease', 'dead-process', isoInstant(now), isoInstant(now + 10 * MINUTE))).toBeDefined();
    await a.runDue();
    expect(runs).toHaveLength(1);
    server.clock.advance(10 * MINUTE);
    await a.runDue();
    expect(runs).toEqual([runs[0], due]);
  });

  it('refuses a duplicate name and an interval under a second', () => {
    const s = createScheduler({ db: server.db, clock: server.clock, logger: server.deps.logger, pollMs: 0 });
    s.scheduleJob('x', 1000, async () => undefined);
    expect(() => s.scheduleJob('x', 1000, async () => undefined)).toThrow(RangeError);
    expect(() => s.scheduleJob('y', 999, async () => undefined)).toThrow(RangeError);
  });
});
