import type { EventRecorder } from '../../fund/events/events.store';
import inboxCatalogue from '@contract/i18n/de/inbox.json';
import mailCatalogue from '@contract/i18n/de/mail.json';
import { isoDateVienna } from '@contract/dates';
import { INBOX_PAGE_SIZES, SEARCH_MAX, sendMessageFieldErrors, sendMessageInput, type MailboxKind, type MessageCounterpart, type MessageFolder } from '@contract/messages';
import { writeTransaction, type Db } from '../../../db/client';
import type { MessageAttachmentRow, MessageRow, PersonRow, SupervisoryBoardSeatRow } from '../../../db/schema';
import type { TenantDefinition } from '../../tenants';
import type { AccountsService } from '../accounts/accounts.service';
import type { Mailer } from '../../platform/mail/mailer';
import { portalLink, renderMail, salutationFor } from '../../platform/mail/templates';
import type { Clock } from '../../platform/shared/clock';
import { DomainError } from '../../platform/shared/errors';
import type { RateLimiter } from '../../platform/shared/rate-limit';
import { err, ok, rateLimitedErr, type Result } from '../../platform/shared/result';
import type { RequestScope } from '../../platform/shared/request-scope';
import type { UploadsService } from '../uploads/uploads.service';
import type { AttachmentMeta, Mailbox, MessagesStore } from './messages.store';

/** The inbox texts of the one catalogue (schema/contract/i18n/de/inbox.json). */
const inboxTexts = inboxCatalogue.inbox;

export type { Mailbox } from './messages.store';

/**
 * The person's supervisory-board seats whose term includes `today` (ISO date), on the boards of the tenant's funds
 * (a Pensionskasse seat does not count on the regional tenant, which has no Pensionskasse). Decision 0026.
 */
export async function currentBoardSeats(store: MessagesStore, tenant: TenantDefinition, personId: number, today: string): Promise<SupervisoryBoardSeatRow[]> {
  return (await store.currentBoardSeats(personId, today)).filter((seat) => seat.fund === 'SEVERANCE_FUND' || tenant.pensionFund);
}

/** A person's own mailbox (AWB_LB). */
export const ownMailbox = (personId: number): Mailbox => ({ personId, customer: null });

/** A message with its attachments (without bytes), as GraphQL and REST show it. */
export interface MessageView extends MessageRow {
  attachments: AttachmentMeta[];
}

/** One page of a list (`page` 1-based; `pageCount` at least 1). */
export interface MessagePageModel {
  nodes: MessageView[];
  totalCount: number;
  unreadCount: number;
  page: number;
  pageSize: number;
  pageCount: number;
}

/**
 * A message as GraphQL `SendMessageInput` and the REST method `sendMessage` send it: every field as the client typed
 * it (`recipient` a `MessageCounterpart` name, `attachmentIds` upload ids). `sendMessageInput` of the contract checks it;
 * a missing or wrong field is a field error, not a type error.
 */
export interface SendMessageWire {
  recipient?: string | null;
  subject?: string | null;
  body?: string | null;
  attachmentIds?: readonly string[] | null;
}

/** Refusals of `sendMessage` (spec 001 section 8 "missing fields, attachment failure"); field errors name the input. */
export type SendMessageErrorCode = 'INVALID_INPUT' | 'RECIPIENT_NOT_ALLOWED' | 'ATTACHMENT_INVALID' | 'RATE_LIMITED';

/** Largest message id accepted (SQLite rowids are 64-bit; JS numbers exact up to 2^53). */
export function parseMessageId(raw: unknown): number | null {
  if (typeof raw !== 'string' || !/^[1-9]\d{0,15}$/.test(raw)) return null;
  const id = Number(raw);
  return Number.isSafeInteger(id) ? id : null;
}

const badInput = (message: string) => new DomainError('BAD_REQUEST', message);

/**
 * The inbox of spec 001 sections 2, 3 and 5: received and sent messages of a mailbox with attachments, read state,
 * writing to the fund with uploaded attachments, and the fund's side (`postFromFund`, used by the operator command).
 * Every call takes the request's mailbox (spec 000 section 4: the session person's own as AWB_LB, or the customer's a
 * contact person acts for as ASP; `RequestContext.mailbox()`); the store checks it in SQL. Built once per process;
 * `recipients` and `send` read the person's contracts through the request's scope.
 */
export function createMessagesService(deps: {
  db: Db;
  store: MessagesStore;
  uploads: UploadsService;
  accounts: AccountsService;
  tenant: TenantDefinition;
  clock: Clock;
  limiter: RateLimiter;
  /** Messages a member sends per hour (MESSAGE_MAX_PER_HOUR; decision 0041). */
  maxPerHour: number;
  /** The fund's event feed (decision 0053): the change's event is written in its transaction. */
  events: EventRecorder;
  /**
   * Called inside `send`'s transaction when the person writes to the Vorsorgekasse from their own member inbox: their
   * answer to an information request moves the claim back to CHECKING (decision 0056; the claim status service's
   * `memberAnswered`, passed in by server/services.ts).
   */
  memberAnswered?: (personId: number, messageId: number) => Promise<unknown>;
}) {
  const { store, clock, tenant } = deps;

  async function withAttachments(rows: MessageRow[]): Promise<MessageView[]> {
    const attachments = await store.attachmentsOf(rows.map((r) => r.id));
    return rows.map((r) => ({ ...r, attachments: attachments.filter((a) => a.messageId === r.id) }));
  }

  const service = {
    /**
     * One page of a folder, newest first. `page` from 1 (default 1; past the end gives an empty page), `pageSize` one
     * of 10, 25, 50 (default 10), `search` a part of the subject (at most 100 characters; case-insensitive for Latin
     * letters), `unreadOnly` for the app's unread list. `unreadCount` counts the folder's unread messages regardless of
     * search. Throws BAD_REQUEST (GraphQL `BAD_USER_INPUT`) for another page size, a page below 1 or a longer search,
     * FORBIDDEN for folder BOARD when the mailbox has no supervisory-board seat (decision 0026).
     */
    async page(
      mailbox: Mailbox,
      args: { folder: MessageFolder; page?: number | null; pageSize?: number | null; search?: string | null; unreadOnly?: boolean | null },
    ): Promise<MessagePageModel> {
      if (args.folder === 'BOARD' && (mailbox.board !== true || mailbox.customer !== null)) throw new DomainError('FORBIDDEN', inboxTexts.error.BOARD_FORBIDDEN);
      const pageSize = args.pageSize ?? INBOX_PAGE_SIZES[0];
      if (!(INBOX_PAGE_SIZES as readonly number[]).includes(pageSize)) throw badInput(`pageSize must be one of ${INBOX_PAGE_SIZES.join(', ')}`);
      const page = args.page ?? 1;
      if (!Number.isSafeInteger(page) || page < 1 || page > 100_000) throw badInput('page must be a whole number from 1');
      const search = args.search?.trim() || null;
      if (search && search.length > SEARCH_MAX) throw badInput(`search must be at most ${SEARCH_MAX} characters`);
      const filter = { search, unreadOnly: args.unreadOnly ?? false };
      const [rows, totalCount, unreadCount] = await Promise.all([
        store.page(mailbox, args.folder, { ...filter, offset: (page - 1) * pageSize, limit: pageSize }),
        store.count(mailbox, args.folder, filter),
        args.folder === 'SENT' ? Promise.resolve(0) : store.count(mailbox, args.folder, { unreadOnly: true }),
      ]);
      return { nodes: await withAttachments(rows), totalCount, unreadCount, page, pageSize, pageCount: Math.max(1, Math.ceil(totalCount / pageSize)) };
    },

    /**
     * Unread messages of the mailbox's member inbox (`folder` RECEIVED, the dashboard's count) or of its
     * supervisory-board inbox (`folder` BOARD; 0 without a board seat).
     */
    async unreadCount(mailbox: Mailbox, folder: 'RECEIVED' | 'BOARD' = 'RECEIVED'): Promise<number> {
      return store.count(mailbox, folder, { unreadOnly: true });
    },

    /**
     * The person's current supervisory-board seats (spec 001 sections 1 and 6; decision 0026): seats of the
     * core-system import whose term includes today (Vienna date of the clock), on a board of the tenant's funds.
     * Empty for everyone not on a board.
     */
    async boardSeats(personId: number): Promise<SupervisoryBoardSeatRow[]> {
      return currentBoardSeats(store, tenant, personId, isoDateVienna(clock.now()));
    },

    /** One message of the mailbox with attachments; null for an unknown, malformed or foreign id alike. */
    async get(mailbox: Mailbox, rawId: string | number): Promise<MessageView | null> {
      const id = parseMessageId(String(rawId));
      const row = id === null ? undefined : await store.findOwn(id, mailbox);
      return row ? (await withAttachments([row]))[0]! : null;
    },

    /**
     * Marks a received message read (idempotent; a sent message is left as it is). NOT_FOUND for an unknown, malformed
     * or foreign id, changing nothing.
     */
    async markRead(mailbox: Mailbox, rawId: string | number): Promise<Result<MessageView, 'NOT_FOUND'>> {
      const id = parseMessageId(String(rawId));
      if (id === null || !(await store.findOwn(id, mailbox))) return err('NOT_FOUND', [{ field: 'id', code: 'NOT_FOUND' }]);
      await store.markRead(id, mailbox, new Date(clock.now()).toISOString());
      return ok((await service.get(mailbox, String(id)))!);
    },

    /**
     * Whom the person may write to, in the spec's order (reading in decision 0014-inbox): PENSION_FUND with a
     * Pensionskasse contract, SEVERANCE_FUND with a Vorsorgekasse account, PENSION_SERVICE for a Pensionskasse
     * beneficiary, OMBUDSMAN for anyone with a contract or account. The regional tenant has no Pensionskasse, so only
     * the severance fund and the ombudsman. A customer's mailbox (ASP) writes to both funds' employer services and the
     * ombudsman: the customer is an employer of the funds, not a member (reading in decision 0022).
     */
    async recipients(scope: RequestScope, mailbox: Mailbox): Promise<MessageCounterpart[]> {
      if (mailbox.customer !== null) return [...(tenant.pensionFund ? (['PENSION_FUND'] as const) : []), 'SEVERANCE_FUND', 'OMBUDSMAN'];
      const { personId } = mailbox;
      const [pk, vk] = await Promise.all([deps.accounts.pensionContracts(scope, personId), deps.accounts.severanceAccounts(scope, personId)]);
      const result: MessageCounterpart[] = [];
      if (tenant.pensionFund && pk.length > 0) result.push('PENSION_FUND');
      if (vk.length > 0) result.push('SEVERANCE_FUND');
      if (tenant.pensionFund && pk.some((c) => c.role === 'BENEFICIARY')) result.push('PENSION_SERVICE');
      if (result.length > 0) result.push('OMBUDSMAN');
      return result;
    },

    /**
     * Sends a message of the person to the fund (spec 001 section 5): input checked by `sendMessageInput` of the
     * contract, the recipient must be one of `recipients`, the attachments are the person's pending uploads of purpose
     * `inbox-attachment` (their bytes move to the message). All or nothing: a refusal stores nothing.
     * Errors: INVALID_INPUT (field errors per field), RECIPIENT_NOT_ALLOWED (field `recipient`), RATE_LIMITED (with
     * `retryAfterSeconds`: the session's person sent `maxPerHour` messages this hour, counted in the database once the
     * input passed its checks, whichever mailbox they went from; decision 0041), ATTACHMENT_INVALID (field
     * `attachmentIds`: unknown, foreign, expired or used id).
     */
    async send(scope: RequestScope, mailbox: Mailbox, message: SendMessageWire): Promise<Result<MessageView, SendMessageErrorCode>> {
      const { personId } = mailbox;
      const parsed = sendMessageInput.safeParse(message);
      if (!parsed.success) return err('INVALID_INPUT', sendMessageFieldErrors(parsed.error));
      const input = parsed.data;
      if (!(await service.recipients(scope, mailbox)).includes(input.recipient)) {
        return err('RECIPIENT_NOT_ALLOWED', [{ field: 'recipient', code: 'RECIPIENT_NOT_ALLOWED' }]);
      }
      const limit = await deps.limiter.take({ name: 'message:person', max: deps.maxPerHour, windowMs: 3_600_000 }, String(personId));
      if (!limit.allowed) return rateLimitedErr(limit.retryAfterSeconds);
      const sentAt = new Date(clock.now()).toISOString();
      const outcome = await writeTransaction(deps.db, async (): Promise<Result<MessageRow, SendMessageErrorCode>> => {
        const files = await deps.uploads.consume(personId, input.attachmentIds, { purpose: 'inbox-attachment', usedFor: 'message' });
        if (!files.ok) return err('ATTACHMENT_INVALID', files.fieldErrors);
        const row = await store.insert(
          {
            personId,
            customerDesignation: mailbox.customer,
            direction: 'OUTBOUND',
            counterpart: input.recipient,
            subject: input.subject,
            body: input.body,
            origin: 'PORTAL',
            sentAt,
            readAt: sentAt,
          },
          files.value.map((f) => ({ fileName: f.fileName, contentType: f.contentType, content: f.content })),
        );
        await deps.events.record({
          type: 'message.received',
          personId,
          subjectId: row.id,
          actor: { kind: 'member', personId },
          data: { messageId: row.id, recipient: input.recipient, customer: mailbox.customer ?? null, attachments: files.value.length },
        });
        // Only the member's own inbox answers the Vorsorgekasse's request, not a customer's shared mailbox (decision 0056).
        if (input.recipient === 'SEVERANCE_FUND' && mailbox.customer === null) await deps.memberAnswered?.(personId, row.id);
        return ok(row);
      });
      if (!outcome.ok) return outcome;
      return ok((await withAttachments([outcome.value]))[0]!);
    },

    /** One attachment with its bytes when its message is in the mailbox; null otherwise (unknown, malformed, foreign). */
    async attachment(mailbox: Mailbox, rawId: string | number): Promise<MessageAttachmentRow | null> {
      const id = parseMessageId(String(rawId));
      return id === null ? null : ((await store.attachmentOwn(id, mailbox)) ?? null);
    },

    /**
     * Delivers a message of the fund to the person's inbox, unread, with attachments (the portal's own confirmations,
     * e.g. a claim's PDF, decision 0015). No e-mail notice: the member has just acted in the portal. Call it inside
     * the write transaction of what it confirms.
     */
    async deliver(
      personId: number,
      message: { counterpart: MessageCounterpart; subject: string; body: string; attachments: { fileName: string; contentType: string; content: Buffer }[] },
    ): Promise<MessageRow> {
      return store.insert(
        {
          personId,
          direction: 'INBOUND',
          counterpart: message.counterpart,
          subject: message.subject.slice(0, 100),
          body: message.body,
          origin: 'CORE_SYSTEM',
          sentAt: new Date(clock.now()).toISOString(),
          readAt: null,
        },
        message.attachments,
      );
    },

    /**
     * The fund's side (the operator command `npm run fund -- message`): stores a received, unread
     * message from `counterpart` with attachments (in the supervisory-board inbox when `message.mailboxKind` is BOARD:
     * only for a person with a current board seat, else FORBIDDEN is thrown and nothing is stored), and when
     * the person chose digital delivery
     * (`benefitStatementDigital`) and has an e-mail address, sends a notice without content through `mailer`.
     * Resolves to the message and whether a notice was sent. `replyToId` and `customerDesignation` (the fund's answer to
     * a member's message, decision 0055): the answered message, and the customer mailbox it came from (ASP), if any.
     */
    async postFromFund(
      person: PersonRow,
      message: {
        counterpart: MessageCounterpart;
        subject: string;
        body: string;
        attachments: { fileName: string; contentType: string; content: Buffer }[];
        mailboxKind?: MailboxKind;
        replyToId?: number | null;
        customerDesignation?: string | null;
      },
      notice: { mailer: Mailer; origin: string },
    ): Promise<{ message: MessageView; noticeSent: boolean }> {
      const mailboxKind = message.mailboxKind ?? 'MEMBER';
      if (mailboxKind === 'BOARD' && (await service.boardSeats(person.id)).length === 0) throw new DomainError('FORBIDDEN', inboxTexts.error.BOARD_FORBIDDEN);
      const row = await store.insert(
        {
          personId: person.id,
          mailboxKind,
          customerDesignation: message.customerDesignation ?? null,
          replyToId: message.replyToId ?? null,
          direction: 'INBOUND',
          counterpart: message.counterpart,
          subject: message.subject.slice(0, 100),
          body: message.body,
          origin: 'CLERK',
          sentAt: new Date(clock.now()).toISOString(),
          readAt: null,
        },
        message.attachments,
      );
      let noticeSent = false;
      if (person.benefitStatementDigital === true && person.email) {
        const mail = renderMail(tenant, {
          subject: mailCatalogue.mail.inboxNotice.subject,
          salutation: salutationFor(person),
          paragraphs: [mailCatalogue.mail.inboxNotice.body, mailCatalogue.mail.inboxNotice.contentInPortal],
          link: { label: mailCatalogue.mail.inboxNotice.link, url: portalLink(notice.origin, mailboxKind === 'BOARD' ? '/postfach/aufsichtsrat' : '/postfach/posteingang', {}) },
        });
        await notice.mailer.send({ personId: person.id, kind: 'INBOX_NOTICE', to: person.email, ...mail });
        noticeSent = true;
      }
      return { message: (await withAttachments([row]))[0]!, noticeSent };
    },
  };
  return service;
}

export type MessagesService = ReturnType<typeof createMessagesService>;
