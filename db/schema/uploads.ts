import { blob, index, integer, table, text } from './kit';
import { persons } from './persons';

/**
 * Files members uploaded through `POST /webportal/upload` (server/modules/uploads, decision 0014). The bytes live in
 * the database (BLOB on SQLite, bytea on PostgreSQL) so every server process and machine sees them. An upload is
 * pending until a GraphQL/REST input references it (`usedFor` set, e.g. `message:12`); pending uploads expire after
 * UPLOAD_PENDING_HOURS and are deleted by the clean-up job.
 */
export const uploads = table(
  'uploads',
  {
    /** Random id (32 lower-case hex characters from 16 random bytes); never derived from the file name. */
    id: text().primaryKey(),
    personId: integer()
      .notNull()
      .references(() => persons.id, { onDelete: 'cascade' }),
    /** What the file is for (`inbox-attachment`, …; the allow-list of types depends on it). */
    purpose: text().notNull(),
    /** Sanitised file name as the member gave it (no path, at most 120 characters). */
    fileName: text().notNull(),
    /** MIME type detected from the content's magic bytes, never the one the client sent. */
    contentType: text().notNull(),
    sizeBytes: integer().notNull(),
    content: blob({ mode: 'buffer' }).notNull(),
    /** ISO instant of the upload. */
    createdAt: text().notNull(),
    /** What references the upload (`message:12`, …); null while pending. */
    usedFor: text(),
  },
  (t) => [index('uploads_person_idx').on(t.personId, t.usedFor), index('uploads_created_idx').on(t.createdAt)],
);

export type UploadRow = typeof uploads.$inferSelect;
