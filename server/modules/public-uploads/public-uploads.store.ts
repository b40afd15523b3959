import { and, eq, inArray, isNull, lt } from 'drizzle-orm';
import { writeTransaction, type Db } from '../../../db/client';
import { publicUploadFiles, publicUploads, type PublicUploadFileRow } from '../../../db/schema';

/** Queries of the public upload form's tables (public_uploads, public_upload_files). */
export function createPublicUploadsStore(db: Db) {
  return {
    /** Stores a pending file. */
    async insertFile(row: PublicUploadFileRow): Promise<void> {
      await writeTransaction(db, () => db.insert(publicUploadFiles).values(row));
    },
    /** Number of pending files uploaded with the captcha challenge `challenge`. */
    async countPending(challenge: string): Promise<number> {
      return db.$count(publicUploadFiles, and(eq(publicUploadFiles.captchaChallenge, challenge), isNull(publicUploadFiles.submissionId)));
    },
    /** Ids among `ids` that are pending and were uploaded with `challenge`. */
    async pendingIds(ids: readonly string[], challenge: string): Promise<string[]> {
      if (ids.length === 0) return [];
      const rows = await db
        .select({ id: publicUploadFiles.id })
        .from(publicUploadFiles)
        .where(and(inArray(publicUploadFiles.id, [...ids]), eq(publicUploadFiles.captchaChallenge, challenge), isNull(publicUploadFiles.submissionId)));
      return rows.map((r) => r.id);
    },
    /**
     * Stores a submission and attaches the pending files to it, each group with its document kind (null for the upload
     * form; `ID_COPY`, `SIGNED_FORM` for a merge request); joins the caller's write transaction.
     */
    async insertSubmission(row: Omit<typeof publicUploads.$inferInsert, 'id'>, groups: readonly { documentKind: string | null; ids: readonly string[] }[]): Promise<number> {
      return writeTransaction(db, async () => {
        const inserted = await db.insert(publicUploads).values(row).returning({ id: publicUploads.id });
        const id = inserted[0]!.id;
        for (const group of groups) {
          if (group.ids.length === 0) continue;
          const attached = await db
            .update(publicUploadFiles)
            .set({ submissionId: id, documentKind: group.documentKind })
            .where(and(inArray(publicUploadFiles.id, [...group.ids]), isNull(publicUploadFiles.submissionId)))
            .returning({ id: publicUploadFiles.id });
          if (attached.length !== group.ids.length) throw new Error('public upload files attached concurrently');
        }
        return id;
      });
    },
    /** Deletes pending files whose captcha expired before `nowIso`; resolves to how many. */
    async purgePendingBefore(nowIso: string): Promise<number> {
      const rows = await writeTransaction(db, () =>
        db
          .delete(publicUploadFiles)
          .where(and(isNull(publicUploadFiles.submissionId), lt(publicUploadFiles.expiresAt, nowIso)))
          .returning({ id: publicUploadFiles.id }),
      );
      return rows.length;
    },
  };
}

export type PublicUploadsStore = ReturnType<typeof createPublicUploadsStore>;
