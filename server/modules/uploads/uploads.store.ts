import { and, eq, getTableColumns, gte, inArray, isNull, lt } from 'drizzle-orm';
import { writeTransaction, type Db } from '../../../db/client';
import { uploads, type UploadRow } from '../../../db/schema';

/** Metadata of an upload (the row without its bytes). */
export type UploadMeta = Omit<UploadRow, 'content'>;

/** The columns of `UploadMeta`: every column of the table but the bytes. */
const { content: _content, ...META } = getTableColumns(uploads);

/**
 * Queries of the uploads table. Every read and every claim takes the owner's person id and checks it in SQL, so an id
 * of another member finds nothing.
 */
export function createUploadsStore(db: Db) {
  return {
    /** Stores a new upload. */
    async insert(row: UploadRow): Promise<void> {
      await writeTransaction(db, () => db.insert(uploads).values(row));
    },
    /** Number of the person's pending (not yet used) uploads created at or after `since` (ISO instant). */
    async countPending(personId: number, since: string): Promise<number> {
      return db.$count(uploads, and(eq(uploads.personId, personId), isNull(uploads.usedFor), gte(uploads.createdAt, since)));
    },
    /** The upload `id` with its bytes when it belongs to `personId`; undefined for an unknown or foreign id alike. */
    async findOwn(id: string, personId: number): Promise<UploadRow | undefined> {
      return (
        await db
          .select()
          .from(uploads)
          .where(and(eq(uploads.id, id), eq(uploads.personId, personId)))
          .limit(1)
      )[0];
    },
    /** Metadata of the person's uploads among `ids` (others' and unknown ids are left out). */
    async metaOwn(ids: readonly string[], personId: number): Promise<UploadMeta[]> {
      if (ids.length === 0) return [];
      return db
        .select(META)
        .from(uploads)
        .where(and(inArray(uploads.id, [...ids]), eq(uploads.personId, personId)));
    },
    /**
     * Marks the person's pending uploads `ids` as used by `usedFor`; resolves to the number of rows changed (fewer than
     * `ids.length` when one was used meanwhile). Joins the caller's write transaction.
     */
    async markUsed(ids: readonly string[], personId: number, usedFor: string): Promise<number> {
      if (ids.length === 0) return 0;
      const rows = await writeTransaction(db, () =>
        db
          .update(uploads)
          .set({ usedFor })
          .where(and(inArray(uploads.id, [...ids]), eq(uploads.personId, personId), isNull(uploads.usedFor)))
          .returning({ id: uploads.id }),
      );
      return rows.length;
    },
    /** The person's uploads `ids` with their bytes, then deleted (joins the caller's write transaction). */
    async takeOwn(ids: readonly string[], personId: number): Promise<UploadRow[]> {
      if (ids.length === 0) return [];
      return writeTransaction(db, async () => {
        const rows = await db
          .select()
          .from(uploads)
          .where(and(inArray(uploads.id, [...ids]), eq(uploads.personId, personId)));
        await db.delete(uploads).where(and(inArray(uploads.id, [...ids]), eq(uploads.personId, personId)));
        return rows;
      });
    },
    /** Deletes pending uploads created before `before` (ISO instant); resolves to how many were deleted. */
    async deletePendingBefore(before: string): Promise<number> {
      const rows = await writeTransaction(db, () =>
        db
          .delete(uploads)
          .where(and(isNull(uploads.usedFor), lt(uploads.createdAt, before)))
          .returning({ id: uploads.id }),
      );
      return rows.length;
    },
  };
}

export type UploadsStore = ReturnType<typeof createUploadsStore>;
