import { and, count, eq, gt, inArray, min } from 'drizzle-orm';
import { writeTransaction, type Db } from '../../../db/client';
import { loginAttempts } from '../../../db/schema';

/**
 * Statuses of a password login that count as a failed guess for the per-IP throttle: an unknown e-mail
 * (NOT_VALID), a wrong password (ERROR_PWD_INVALID) and a guess at a locked access (LOCKED_TEMPORARY), plus
 * attempts still in progress (IN_PROGRESS, the reservation below). Input errors, successes, the statuses after a
 * correct password and the throttled answers themselves (ERROR) do not count.
 */
export const THROTTLE_COUNTED_STATUSES = ['NOT_VALID', 'ERROR_PWD_INVALID', 'LOCKED_TEMPORARY', 'IN_PROGRESS'] as const;

/** Status of a login_attempts row whose password check has not finished yet (a reserved slot of the throttle). */
export const IN_PROGRESS_STATUS = 'IN_PROGRESS';

/**
 * Queries of the per-IP login throttle (server/modules/session/login-throttle.ts) on `login_attempts`, through its
 * `(ip_address, attempted_at)` index. The counter lives in the database, so several processes serving one database
 * share it (ARCHITECTURE.md "Growing past one machine").
 */
export function createLoginThrottleStore(db: Db) {
  const counted = (ip: string, since: string) =>
    and(
      eq(loginAttempts.ipAddress, ip),
      gt(loginAttempts.attemptedAt, since),
      // Password and passkey logins share the throttle (docs/decisions/0047-passkeys.md); eID answers come from the provider.
      inArray(loginAttempts.method, ['PASSWORD', 'PASSKEY']),
      inArray(loginAttempts.status, [...THROTTLE_COUNTED_STATUSES]),
    );

  return {
    /**
     * Inserts an IN_PROGRESS attempt for `ip` when fewer than `max` counted attempts (THROTTLE_COUNTED_STATUSES) of
     * that IP were made after `since` (ISO instant). @returns the new row's id, or null when the IP is throttled.
     * Count and insert run in one serialisable write transaction, so concurrent requests from one IP (on any
     * process) cannot all pass the check before any of them is counted (no lost update).
     */
    reserveSlot(args: { ip: string; email: string; userAgent: string | null; now: string; since: string; max: number; method?: 'PASSWORD' | 'PASSKEY' }): Promise<number | null> {
      return writeTransaction(db, async () => {
        const [row] = await db.select({ n: count() }).from(loginAttempts).where(counted(args.ip, args.since));
        if ((row?.n ?? 0) >= args.max) return null;
        const [inserted] = await db
          .insert(loginAttempts)
          .values({
            personId: null,
            email: args.email,
            method: args.method ?? 'PASSWORD',
            status: IN_PROGRESS_STATUS,
            succeeded: false,
            ipAddress: args.ip,
            userAgent: args.userAgent,
            attemptedAt: args.now,
          })
          .returning({ id: loginAttempts.id });
        return inserted!.id;
      });
    },

    /** Time (ISO instant) of the oldest counted attempt of `ip` after `since`; null when none. */
    async oldestCountedAttempt(ip: string, since: string): Promise<string | null> {
      const [row] = await db
        .select({ at: min(loginAttempts.attemptedAt) })
        .from(loginAttempts)
        .where(counted(ip, since));
      return row?.at ?? null;
    },

    /**
     * Gives the reserved row `id` its final status (and the e-mail, when the login learnt it only from the proof: a
     * passkey names the person). @returns false when the row is no longer IN_PROGRESS.
     */
    async completeSlot(id: number, outcome: { personId: number | null; status: string; succeeded: boolean; email?: string }): Promise<boolean> {
      const rows = await writeTransaction(db, () =>
        db
          .update(loginAttempts)
          .set({ personId: outcome.personId, status: outcome.status, succeeded: outcome.succeeded, ...(outcome.email === undefined ? {} : { email: outcome.email }) })
          .where(and(eq(loginAttempts.id, id), eq(loginAttempts.status, IN_PROGRESS_STATUS)))
          .returning({ id: loginAttempts.id }),
      );
      return rows.length === 1;
    },

    /** Removes a reserved row that never got a status (the check failed unexpectedly); no effect otherwise. */
    async abandonSlot(id: number): Promise<void> {
      await writeTransaction(db, () => db.delete(loginAttempts).where(and(eq(loginAttempts.id, id), eq(loginAttempts.status, IN_PROGRESS_STATUS))));
    },
  };
}

export type LoginThrottleStore = ReturnType<typeof createLoginThrottleStore>;
