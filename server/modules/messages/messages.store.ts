import { and, count, desc, eq, getTableColumns, gte, inArray, isNull, lte, or, sql, type SQL } from 'drizzle-orm';
import type { MessageFolder } from '@contract/messages';
import { writeTransaction, type Db } from '../../../db/client';
import { preparedRead } from '../../../db/prepared';
import { messageAttachments, messages, supervisoryBoardSeats, type MessageAttachmentRow, type MessageRow, type SupervisoryBoardSeatRow } from '../../../db/schema';

/** An attachment without its bytes. */
export type AttachmentMeta = Omit<MessageAttachmentRow, 'content'>;

/** The columns of `AttachmentMeta`: every column of the table but the bytes. */
const { content: _content, ...ATTACHMENT_META } = getTableColumns(messageAttachments);

/**
 * Which list a folder is: RECEIVED = INBOUND (from the fund), SENT = OUTBOUND (by the member), BOARD = INBOUND of the
 * supervisory-board inbox (the board inbox has no sent list: the fund writes to its board members).
 */
export function directionOf(folder: MessageFolder): MessageRow['direction'] {
  return folder === 'SENT' ? 'OUTBOUND' : 'INBOUND';
}

/** The folder a message shows in: BOARD for a supervisory-board message, else RECEIVED or SENT by its direction. */
export function folderOf(message: Pick<MessageRow, 'direction' | 'mailboxKind'>): MessageFolder {
  if (message.mailboxKind === 'BOARD') return 'BOARD';
  return message.direction === 'INBOUND' ? 'RECEIVED' : 'SENT';
}

/** `text` as a LIKE pattern that matches it literally anywhere (`%`, `_` and `\` escaped), lower-cased. */
function containsPattern(text: string): string {
  return `%${text.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/**
 * Whose messages a request sees (spec 000 section 4 "mailbox type"): a person's own mailbox (`customer` null, AWB_LB)
 * or, for a contact person (ASP) acting for a customer duty, that customer's mailbox (`customer` the duty's customer
 * designation). `personId` is always the session's person (the author of what it sends).
 */
export interface Mailbox {
  personId: number;
  customer: string | null;
  /**
   * The person holds a current supervisory-board seat and acts as themselves (decision 0026): the request also reaches
   * the person's supervisory-board inbox (folder BOARD). Absent or false: board messages are out of reach.
   */
  board?: boolean;
}

/** The rows of the member inbox of a mailbox: a customer's messages (whoever of its contact persons wrote them), or the person's own. */
export function mailboxFilter(mailbox: Mailbox): SQL {
  const member = eq(messages.mailboxKind, 'MEMBER');
  return mailbox.customer !== null
    ? and(eq(messages.customerDesignation, mailbox.customer), member)!
    : and(eq(messages.personId, mailbox.personId), isNull(messages.customerDesignation), member)!;
}

/** True when the mailbox reaches a supervisory-board inbox (a board seat, not acting for a customer). */
function hasBoardInbox(mailbox: Mailbox): boolean {
  return mailbox.board === true && mailbox.customer === null;
}

/** True when the list of `folder` is empty by definition (the board folder of a mailbox without a board seat): no query. */
function emptyByDefinition(mailbox: Mailbox, folder: MessageFolder): boolean {
  return folder === 'BOARD' && !hasBoardInbox(mailbox);
}

/** The rows of the person's supervisory-board inbox; no row when the mailbox has no board seat (`board` not true). */
function boardFilter(mailbox: Mailbox): SQL {
  if (!hasBoardInbox(mailbox)) return sql`1 = 0`;
  return and(eq(messages.personId, mailbox.personId), isNull(messages.customerDesignation), eq(messages.mailboxKind, 'BOARD'))!;
}

/** Every row the mailbox reaches by id: its member inbox and, for a board member, the supervisory-board inbox. */
function reachableFilter(mailbox: Mailbox): SQL {
  return mailbox.board === true ? or(mailboxFilter(mailbox), boardFilter(mailbox))! : mailboxFilter(mailbox);
}

/** Filter of one list: the mailbox, the folder, optionally unread only and a subject search (case-insensitive for ASCII). */
function listFilter(mailbox: Mailbox, folder: MessageFolder, options: { search?: string | null; unreadOnly?: boolean }): SQL {
  const parts: SQL[] = [folder === 'BOARD' ? boardFilter(mailbox) : mailboxFilter(mailbox), eq(messages.direction, directionOf(folder))];
  if (options.unreadOnly) parts.push(isNull(messages.readAt));
  if (options.search) parts.push(sql`lower(${messages.subject}) like ${containsPattern(options.search)} escape '\\'`);
  return and(...parts)!;
}

/**
 * Queries of the inbox (messages and their attachments). Every query takes the mailbox (the session's person and the
 * customer it acts for) and checks it in SQL; an attachment is reached only through its message's mailbox, so an id
 * of another member's or another customer's message finds nothing.
 */
export function createMessagesStore(db: Db) {
  const seatsOf = preparedRead('board_seats_current', () => {
    const today = sql.placeholder('today');
    return db
      .select()
      .from(supervisoryBoardSeats)
      .where(
        and(
          eq(supervisoryBoardSeats.personId, sql.placeholder('personId')),
          lte(supervisoryBoardSeats.since, today),
          or(isNull(supervisoryBoardSeats.until), gte(supervisoryBoardSeats.until, today)),
        ),
      )
      .orderBy(supervisoryBoardSeats.since, supervisoryBoardSeats.id);
  });
  // The unread count of a person's own inbox (member or supervisory board: `kind`), on every dashboard: the same
  // filter as `listFilter` for such a mailbox, folder RECEIVED or BOARD and unread only, prepared once.
  const unreadOwn = preparedRead('messages_unread_own', () =>
    db
      .select({ n: count() })
      .from(messages)
      .where(
        and(
          eq(messages.personId, sql.placeholder('personId')),
          isNull(messages.customerDesignation),
          eq(messages.mailboxKind, sql.placeholder('kind')),
          eq(messages.direction, 'INBOUND'),
          isNull(messages.readAt),
        ),
      ),
  );
  return {
    /** The person's supervisory-board seats whose term includes `today` (ISO date), oldest term first. */
    async currentBoardSeats(personId: number, today: string): Promise<SupervisoryBoardSeatRow[]> {
      return seatsOf().execute({ personId, today });
    },
    /** One page of a list, newest first (sent time, then id). */
    async page(mailbox: Mailbox, folder: MessageFolder, options: { search?: string | null; unreadOnly?: boolean; offset: number; limit: number }): Promise<MessageRow[]> {
      if (emptyByDefinition(mailbox, folder)) return [];
      return db
        .select()
        .from(messages)
        .where(listFilter(mailbox, folder, options))
        .orderBy(desc(messages.sentAt), desc(messages.id))
        .limit(options.limit)
        .offset(options.offset);
    },
    /** Number of messages of a list with the same filter as `page`. */
    async count(mailbox: Mailbox, folder: MessageFolder, options: { search?: string | null; unreadOnly?: boolean }): Promise<number> {
      if (emptyByDefinition(mailbox, folder)) return 0;
      if (options.unreadOnly && !options.search && mailbox.customer === null && folder !== 'SENT') {
        return (await unreadOwn().execute({ personId: mailbox.personId, kind: folder === 'BOARD' ? 'BOARD' : 'MEMBER' }))[0]?.n ?? 0;
      }
      return db.$count(messages, listFilter(mailbox, folder, options));
    },
    /** The message `id` when it is in `mailbox`; undefined for an unknown or foreign id alike. */
    async findOwn(id: number, mailbox: Mailbox): Promise<MessageRow | undefined> {
      return (
        await db
          .select()
          .from(messages)
          .where(and(eq(messages.id, id), reachableFilter(mailbox)))
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
    /** One attachment with its bytes when its message is in `mailbox`. */
    async attachmentOwn(id: number, mailbox: Mailbox): Promise<MessageAttachmentRow | undefined> {
      const rows = await db
        .select({ attachment: messageAttachments })
        .from(messageAttachments)
        .innerJoin(messages, eq(messages.id, messageAttachments.messageId))
        .where(and(eq(messageAttachments.id, id), reachableFilter(mailbox)))
        .limit(1);
      return rows[0]?.attachment;
    },
    /** Sets read_at = `at` on an unread received message of the mailbox; true when a row changed. */
    async markRead(id: number, mailbox: Mailbox, at: string): Promise<boolean> {
      const rows = await writeTransaction(db, () =>
        db
          .update(messages)
          .set({ readAt: at })
          .where(and(eq(messages.id, id), reachableFilter(mailbox), eq(messages.direction, 'INBOUND'), isNull(messages.readAt)))
          .returning({ id: messages.id }),
      );
      return rows.length > 0;
    },
    /** Inserts a message with its attachments (joins the caller's write transaction); resolves to the new row. */
    async insert(
      row: Omit<MessageRow, 'id' | 'customerDesignation' | 'mailboxKind' | 'replyToId'> & {
        customerDesignation?: string | null;
        mailboxKind?: MessageRow['mailboxKind'];
        replyToId?: number | null;
      },
      attachments: readonly { fileName: string; contentType: string; content: Buffer }[],
    ): Promise<MessageRow> {
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
