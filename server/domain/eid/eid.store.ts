import { and, eq, gt, isNull, lte } from 'drizzle-orm';
import type { Db } from '../../../db/client';
import { eidAuthRequests, type EidAuthRequestRow } from '../../../db/schema';

/**
 * Queries of the eID login: the open authorization requests (db/schema/eid.ts). The only place that knows how
 * state, nonce and PKCE verifier are stored.
 */
export function createEidStore(db: Db) {
  return {
    /** Stores a started request. */
    create(row: typeof eidAuthRequests.$inferInsert): void {
      db.insert(eidAuthRequests).values(row).run();
    },

    /**
     * Consumes the request of `stateHash` in one statement: sets `usedAt` only while it is null and the request has
     * not expired at `now` (ISO instant). Concurrent callbacks with the same state cannot both succeed.
     * @returns the request, or undefined when it is unknown, already used or expired.
     */
    consume(stateHash: string, now: string): EidAuthRequestRow | undefined {
      return db
        .update(eidAuthRequests)
        .set({ usedAt: now })
        .where(and(eq(eidAuthRequests.stateHash, stateHash), isNull(eidAuthRequests.usedAt), gt(eidAuthRequests.expiresAt, now)))
        .returning()
        .get();
    },

    /** Why `consume` refused a state, for the server log: UNKNOWN, USED or EXPIRED. */
    refusalReason(stateHash: string, now: string): 'UNKNOWN' | 'USED' | 'EXPIRED' {
      const row = db.select().from(eidAuthRequests).where(eq(eidAuthRequests.stateHash, stateHash)).get();
      if (!row) return 'UNKNOWN';
      return row.usedAt ? 'USED' : row.expiresAt <= now ? 'EXPIRED' : 'UNKNOWN';
    },

    /** Deletes requests that expired at or before `now` (used or not). @returns how many were deleted. */
    purgeExpired(now: string): number {
      return db.delete(eidAuthRequests).where(lte(eidAuthRequests.expiresAt, now)).run().changes;
    },
  };
}

export type EidStore = ReturnType<typeof createEidStore>;
