import { and, count, desc, eq, inArray, isNull, sql, type SQL } from 'drizzle-orm';
import type { MessageFolder } from '@contract/inbox';
import { writeTransaction, type Db } from '../../../db/client';
import { messageAttachments, messages, type MessageAttachmentRow, type MessageRow } from '../../../db/schema';

/** An attachment without its bytes. */
export type AttachmentMeta = Omit<MessageAttachmentRow, 'content'>;

const ATTACHMENT_META = {
  id: messageAttachments.id,
  messageId: messageAttachments.messageId,
  fileName: messageAttachments.fileName,
  contentType: messageAttachments.contentType,
  sizeBytes: messageAttachments.sizeBytes,
};

/** Which list a folder is: RECEIVED = INBOUND (from the fund), SENT = OUTBOUND (by the member). */
export function directionOf(folder: MessageFolder): MessageRow['direction'] {
  return folder === 'RECEIVED' ? 'INBOUND' : 'OUTBOUND';
}

/** `text` as a LIKE pattern that matches it literally anywhere (`%`, `_` and `\` escaped), lower-cased. */
function containsPattern(text: string): string {
  return `%${text.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/** Filter of one list: the person, the folder, optionally unread only and a subject search (case-insensitive for ASCII). */
function listFilter(personId: number, folder: MessageFolder, options: { search?: string | null; unreadOnly?: boolean }): SQL {
  const parts: SQL[] = [eq(messages.personId, personId), eq(messages.direction, directionOf(folder))];
  if (options.unreadOnly) parts.push(isNull(messages.readAt));
  if (options.search) parts.push(sql`lower(${messages.subject}) like ${containsPattern(options.search)} escape '\\'`);
  return and(...parts)!;
}

/**
 * Queries of the inbox (messages and their attachments). Every query takes the owner's person id and checks it in SQL;
 * an attachment is reached only through its message's person, so an id of another member finds nothing.
 */
export function createMessagesStore(db: Db) {
  return {
    /** One page of a list, newest first (sent time, then id). */
    async page(personId: number, folder: MessageFolder, options: { search?: string | null; unreadOnly?: boolean; offset: number; limit: number }): Promise<MessageRow[]> {
      return db
        .select()
        .from(messages)
        .where(listFilter(personId, folder, options))
        .orderBy(desc(messages.sentAt), desc(messages.id))
        .limit(options.limit)
        .offset(options.offset);
    },
    /** Number of messages of a list with the same filter as `page`. */
    async count(personId: number, folder: MessageFolder, options: { search?: string | null; unreadOnly?: boolean }): Promise<number> {
      const rows = await db
        .select({ n: count() })
        .from(messages)
        .where(listFilter(personId, folder, options));
      return rows[0]?.n ?? 0;
    },
    /** The message `id` when it belongs to `personId`; undefined for an unknown or foreign id alike. */
    async findOwn(id: number, personId: number): Promise<MessageRow | undefined> {
      return (
        await db
          .select()
          .from(messages)
          .where(and(eq(messages.id, id), eq(messages.personId, personId)))
          .limit(1)
      )[0];
    },
    /** Attachments (without bytes) of the given messages, in insertion order. */
    async attachmentsOf(messageIds: readonly number[]): Promise<AttachmentMeta[]> {
      if (messageIds.length === 0) return [];
      return db
        .select(ATTACHMENT_META)
        .from(messageAttachments)
        .where(inArray(messageAttachments.messageId, [...messageIds]))
        .orderBy(messageAttachments.id);
    },
    /** One attachment with its bytes when its message belongs to `personId`. */
    async attachmentOwn(id: number, personId: number): Promise<MessageAttachmentRow | undefined> {
      const rows = await db
        .select({ attachment: messageAttachments })
        .from(messageAttachments)
        .innerJoin(messages, eq(messages.id, messageAttachments.messageId))
        .where(and(eq(messageAttachments.id, id), eq(messages.personId, personId)))
        .limit(1);
      return rows[0]?.attachment;
    },
    /** Sets read_at = `at` on the person's own unread received message; true when a row changed. */
    async markRead(id: number, personId: number, at: string): Promise<boolean> {
      const rows = await writeTransaction(db, () =>
        db
          .update(messages)
          .set({ readAt: at })
          .where(and(eq(messages.id, id), eq(messages.personId, personId), eq(messages.direction, 'INBOUND'), isNull(messages.readAt)))
          .returning({ id: messages.id }),
      );
      return rows.length > 0;
    },
    /** Inserts a message with its attachments (joins the caller's write transaction); resolves to the new row. */
    async insert(row: Omit<MessageRow, 'id'>, attachments: readonly { fileName: string; contentType: string; content: Buffer }[]): Promise<MessageRow> {
      return writeTransaction(db, async () => {
        const inserted = (await db.insert(messages).values(row).returning())[0]!;
        if (attachments.length > 0) {
          await db
            .insert(messageAttachments)
            .values(attachments.map((a) => ({ messageId: inserted.id, fileName: a.fileName, contentType: a.contentType, sizeBytes: a.content.length, content: a.content })));
        }
        return inserted;
      });
    },
  };
}

export type MessagesStore = ReturnType<typeof createMessagesStore>;
