import { index, integer, table, text } from './kit';
import { persons } from './persons';

/** Document categories of the archive (spec 001 section 2 "Documents"). */
export const DOCUMENT_CATEGORIES = [
  'TAX_CONFIRMATION',
  'PERFORMANCE_STATEMENT',
  'VK_ACCOUNT_STATEMENT',
  'PAYROLL_ACCOUNT',
  'PAYMENT_STATEMENT',
  'PENSION_MODEL_INFO',
] as const;

/**
 * A document in a member's archive. The PDF itself is rendered on request from the member's stored data
 * (source = the statement or mandate it is made from), so a figure in a PDF always equals the stored row.
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
