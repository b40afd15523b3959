import { and, desc, eq } from 'drizzle-orm';
import { writeTransaction, type Db } from '../../../db/client';
import { mergeRequestFiles, mergeRequests, type MergeRequestRow } from '../../../db/schema';

/** A new merge request as the service stores it (status PENDING). */
export type NewMergeRequest = Omit<typeof mergeRequests.$inferInsert, 'id' | 'status'>;
/** A file of a merge request. */
export type NewMergeFile = Omit<typeof mergeRequestFiles.$inferInsert, 'id' | 'mergeRequestId'>;

/** Merge-request queries; the person ids come from the caller's session. */
export function createMergeStore(db: Db) {
  return {
    /** The person's newest PENDING merge request, or undefined. */
    async pending(personId: number): Promise<MergeRequestRow | undefined> {
      return (
        await db
          .select()
          .from(mergeRequests)
          .where(and(eq(mergeRequests.personId, personId), eq(mergeRequests.status, 'PENDING')))
          .orderBy(desc(mergeRequests.id))
          .limit(1)
      )[0];
    },

    /**
     * Stores `request` (PENDING) with its `files` unless the person has a PENDING request, in one serialisable write
     * transaction (two concurrent sends: one is stored, the other answers undefined).
     * @returns the new request's id, or undefined when one was already pending.
     */
    async insertUnlessPending(request: NewMergeRequest, files: readonly NewMergeFile[]): Promise<number | undefined> {
      return await writeTransaction(db, async () => {
        const open = await db
          .select({ id: mergeRequests.id })
          .from(mergeRequests)
          .where(and(eq(mergeRequests.personId, request.personId), eq(mergeRequests.status, 'PENDING')))
          .limit(1);
        if (open.length > 0) return undefined;
        const [row] = await db
          .insert(mergeRequests)
          .values({ ...request, status: 'PENDING' })
          .returning({ id: mergeRequests.id });
        if (files.length > 0) await db.insert(mergeRequestFiles).values(files.map((f) => ({ ...f, mergeRequestId: row!.id })));
        return row!.id;
      });
    },
  };
}

export type MergeStore = ReturnType<typeof createMergeStore>;
