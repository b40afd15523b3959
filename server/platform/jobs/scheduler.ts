/**
 * Scheduled jobs across processes and machines (docs/scaling.md). `scheduleJob(name, intervalMs, run)` registers a
 * job in this process; every process registers the same jobs and polls (JOB_POLL_MS), and the `job_leases` row makes
 * exactly one of them run the job per due time. The due time lives in the database, so a restart neither runs a job
 * early nor forgets it. A run that fails is tried again after `min(interval, 1 minute)`. A process that dies during
 * a run holds the lease until it runs out (`leaseMs`); then another process runs that due time again, so a job must
 * tolerate running twice for one due time after a crash (it gets `dueAt` to make that easy).
 */
import type { Db } from '../../../db/client';
import type { Logger } from '../../log';
import { isoInstant, type Clock } from '../shared/clock';
import { createPoller, leaseOwnerId } from '../shared/poller';
import { createJobsStore } from './jobs.store';

/** What a job's `run` gets: the due time (ISO instant) this run stands for. */
export interface JobRun {
  dueAt: string;
}

export interface JobOptions {
  /** How long a run may take before another process may take the job over (ms); default 10 minutes. */
  leaseMs?: number;
  /** First due time for a job not yet in the database (epoch ms); default: now, so it runs at the first poll. */
  firstDueAt?: number;
}

export interface Scheduler {
  /** Identity in `job_leases.lease_owner`: host, process id and a random part. */
  readonly owner: string;
  /**
   * Registers job `name` (unique, e.g. `claims.reminders`) to run every `intervalMs` (≥ 1000) milliseconds of the
   * injected clock. Register before `start()`. @throws RangeError for a duplicate name or a bad interval.
   */
  scheduleJob(name: string, intervalMs: number, run: (job: JobRun) => Promise<void>, options?: JobOptions): void;
  /** Polls every `pollMs` of real time (no-op when pollMs is 0); the first round runs at once. */
  start(): void;
  /** Stops polling and resolves when the round in progress has finished. */
  stop(): Promise<void>;
  /** One round: runs every registered job that is due and free; resolves to the names this process ran. */
  runDue(): Promise<string[]>;
  /**
   * Makes job `name` due now (its row's due time, for every process) and, when this process polls, starts a round at
   * once; resolves when the due time is stored (not when the round ends: `runDue()` waits for that). For work that
   * should not wait for the job's interval (a new request).
   */
  wake(name: string): Promise<void>;
}

const RETRY_MAX_MS = 60_000;

/** The first due time after `now` on the grid `dueAt + k × interval` (missed due times are skipped, not caught up). */
export function nextDueAfter(dueAt: number, intervalMs: number, now: number): number {
  return dueAt + intervalMs * (Math.max(0, Math.floor((now - dueAt) / intervalMs)) + 1);
}

export function createScheduler(deps: { db: Db; clock: Clock; logger: Logger; pollMs: number }): Scheduler {
  const { clock, logger, pollMs } = deps;
  const store = createJobsStore(deps.db);
  const owner = leaseOwnerId();
  const jobs = new Map<string, { intervalMs: number; run: (job: JobRun) => Promise<void>; leaseMs: number; firstDueAt?: number; ensured: boolean }>();

  async function runJob(name: string): Promise<boolean> {
    const job = jobs.get(name)!;
    if (!job.ensured) {
      await store.ensure(name, isoInstant(job.firstDueAt ?? clock.now()));
      job.ensured = true;
    }
    const now = clock.now();
    const claimed = await store.claim(name, owner, isoInstant(now), isoInstant(now + job.leaseMs));
    if (!claimed) return false;
    try {
      await job.run({ dueAt: claimed.dueAt });
      const done = clock.now();
      const next = nextDueAfter(Date.parse(claimed.dueAt), job.intervalMs, done);
      if (!(await store.complete(name, owner, isoInstant(next), isoInstant(done)))) logger.warn('job finished after its lease ran out', { job: name });
      // Jobs that run more often than once a minute (webhook deliveries) would fill the log: debug for them.
      else logger[job.intervalMs < 60_000 ? 'debug' : 'info']('job ran', { job: name, dueAt: claimed.dueAt });
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      logger.error('job failed; will retry', { job: name, error: message });
      await store.fail(name, owner, message, isoInstant(clock.now() + Math.min(job.intervalMs, RETRY_MAX_MS)));
    }
    return true;
  }

  /** One round: every registered job that is due and free, in registration order; the names run. */
  async function round(): Promise<string[]> {
    const ran: string[] = [];
    for (const name of jobs.keys()) {
      try {
        if (await runJob(name)) ran.push(name);
      } catch (error) {
        logger.error('job scheduling failed', { job: name, error: error instanceof Error ? error.message : String(error) });
      }
    }
    return ran;
  }
  const poller = createPoller({ pollMs, round, logger, what: 'scheduler round' });

  return {
    owner,
    scheduleJob(name, intervalMs, run, options = {}) {
      if (jobs.has(name)) throw new RangeError(`job ${name} is already scheduled`);
      if (!Number.isSafeInteger(intervalMs) || intervalMs < 1000) throw new RangeError(`interval of job ${name} must be an integer ≥ 1000 ms, got ${intervalMs}`);
      jobs.set(name, { intervalMs, run, leaseMs: options.leaseMs ?? 10 * 60_000, firstDueAt: options.firstDueAt, ensured: false });
    },
    start: () => poller.start(),
    stop: () => poller.stop(),
    async runDue() {
      return (await poller.drain()).flat();
    },
    async wake(name) {
      await store.wake(name, isoInstant(clock.now()));
      if (pollMs > 0 && !poller.stopped) void poller.trigger();
    },
  };
}
