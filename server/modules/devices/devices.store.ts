import { and, asc, desc, eq, isNotNull, isNull, ne } from 'drizzle-orm';
import { writeTransaction, type Db } from '../../../db/client';
import { sessions } from '../../../db/schema';

/** A session as the device list needs it; `tokenHash` stays on the server (it only tells the caller's own session). */
export interface DeviceSessionRow {
  tokenHash: string;
  publicId: string;
  createdAt: string;
  lastSeenAt: string;
  ipAddress: string | null;
  userAgent: string | null;
  stage: 'PENDING' | 'ACTIVE';
}

/**
 * Queries of the signed-in devices (decision 0048) on `sessions`, always scoped to one person: a public id of someone
 * else's session matches no row, so it can be neither read nor ended.
 */
export function createDevicesStore(db: Db) {
  const columns = {
    tokenHash: sessions.tokenHash,
    publicId: sessions.publicId,
    createdAt: sessions.createdAt,
    lastSeenAt: sessions.lastSeenAt,
    ipAddress: sessions.ipAddress,
    userAgent: sessions.userAgent,
    stage: sessions.stage,
  };
  return {
    /**
     * The person's sessions of `tenant` that are not ended and have a public id, last seen first. Sessions whose
     * time-out has passed but that no request has ended yet are included; the service filters them by the clock.
     */
    async openSessions(personId: number, tenant: string): Promise<DeviceSessionRow[]> {
      const rows = await db
        .select(columns)
        .from(sessions)
        .where(and(eq(sessions.personId, personId), eq(sessions.tenant, tenant), isNull(sessions.endedAt), isNotNull(sessions.publicId)))
        .orderBy(desc(sessions.lastSeenAt), asc(sessions.createdAt));
      return rows.filter((r): r is DeviceSessionRow => r.publicId !== null);
    },

    /**
     * Ends the person's open session with `publicId` (reason ENDED_BY_MEMBER) unless it is `keepTokenHash` (the
     * caller's own). @returns the ended session's token hash, or null when no such open session of this person exists.
     */
    async endByPublicId(personId: number, publicId: string, keepTokenHash: string, at: string): Promise<string | null> {
      const rows = await writeTransaction(db, () =>
        db
          .update(sessions)
          .set({ endedAt: at, endReason: 'ENDED_BY_MEMBER' })
          .where(and(eq(sessions.personId, personId), eq(sessions.publicId, publicId), ne(sessions.tokenHash, keepTokenHash), isNull(sessions.endedAt)))
          .returning({ tokenHash: sessions.tokenHash }),
      );
      return rows[0]?.tokenHash ?? null;
    },

    /** Ends every open session of the person but `keepTokenHash` (reason ENDED_BY_MEMBER). @returns how many ended. */
    async endAllBut(personId: number, keepTokenHash: string, at: string): Promise<number> {
      const rows = await writeTransaction(db, () =>
        db
          .update(sessions)
          .set({ endedAt: at, endReason: 'ENDED_BY_MEMBER' })
          .where(and(eq(sessions.personId, personId), ne(sessions.tokenHash, keepTokenHash), isNull(sessions.endedAt)))
          .returning({ tokenHash: sessions.tokenHash }),
      );
      return rows.length;
    },

    /** The distinct User-Agent headers of the person's sessions other than `exceptTokenHash`, ended or not (the new-browser check). */
    async earlierUserAgents(personId: number, exceptTokenHash: string): Promise<(string | null)[]> {
      const rows = await db
        .selectDistinct({ userAgent: sessions.userAgent })
        .from(sessions)
        .where(and(eq(sessions.personId, personId), ne(sessions.tokenHash, exceptTokenHash)));
      return rows.map((r) => r.userAgent);
    },
  };
}

export type DevicesStore = ReturnType<typeof createDevicesStore>;
