import { blob, index, integer, table, text } from './kit';
import { persons } from './persons';

/** Document categories of the archive (spec 001 section 2 "Documents"). */
export const DOCUMENT_CATEGORIES = [
  'TAX_CONFIRMATION',
  'PERFORMANCE_STATEMENT',
  'VK_ACCOUNT_STATEMENT',
  'PAYROLL_ACCOUNT',
  'PAYMENT_STATEMENT',
  'PENSION_MODEL_INFO',
  'CLAIM_CONFIRMATION',
] as const;

/**
 * A document in a member's archive. Its PDF is rendered once from the member's stored data (source = the statement
 * or mandate it is made from) and then kept in `document_files`: a download serves the archived bytes, never a new
 * rendering (docs/decisions/0018-archived-documents.md).
 */
export const documents = table(
  'documents',
  {
    id: integer().primaryKey({ autoIncrement: true }),
    personId: integer()
      .notNull()
      .references(() => persons.id, { onDelete: 'cascade' }),
    category: text({ enum: DOCUMENT_CATEGORIES }).notNull(),
    fund: text({ enum: ['PK', 'VK'] }).notNull(),
    title: text().notNull(),
    /** Date of the document (for statements: the Stichtag). */
    documentDate: text().notNull(),
    /** What the document is generated from: a table name and a row id (for example pk_statements / 17). */
    sourceTable: text().notNull(),
    sourceId: integer().notNull(),
    fileName: text().notNull(),
    contentType: text().notNull().default('application/pdf'),
    createdAt: text().notNull(),
    /** Null while unread. */
    readAt: text(),
  },
  (t) => [index('documents_person_idx').on(t.personId, t.category, t.documentDate)],
);

export type DocumentRow = typeof documents.$inferSelect;

/**
 * The archived PDF of a document (decision 0018): written once, when the document is issued (`archive`) or at the
 * latest on its first download, and never rewritten, so a later template or data change cannot alter a statement
 * the member already has. `sha256` (hex) is the content's digest, served as the download's ETag.
 */
export const documentFiles = table('document_files', {
  documentId: integer()
    .primaryKey()
    .references(() => documents.id, { onDelete: 'cascade' }),
  /** SHA-256 of `content`, 64 lower-case hex digits. */
  sha256: text().notNull(),
  content: blob({ mode: 'buffer' }).notNull(),
  /** Size of `content` in bytes. */
  byteSize: integer().notNull(),
  /** ISO instant the PDF was rendered and archived. */
  archivedAt: text().notNull(),
});

export type DocumentFileRow = typeof documentFiles.$inferSelect;
