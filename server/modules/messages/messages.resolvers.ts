import catalogue from '@contract/i18n/de/inbox.json';
import { rateLimitedMessage } from '../../platform/shared/errors';
import type { FieldError } from '../../platform/shared/result';
import type { Resolvers } from '../../graphql/__generated__/resolvers-types';
import { attachmentDownloadUrl } from '../../http/download';
import { folderOf } from './messages.store';

/**
 * German texts of the inbox's refusals (spec 001 section 8 "Messages: internal error, missing fields, attachment
 * failure"), read from the catalogue the web app shows too (schema/contract/i18n/de/inbox.json, `inbox.error`).
 */
export const INBOX_TEXTS: Record<string, string> = catalogue.inbox.error;

const text = (code: string) => INBOX_TEXTS[code] ?? INBOX_TEXTS.INVALID_INPUT!;

/**
 * The `Error` payload of a refused inbox mutation: code, German message and messages per field; for RATE_LIMITED the
 * message names the time to wait (`rateLimitedMessage`), which `sendMessage` also answers as `retryAfterSeconds`.
 */
export function inboxError(code: string, fieldErrors: FieldError[] = [], retryAfterSeconds?: number) {
  return {
    code,
    message: retryAfterSeconds === undefined ? text(code) : rateLimitedMessage(retryAfterSeconds),
    fieldErrors: fieldErrors.map((f) => ({ ...f, message: text(f.code) })),
  };
}

/**
 * Inbox (server/modules/messages/messages.graphql). Thin: every field asks the messages service with the request's mailbox (the
 * session person's own, or as ASP the chosen duty's customer's; `RequestContext.mailbox`).
 */
export const messagesResolvers: Resolvers = {
  Person: {
    unreadMessageCount: async (_p, _a, ctx) => await ctx.services.messages.unreadCount(await ctx.mailbox()),
    messages: async (_p, args, ctx) => await ctx.services.messages.page(await ctx.mailbox(), args),
    message: async (_p, args, ctx) => await ctx.services.messages.get(await ctx.mailbox(), args.id),
    messageRecipients: async (_p, _a, ctx) => await ctx.services.messages.recipients(ctx.scope, await ctx.mailbox()),
    supervisoryBoardSeats: async (_p, _a, ctx) => await ctx.boardSeats(),
    unreadBoardMessageCount: async (_p, _a, ctx) => await ctx.services.messages.unreadCount(await ctx.mailbox(), 'BOARD'),
  },
  Message: {
    id: (m) => String(m.id),
    folder: (m) => folderOf(m),
    unread: (m) => m.direction === 'INBOUND' && m.readAt === null,
  },
  MessageAttachment: {
    id: (a) => String(a.id),
    size: (a) => a.sizeBytes,
    downloadUrl: (a) => attachmentDownloadUrl(a.id),
  },
  Mutation: {
    markMessageRead: async (_p, { input }, ctx) => {
      const mailbox = await ctx.mailbox();
      const result = await ctx.services.messages.markRead(mailbox, input.id);
      if (!result.ok) return { ok: null, error: inboxError(result.code, result.fieldErrors) };
      const [unreadMessageCount, unreadBoardMessageCount] = await Promise.all([ctx.services.messages.unreadCount(mailbox), ctx.services.messages.unreadCount(mailbox, 'BOARD')]);
      return { ok: { message: result.value, unreadMessageCount, unreadBoardMessageCount }, error: null };
    },
    sendMessage: async (_p, { input }, ctx) => {
      const result = await ctx.services.messages.send(ctx.scope, await ctx.mailbox(), { ...input, attachmentIds: input.attachmentIds ?? [] });
      if (!result.ok) return { ok: null, error: { ...inboxError(result.code, result.fieldErrors, result.retryAfterSeconds), retryAfterSeconds: result.retryAfterSeconds ?? null } };
      return { ok: { message: result.value }, error: null };
    },
  },
};
