import { and, asc, eq, inArray, isNotNull, isNull, sql, type SQL } from 'drizzle-orm';
import inboxCatalogue from '@contract/i18n/de/inbox.json';
import { ATTACHMENTS_MAX, BODY_MAX, SUBJECT_MAX, type MailboxKind, type MessageCounterpart } from '@contract/messages';
import { normalizeSvnr } from '@contract/svnr';
import { writeTransaction } from '../../../db/client';
import { messageAttachments, messages, persons, type MessageRow, type PersonRow } from '../../../db/schema';
import type { AppDeps } from '../../platform/deps';
import { checkFundFiles, type CheckedFile, type FundFileBytes, type FundFileModel } from '../shared/fund-file';
import { afterKey } from '../shared/keyset';
import { memberColumns, memberOf, type MemberRefModel } from '../shared/member-ref';
import { parseId, refuse, type FundActor, type FundOutcome } from '../shared/outcome';

/** Status of a member's message for the fund (decision 0055): OPEN until the fund answered it, then ANSWERED. */
export type InboxMessageStatus = 'OPEN' | 'ANSWERED';

/** The GraphQL `InboxMessage` (messages.graphql): a message with its member, answer state and attachments. */
export interface FundMessageModel {
  row: MessageRow;
  member: MemberRefModel | null;
  /** A member's message: ISO instant of the fund's first answer, null while OPEN. Null for the fund's own messages. */
  answeredAt: string | null;
  attachments: FundFileModel[];
}

/** Who receives a message of the fund: a member by internal id, by SVNR, or (the command line) by e-mail address. */
export type FundRecipient = { personId: number } | { svnr: string } | { email: string };

/** A message the fund posts (`postMessage`, `npm run fund -- message`). */
export interface FundPostInput {
  to: FundRecipient;
  mailbox: MailboxKind;
  from: MessageCounterpart;
  subject: string;
  text: string;
  attachments: readonly FundFileBytes[];
}

/** The fund's answer to a member's message (`replyToMessage`). */
export interface FundReplyInput {
  messageId: string;
  text: string;
  attachments: readonly FundFileBytes[];
}

/** What a post or reply stored: the message (INBOUND to the member) and whether the e-mail notice was queued. */
export interface FundPosted {
  message: FundMessageModel;
  noticeSent: boolean;
}

/** ISO instant of the first answer to a message (the outer `messages` row), or NULL. */
const ANSWERED_AT = sql<string | null>`(select min(r.sent_at) from messages r where r.reply_to_id = ${messages.id})`;

/**
 * The fund's side of the inbox (spec 001 sections 3 and 5; decision 0055): what members sent, the fund's answers and
 * messages, for the fund's API, the command line `npm run fund -- message` and the staff workbench alike. Each change
 * takes the actor and writes the event `message.sent` in its write transaction (decision 0053). Storing and the
 * e-mail notice are the member inbox's `postFromFund` (server/modules/messages), so the member sees the message
 * exactly as any other from the fund.
 */
export function createFundMessagesService(deps: AppDeps) {
  const { db } = deps;

  /** The models of message rows selected with their member and `answeredAt`, attachments (metadata) loaded at once. */
  async function modelsOf(
    rows: { message: MessageRow; answeredAt: string | null; memberId: number | null; memberFirstName: string | null; memberLastName: string | null; memberSvnr: string | null }[],
  ) {
    const ids = rows.map((r) => r.message.id);
    const files = ids.length === 0 ? [] : await deps.stores.messages.attachmentsOf(ids);
    return rows.map((r): FundMessageModel => ({
      row: r.message,
      member: memberOf(r),
      answeredAt: r.message.direction === 'OUTBOUND' ? r.answeredAt : null,
      attachments: files.filter((f) => f.messageId === r.message.id).map((f) => ({ ...f, load: () => attachmentContent(f.id) })),
    }));
  }

  /** What members sent (OUTBOUND) in one of `status` (none, empty or both: all). */
  function sentWithStatus(status: readonly InboxMessageStatus[] | null): SQL | undefined {
    const wanted = new Set(status ?? []);
    const answered = wanted.size === 1 ? (wanted.has('OPEN') ? isNull(ANSWERED_AT) : isNotNull(ANSWERED_AT)) : undefined;
    return and(eq(messages.direction, 'OUTBOUND'), answered);
  }

  async function attachmentContent(id: number): Promise<Buffer | undefined> {
    const [row] = await db.select({ content: messageAttachments.content }).from(messageAttachments).where(eq(messageAttachments.id, id)).limit(1);
    return row?.content;
  }

  function selectMessages(where: SQL | undefined) {
    return db
      .select({ message: messages, answeredAt: ANSWERED_AT, ...memberColumns })
      .from(messages)
      .leftJoin(persons, eq(persons.id, messages.personId))
      .where(where);
  }

  async function recipientOf(to: FundRecipient): Promise<PersonRow | undefined> {
    const where = 'personId' in to ? eq(persons.id, to.personId) : 'svnr' in to ? eq(persons.svnr, normalizeSvnr(to.svnr)) : eq(persons.email, to.email.trim().toLowerCase());
    return (await db.select().from(persons).where(where).limit(1))[0];
  }

  function checkText(text: string): FundOutcome<string> {
    const trimmed = text.trim();
    if (!trimmed) return refuse('TEXT_REQUIRED', 'text must not be empty.', 'text');
    if (trimmed.length > BODY_MAX) return refuse('TEXT_TOO_LONG', `text has more than ${BODY_MAX} characters.`, 'text');
    return { ok: true, value: trimmed };
  }

  /** Stores the message with `postFromFund` and its event in one write transaction. */
  async function deliver(
    actor: FundActor,
    person: PersonRow,
    message: {
      counterpart: MessageCounterpart;
      subject: string;
      body: string;
      attachments: CheckedFile[];
      mailboxKind: MailboxKind;
      replyToId: number | null;
      customerDesignation: string | null;
    },
    origin: string,
  ): Promise<FundPosted> {
    const posted = await writeTransaction(db, async () => {
      const result = await deps.services.messages.postFromFund(person, message, { mailer: deps.mailer, origin });
      await deps.events.record({
        type: 'message.sent',
        personId: person.id,
        subjectId: result.message.id,
        actor,
        data: {
          messageId: result.message.id,
          mailbox: message.mailboxKind,
          counterpart: message.counterpart,
          replyToId: message.replyToId,
          attachments: message.attachments.length,
          noticeSent: result.noticeSent,
        },
      });
      return result;
    });
    const [model] = await modelsOf([{ message: posted.message, answeredAt: null, ...memberRowOf(person) }]);
    return { message: model!, noticeSent: posted.noticeSent };
  }

  async function hasBoardSeat(person: PersonRow): Promise<boolean> {
    return (await deps.services.messages.boardSeats(person.id)).length > 0;
  }

  return {
    /**
     * Messages members sent to the fund (direction OUTBOUND: member inbox, customer mailboxes of contact persons, and
     * forms, whose PDF is such a message), oldest first by sent time and id, so the fund works them off in the order
     * they arrived. `status`: only OPEN (no answer yet) or ANSWERED ones; empty or null: all. Reads `first + 1` rows
     * after the cursor key `after` ([sentAt, id]).
     */
    async list(filter: { status: readonly InboxMessageStatus[] | null; after: [string, number] | null; limit: number }): Promise<FundMessageModel[]> {
      const rows = await selectMessages(and(sentWithStatus(filter.status), afterKey(messages.sentAt, messages.id, filter.after)))
        .orderBy(asc(messages.sentAt), asc(messages.id))
        .limit(filter.limit);
      return modelsOf(rows);
    },

    /** The number of messages `list` finds with `status`, on all pages. */
    count(status: readonly InboxMessageStatus[] | null): Promise<number> {
      return db.$count(messages, sentWithStatus(status));
    },

    /** The messages with `ids` (any direction), in id order; the forms list names its messages with it. */
    async byIds(ids: readonly number[]): Promise<FundMessageModel[]> {
      if (ids.length === 0) return [];
      return modelsOf(await selectMessages(inArray(messages.id, [...ids])).orderBy(asc(messages.id)));
    },

    /**
     * Posts a message of the fund into a member's inbox (`mailbox` MEMBER) or supervisory-board inbox (BOARD; decision
     * 0026), unread, with the attachments (tiff, pdf, jpg by content, the upload service's size limit, at most
     * ATTACHMENTS_MAX), and queues the e-mail notice without content when the member chose digital delivery. Writes
     * `message.sent`. Refusals (nothing stored, nothing mailed): MEMBER_NOT_FOUND, SUBJECT_REQUIRED, SUBJECT_TOO_LONG
     * (over 100 characters, spec 001 section 5), TEXT_REQUIRED, TEXT_TOO_LONG (over BODY_MAX), TOO_MANY_ATTACHMENTS,
     * ATTACHMENT_INVALID, NO_BOARD_SEAT (BOARD for a person without a current seat).
     */
    async post(actor: FundActor, input: FundPostInput, origin: string): Promise<FundOutcome<FundPosted>> {
      const recipientField = 'personId' in input.to ? 'personId' : 'svnr' in input.to ? 'svnr' : 'to';
      const person = await recipientOf(input.to);
      if (!person)
        return refuse('MEMBER_NOT_FOUND', 'email' in input.to ? `no member with the e-mail ${input.to.email.slice(0, 200)}` : 'No member with this id or SVNR.', recipientField);
      const subject = input.subject.trim();
      if (!subject) return refuse('SUBJECT_REQUIRED', 'subject must not be empty.', 'subject');
      if (subject.length > SUBJECT_MAX) return refuse('SUBJECT_TOO_LONG', `the subject has more than ${SUBJECT_MAX} characters`, 'subject');
      const text = checkText(input.text);
      if (!text.ok) return text;
      const files = await checkFundFiles(deps.uploads, 'inbox-attachment', input.attachments, ATTACHMENTS_MAX, 'attachments');
      if (!files.ok) return files;
      if (input.mailbox === 'BOARD' && !(await hasBoardSeat(person))) return refuse('NO_BOARD_SEAT', 'The member holds no current supervisory-board seat.', 'mailbox');
      const message = { counterpart: input.from, subject, body: text.value, attachments: files.value, mailboxKind: input.mailbox, replyToId: null, customerDesignation: null };
      return { ok: true, value: await deliver(actor, person, message, origin) };
    },

    /**
     * Answers a member's message: a message from the member's counterpart into the mailbox it came from (the member
     * inbox, or the customer mailbox of a contact person), subject `AW: ` and the original's (cut to 100 characters),
     * unread, with attachments as `post`, and the e-mail notice by delivery choice; the original counts as ANSWERED
     * from then on (a second answer is allowed). Writes `message.sent` with `replyToId`. Refusals: NOT_FOUND (unknown
     * or malformed id), NOT_A_MEMBER_MESSAGE (a message the fund sent), TEXT_*, TOO_MANY_ATTACHMENTS, ATTACHMENT_INVALID.
     */
    async reply(actor: FundActor, input: FundReplyInput, origin: string): Promise<FundOutcome<FundPosted>> {
      const id = parseId(input.messageId);
      const original = id === null ? undefined : (await db.select().from(messages).where(eq(messages.id, id)).limit(1))[0];
      if (!original) return refuse('NOT_FOUND', 'No message with this id.', 'messageId');
      if (original.direction !== 'OUTBOUND') return refuse('NOT_A_MEMBER_MESSAGE', 'The message was sent by the fund; only a message of a member can be answered.', 'messageId');
      const text = checkText(input.text);
      if (!text.ok) return text;
      const files = await checkFundFiles(deps.uploads, 'inbox-attachment', input.attachments, ATTACHMENTS_MAX, 'attachments');
      if (!files.ok) return files;
      const person = (await recipientOf({ personId: original.personId }))!;
      const subject = `${inboxCatalogue.inbox.fundReply.subjectPrefix}${original.subject}`.slice(0, SUBJECT_MAX);
      const message = {
        counterpart: original.counterpart,
        subject,
        body: text.value,
        attachments: files.value,
        mailboxKind: original.mailboxKind,
        replyToId: original.id,
        customerDesignation: original.customerDesignation,
      };
      if (message.mailboxKind === 'BOARD' && !(await hasBoardSeat(person))) return refuse('NO_BOARD_SEAT', 'The member holds no current supervisory-board seat.', 'messageId');
      return { ok: true, value: await deliver(actor, person, message, origin) };
    },
  };
}

/** The `memberColumns` values of a person row. */
function memberRowOf(person: PersonRow) {
  return { memberId: person.id, memberFirstName: person.firstName, memberLastName: person.lastName, memberSvnr: person.svnr };
}

export type FundMessagesService = ReturnType<typeof createFundMessagesService>;
