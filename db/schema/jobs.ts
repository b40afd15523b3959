import { index, integer, primaryKey, table, text } from './kit';
import { persons } from './persons';

/**
 * Scheduled jobs (docs/decisions/0013-two-engines.md; server/platform/jobs/scheduler.ts): one row per job name with its next due time
 * and the lease of the process running it, so exactly one process of all machines runs a job per due time, and a
 * restart does not run it early again.
 */
export const jobLeases = table('job_leases', {
  /** Job name given to `scheduleJob` (for example `idempotency-keys.purge`). */
  name: text().primaryKey(),
  /** ISO instant of the next run; advanced by the interval after each successful run. */
  dueAt: text().notNull(),
  /** Process holding the lease while it runs the job, and until when (ISO instant); a lease that ran out may be taken again. */
  leaseOwner: text(),
  leaseUntil: text(),
  /** ISO instant and process of the last successful run, and how many runs succeeded so far. */
  lastRunAt: text(),
  lastRunOwner: text(),
  runs: integer().notNull(),
  /** Message of the last failed run (cleared by a successful one). */
  lastError: text(),
});

/**
 * Answers of form submissions by idempotency key (docs/decisions/0013-two-engines.md; server/platform/idempotency/idempotency.ts): a submission
 * repeated with the same key (a double click, a retry after a lost answer, the same form sent to another machine)
 * gets the first answer instead of doing the change twice. Kept 24 hours.
 */
export const idempotencyKeys = table(
  'idempotency_keys',
  {
    personId: integer()
      .notNull()
      .references(() => persons.id, { onDelete: 'cascade' }),
    /** The operation the key belongs to (for example `submitClaim`), so one key cannot answer another form. */
    scope: text().notNull(),
    /** The client's key (@contract/idempotency.ts `idempotencyKeySchema`). */
    key: text().notNull(),
    /** SHA-256 (base64url) of the submitted input, so the same key with other data is refused. */
    fingerprint: text().notNull(),
    /** The first successful answer, as JSON. */
    response: text().notNull(),
    createdAt: text().notNull(),
  },
  (t) => [primaryKey({ columns: [t.personId, t.scope, t.key] }), index('idempotency_keys_created_idx').on(t.createdAt)],
);
