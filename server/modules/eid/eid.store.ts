import { and, eq, gt, isNull, lte } from 'drizzle-orm';
import { writeTransaction, type Db } from '../../../db/client';
import { eidAuthRequests, type EidAuthRequestRow } from '../../../db/schema';

/**
 * Queries of the eID login: the open authorization requests (db/schema/eid.ts). The only place that knows how
 * state, nonce and PKCE verifier are stored.
 */
export function createEidStore(db: Db) {
  return {
    /** Stores a started request. */
    async create(row: typeof eidAuthRequests.$inferInsert): Promise<void> {
      await writeTransaction(db, () => db.insert(eidAuthRequests).values(row));
    },

    /**
     * Consumes the request of `stateHash` in one statement: sets `usedAt` only while it is null and the request has
     * not expired at `now` (ISO instant). Concurrent callbacks with the same state cannot both succeed.
     * @returns the request, or undefined when it is unknown, already used or expired.
     */
    async consume(stateHash: string, now: string): Promise<EidAuthRequestRow | undefined> {
      const rows = await writeTransaction(db, () =>
        db
          .update(eidAuthRequests)
          .set({ usedAt: now })
          .where(and(eq(eidAuthRequests.stateHash, stateHash), isNull(eidAuthRequests.usedAt), gt(eidAuthRequests.expiresAt, now)))
          .returning(),
      );
      return rows[0];
    },

    /** Why `consume` refused a state, for the server log: UNKNOWN, USED or EXPIRED. */
    async refusalReason(stateHash: string, now: string): Promise<'UNKNOWN' | 'USED' | 'EXPIRED'> {
      const row = (await db.select().from(eidAuthRequests).where(eq(eidAuthRequests.stateHash, stateHash)).limit(1))[0];
      if (!row) return 'UNKNOWN';
      return row.usedAt ? 'USED' : row.expiresAt <= now ? 'EXPIRED' : 'UNKNOWN';
    },

    /** Deletes requests that expired at or before `now` (used or not). @returns how many were deleted. */
    async purgeExpired(now: string): Promise<number> {
      const rows = await writeTransaction(db, () => db.delete(eidAuthRequests).where(lte(eidAuthRequests.expiresAt, now)).returning({ stateHash: eidAuthRequests.stateHash }));
      return rows.length;
    },
  };
}

export type EidStore = ReturnType<typeof createEidStore>;
