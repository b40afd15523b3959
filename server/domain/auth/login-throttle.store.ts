import type { Db } from '../../../db/client';

/**
 * Statuses of a password login that count as a failed guess for the per-IP throttle: an unknown e-mail
 * (NOT_VALID), a wrong password (ERROR_PWD_INVALID) and a guess at a locked access (LOCKED_TEMPORARY), plus
 * attempts still in progress (IN_PROGRESS, the reservation below). Input errors, successes, the statuses after a
 * correct password and the throttled answers themselves (ERROR) do not count.
 */
export const THROTTLE_COUNTED_STATUSES = ['NOT_VALID', 'ERROR_PWD_INVALID', 'LOCKED_TEMPORARY', 'IN_PROGRESS'] as const;

/** Status of a login_attempts row whose password check has not finished yet (a reserved slot of the throttle). */
export const IN_PROGRESS_STATUS = 'IN_PROGRESS';

const COUNTED = THROTTLE_COUNTED_STATUSES.map((s) => `'${s}'`).join(', ');

/**
 * Queries of the per-IP login throttle (server/domain/auth/login-throttle.ts) on `login_attempts`, through its
 * `(ip_address, attempted_at)` index. The counter lives in the database, so several processes serving one database
 * share it (ARCHITECTURE.md "Growing past one machine").
 */
export function createLoginThrottleStore(db: Db) {
  /*
   * Reserves a slot atomically: the attempt row is inserted (status IN_PROGRESS) only while fewer than @max counted
   * attempts of the IP lie in the window. SQLite runs the statement under its write lock, so concurrent requests from
   * one IP cannot all pass the check before any of them is counted (no lost update).
   */
  const reserve = db.$client.prepare<{ ip: string; email: string; userAgent: string | null; now: string; since: string; max: number }, { id: number }>(`
    INSERT INTO login_attempts (person_id, email, method, status, succeeded, ip_address, user_agent, attempted_at)
    SELECT NULL, @email, 'PASSWORD', '${IN_PROGRESS_STATUS}', 0, @ip, @userAgent, @now
     WHERE (SELECT count(*) FROM login_attempts
             WHERE ip_address = @ip AND attempted_at > @since AND method = 'PASSWORD' AND status IN (${COUNTED})) < @max
    RETURNING id`);
  const oldestCounted = db.$client.prepare<{ ip: string; since: string }, { at: string | null }>(`
    SELECT min(attempted_at) AS at FROM login_attempts
     WHERE ip_address = @ip AND attempted_at > @since AND method = 'PASSWORD' AND status IN (${COUNTED})`);
  const complete = db.$client.prepare<{ id: number; personId: number | null; status: string; succeeded: number }>(`
    UPDATE login_attempts SET person_id = @personId, status = @status, succeeded = @succeeded
     WHERE id = @id AND status = '${IN_PROGRESS_STATUS}'`);
  const abandon = db.$client.prepare<[number]>(`DELETE FROM login_attempts WHERE id = ? AND status = '${IN_PROGRESS_STATUS}'`);

  return {
    /**
     * Inserts an IN_PROGRESS attempt for `ip` when fewer than `max` counted attempts (THROTTLE_COUNTED_STATUSES) of
     * that IP were made after `since` (ISO instant). @returns the new row's id, or null when the IP is throttled.
     */
    reserveSlot(args: { ip: string; email: string; userAgent: string | null; now: string; since: string; max: number }): number | null {
      return reserve.get(args)?.id ?? null;
    },

    /** Time (ISO instant) of the oldest counted attempt of `ip` after `since`; null when none. */
    oldestCountedAttempt(ip: string, since: string): string | null {
      return oldestCounted.get({ ip, since })?.at ?? null;
    },

    /** Gives the reserved row `id` its final status. @returns false when the row is no longer IN_PROGRESS. */
    completeSlot(id: number, outcome: { personId: number | null; status: string; succeeded: boolean }): boolean {
      return complete.run({ id, personId: outcome.personId, status: outcome.status, succeeded: outcome.succeeded ? 1 : 0 }).changes === 1;
    },

    /** Removes a reserved row that never got a status (the check failed unexpectedly); no effect otherwise. */
    abandonSlot(id: number): void {
      abandon.run(id);
    },
  };
}

export type LoginThrottleStore = ReturnType<typeof createLoginThrottleStore>;
