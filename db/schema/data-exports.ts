import { index, integer, table, text } from './kit';
import { persons } from './persons';

/** States of a data archive (docs/decisions/0052-data-archive.md). */
export const DATA_EXPORT_STATUSES = ['PENDING', 'READY', 'EXPIRED'] as const;

/**
 * A member's request for a copy of all their data as one ZIP archive (GDPR Art. 15 access and Art. 20 portability;
 * server/modules/data-export, docs/decisions/0052-data-archive.md). The archive is built by the scheduled job
 * `data-export.run` from the row (so a request survives a restart: the row stays PENDING until a run of the job has
 * written the file), written to a file under DATA_EXPORT_DIR, and deleted by the same job once `expiresAt` passed.
 */
export const dataExports = table(
  'data_exports',
  {
    id: integer().primaryKey({ autoIncrement: true }),
    personId: integer()
      .notNull()
      .references(() => persons.id, { onDelete: 'cascade' }),
    /** PENDING until the job wrote the archive, READY while it may be downloaded, EXPIRED once deleted. */
    status: text({ enum: DATA_EXPORT_STATUSES }).notNull(),
    /** ISO instant of the request. */
    requestedAt: text().notNull(),
    /** ISO instant the archive was written; null while PENDING. */
    readyAt: text(),
    /** ISO instant after which the archive is no longer served and is deleted: `readyAt` + 7 days. */
    expiresAt: text(),
    /** File name of the archive inside DATA_EXPORT_DIR (random, never derived from member data); null while PENDING. */
    storageKey: text(),
    /** Size of the archive in bytes; null while PENDING. */
    byteSize: integer(),
    /** ISO instant of the last download unlock (the step-up password typed for this archive), and the session that did it. */
    unlockedAt: text(),
    /** SHA-256 (base64url) of the session token that unlocked the download (`sessions.token_hash`). */
    unlockedSession: text(),
  },
  (t) => [index('data_exports_person_idx').on(t.personId, t.requestedAt), index('data_exports_status_idx').on(t.status)],
);

export type DataExportRow = typeof dataExports.$inferSelect;
