import { blob, index, integer, table, text } from './kit';
import { persons } from './persons';

/** Status of a merge request: PENDING until the fund has merged the accounts (DONE) or declined (DECLINED). */
export const MERGE_STATUSES = ['PENDING', 'DONE', 'DECLINED'] as const;

/**
 * A member's request to merge dormant Vorsorgekasse accounts into the current one (Zusammenlegung, § 17 (2a) BMSVG;
 * decision 0023). One PENDING request per person at a time (checked in the request's write transaction).
 */
export const mergeRequests = table(
  'merge_requests',
  {
    id: integer().primaryKey({ autoIncrement: true }),
    personId: integer()
      .notNull()
      .references(() => persons.id, { onDelete: 'cascade' }),
    status: text({ enum: MERGE_STATUSES }).notNull(),
    /** Names, SVNR (10 digits, no spaces) and e-mail as the member entered them on the form. */
    firstName: text().notNull(),
    lastName: text().notNull(),
    svnr: text().notNull(),
    email: text().notNull(),
    /** DIGITAL (signed in the portal, `signatureKind`) or HANDWRITTEN (the signed form is a file of kind SIGNED_FORM). */
    signatureType: text({ enum: ['DIGITAL', 'HANDWRITTEN'] }).notNull(),
    /** DIGITAL only: DRAWN (the PNG is a file of kind SIGNATURE) or TYPED (`signatureName`). */
    signatureKind: text({ enum: ['DRAWN', 'TYPED'] }),
    signatureName: text(),
    /** Numbers of the dormant accounts to merge, comma-separated, as they were eligible when the request was sent. */
    accountNumbers: text().notNull(),
    /** Number of the member's ACTIVE account they are merged into. */
    targetAccountNumber: text().notNull(),
    /** ISO instant of receipt. */
    submittedAt: text().notNull(),
    /** ISO instant the fund resolved the request (DONE or DECLINED; `resolveMergeRequest`, decision 0055); null while PENDING. */
    resolvedAt: text(),
    /** The fund's note on its resolution, as the member was told it; null while PENDING. */
    resolutionNote: text(),
  },
  (t) => [index('merge_requests_person_idx').on(t.personId)],
);

/** Files of a merge request: the ID copy, the signed form (HANDWRITTEN) and the drawn signature (DIGITAL, DRAWN). */
export const mergeRequestFiles = table(
  'merge_request_files',
  {
    id: integer().primaryKey({ autoIncrement: true }),
    mergeRequestId: integer()
      .notNull()
      .references(() => mergeRequests.id, { onDelete: 'cascade' }),
    kind: text({ enum: ['ID_COPY', 'SIGNED_FORM', 'SIGNATURE'] }).notNull(),
    fileName: text().notNull(),
    contentType: text().notNull(),
    sizeBytes: integer().notNull(),
    content: blob({ mode: 'buffer' }).notNull(),
  },
  (t) => [index('merge_request_files_request_idx').on(t.mergeRequestId)],
);

export type MergeRequestRow = typeof mergeRequests.$inferSelect;
