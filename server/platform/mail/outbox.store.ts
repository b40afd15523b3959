/**
 * The mail outbox table (db/schema/outbox.ts): queueing, claiming with a lease, and the outcome of each attempt. Works
 * on both engines: claims run in one write transaction (SQLite: the single writer; PostgreSQL: SERIALIZABLE with
 * `FOR UPDATE SKIP LOCKED`, so concurrent workers of several processes take different rows).
 */
import { and, asc, eq, inArray, isNull, lte, or } from 'drizzle-orm';
import { writeTransaction, type Db } from '../../../db/client';
import { mailOutbox, sentMails } from '../../../db/schema';

export type OutboxRow = typeof mailOutbox.$inferSelect;

/** A mail to queue: everything but the worker's bookkeeping. */
export type NewOutboxMail = Pick<OutboxRow, 'personId' | 'kind' | 'recipient' | 'subject' | 'text' | 'html' | 'messageId' | 'createdAt'>;

/** Failed attempts after which a mail is given up (the backoff before the last one totals about 2 hours). */
export const MAIL_MAX_ATTEMPTS = 8;
/** How long a claimed mail stays with its worker before another may take it (ms); far above an SMTP timeout. */
export const MAIL_LEASE_MS = 5 * 60_000;

/** Pause before the next attempt after `attempts` failed ones (ms): 1, 2, 4, … minutes, at most 6 hours. */
export function mailRetryDelayMs(attempts: number): number {
  return Math.min(60_000 * 2 ** Math.max(0, attempts - 1), 6 * 3_600_000);
}

export function createOutboxStore(db: Db) {
  return {
    /** Inserts a mail due at once; joins the caller's write transaction when there is one. */
    async enqueue(mail: NewOutboxMail): Promise<void> {
      await writeTransaction(db, () => db.insert(mailOutbox).values({ ...mail, dueAt: mail.createdAt, attempts: 0 }));
    },

    /**
     * Leases up to `limit` due mails (not given up, due at `nowIso`, lease free or run out) to `owner` until
     * `leaseUntilIso`, oldest due first, and returns them. Rows another transaction holds are skipped (PostgreSQL).
     */
    async claim(owner: string, nowIso: string, leaseUntilIso: string, limit: number): Promise<OutboxRow[]> {
      return writeTransaction(db, async () => {
        const due = db
          .select({ id: mailOutbox.id })
          .from(mailOutbox)
          .where(and(isNull(mailOutbox.failedAt), lte(mailOutbox.dueAt, nowIso), or(isNull(mailOutbox.leaseUntil), lte(mailOutbox.leaseUntil, nowIso))))
          .orderBy(asc(mailOutbox.dueAt), asc(mailOutbox.id))
          .limit(limit);
        // The handle's types are SQLite's; on PostgreSQL the same builder is node-postgres's, which has `.for()`.
        const rows =
          db.dialect === 'postgresql'
            ? await (due as unknown as { for(strength: 'update', config: { skipLocked: boolean }): Promise<{ id: number }[]> }).for('update', { skipLocked: true })
            : await due;
        if (!rows.length) return [];
        return db
          .update(mailOutbox)
          .set({ leaseOwner: owner, leaseUntil: leaseUntilIso })
          .where(
            inArray(
              mailOutbox.id,
              rows.map((r) => r.id),
            ),
          )
          .returning();
      });
    },

    /** The mail was accepted: removes it from the outbox (body and link with it) and records it in sent_mails. */
    async markSent(row: OutboxRow, sentAtIso: string): Promise<void> {
      await writeTransaction(db, async () => {
        await db.delete(mailOutbox).where(eq(mailOutbox.id, row.id));
        await db.insert(sentMails).values({ personId: row.personId, kind: row.kind, recipient: row.recipient, messageId: row.messageId, sentAt: sentAtIso });
      });
    },

    /**
     * The attempt failed with `error`: counts it and frees the lease; due again after `mailRetryDelayMs`, or given
     * up (failedAt, body emptied) after MAIL_MAX_ATTEMPTS. Only while `owner` still holds the lease. Returns whether
     * the mail was given up.
     */
    async markFailed(row: OutboxRow, owner: string, error: string, now: number): Promise<boolean> {
      const attempts = row.attempts + 1;
      const givenUp = attempts >= MAIL_MAX_ATTEMPTS;
      const nowIso = new Date(now).toISOString();
      await writeTransaction(db, () =>
        db
          .update(mailOutbox)
          .set({
            attempts,
            lastError: error.slice(0, 1000),
            leaseOwner: null,
            leaseUntil: null,
            ...(givenUp ? { failedAt: nowIso, text: '', html: '' } : { dueAt: new Date(now + mailRetryDelayMs(attempts)).toISOString() }),
          })
          .where(and(eq(mailOutbox.id, row.id), eq(mailOutbox.leaseOwner, owner))),
      );
      return givenUp;
    },
  };
}

export type OutboxStore = ReturnType<typeof createOutboxStore>;
