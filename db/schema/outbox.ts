import { index, integer, table, text } from './kit';
import { persons } from './persons';

/**
 * Mails waiting to be sent (docs/scaling.md): the mail service inserts a row, in the caller's write transaction when
 * there is one, and a worker in every portal process claims due rows with a lease, sends them over SMTP and deletes
 * them (writing `sent_mails`), or records the failure and tries again later (server/platform/mail/outbox.worker.ts). So a
 * crash between the commit and the send loses no mail, and several processes send each mail once.
 *
 * The body may hold a link with a token until the mail is sent; a sent row is deleted and a row that failed for good
 * keeps no body, so tokens do not stay in the database.
 */
export const mailOutbox = table(
  'mail_outbox',
  {
    id: integer().primaryKey({ autoIncrement: true }),
    personId: integer().references(() => persons.id, { onDelete: 'set null' }),
    /** Upper-case code of what the mail is about (MailKind), as in sent_mails. */
    kind: text().notNull(),
    recipient: text().notNull(),
    subject: text().notNull(),
    /** Plain-text body; empty once the mail failed for good. */
    text: text().notNull(),
    /** HTML body; empty once the mail failed for good. */
    html: text().notNull(),
    /** Message-ID header chosen at queueing, so a resent mail keeps its id and the caller knows it at once. */
    messageId: text().notNull(),
    /** ISO instant the mail was queued. */
    createdAt: text().notNull(),
    /** ISO instant from which the next attempt may run (queueing time, then the backoff after each failure). */
    dueAt: text().notNull(),
    /** Failed attempts so far. */
    attempts: integer().notNull(),
    /** Worker (process) holding the lease, and until when (ISO instant); a lease that ran out may be taken again. */
    leaseOwner: text(),
    leaseUntil: text(),
    /** Message of the last failed attempt. */
    lastError: text(),
    /** ISO instant the mail was given up (after the last attempt); such rows are never claimed again. */
    failedAt: text(),
  },
  (t) => [index('mail_outbox_due_idx').on(t.failedAt, t.dueAt)],
);
