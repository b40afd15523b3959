/**
 * The `job_leases` table (db/schema/jobs.ts): one row per scheduled job. Every claim and outcome is one statement in a
 * write transaction, so on both engines only one process gets a due job (SQLite: the single writer; PostgreSQL: the
 * row lock plus SERIALIZABLE, the loser re-reads a job that is no longer due).
 */
import { and, eq, gt, isNull, lte, or, sql } from 'drizzle-orm';
import { writeTransaction, type Db } from '../../../db/client';
import { jobLeases } from '../../../db/schema';

export type JobRow = typeof jobLeases.$inferSelect;

export function createJobsStore(db: Db) {
  return {
    /** Creates the job's row, first due at `firstDueIso`, unless it exists (a restart keeps the stored due time). */
    async ensure(name: string, firstDueIso: string): Promise<void> {
      await writeTransaction(db, () => db.insert(jobLeases).values({ name, dueAt: firstDueIso, runs: 0 }).onConflictDoNothing());
    },

    /** Leases the job to `owner` until `leaseUntilIso` when it is due at `nowIso` and nobody holds a live lease; else undefined. */
    async claim(name: string, owner: string, nowIso: string, leaseUntilIso: string): Promise<JobRow | undefined> {
      const rows = await writeTransaction(db, () =>
        db
          .update(jobLeases)
          .set({ leaseOwner: owner, leaseUntil: leaseUntilIso })
          .where(and(eq(jobLeases.name, name), lte(jobLeases.dueAt, nowIso), or(isNull(jobLeases.leaseUntil), lte(jobLeases.leaseUntil, nowIso))))
          .returning(),
      );
      return rows[0];
    },

    /** A successful run of `owner`: next due time, lease freed, run counted. False when `owner` had lost the lease. */
    async complete(name: string, owner: string, nextDueIso: string, nowIso: string): Promise<boolean> {
      const rows = await writeTransaction(db, () =>
        db
          .update(jobLeases)
          .set({ dueAt: nextDueIso, leaseOwner: null, leaseUntil: null, lastRunAt: nowIso, lastRunOwner: owner, runs: sql`${jobLeases.runs} + 1`, lastError: null })
          .where(and(eq(jobLeases.name, name), eq(jobLeases.leaseOwner, owner)))
          .returning({ name: jobLeases.name }),
      );
      return rows.length === 1;
    },

    /** A failed run of `owner`: the error kept, lease freed, due again at `retryDueIso`. */
    async fail(name: string, owner: string, error: string, retryDueIso: string): Promise<void> {
      await writeTransaction(db, () =>
        db
          .update(jobLeases)
          .set({ dueAt: retryDueIso, leaseOwner: null, leaseUntil: null, lastError: error.slice(0, 1000) })
          .where(and(eq(jobLeases.name, name), eq(jobLeases.leaseOwner, owner))),
      );
    },

    /** Makes the job due at `nowIso` when it is due later (work arrived that should not wait for the interval). */
    async wake(name: string, nowIso: string): Promise<void> {
      await writeTransaction(db, () =>
        db
          .update(jobLeases)
          .set({ dueAt: nowIso })
          .where(and(eq(jobLeases.name, name), gt(jobLeases.dueAt, nowIso))),
      );
    },

    /** The job's row (tests, operations). */
    async get(name: string): Promise<JobRow | undefined> {
      return (await db.select().from(jobLeases).where(eq(jobLeases.name, name)))[0];
    },
  };
}

export type JobsStore = ReturnType<typeof createJobsStore>;
