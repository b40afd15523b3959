import { z } from 'zod';
import { notFound, rateLimited } from '../../platform/shared/errors';
import { empty, method, text, type RestMethod } from '../../rest/method-kit';
import type { RequestContext } from '../../platform/request-context';
import type { MessageView } from './messages.service';
import { getMessagesRestInput, messageJson, messagePageJson } from './messages.rest-json';

/**
 * A session method on one message of the caller's mailbox: body `{ id }` (at most 40 characters), answer the message
 * as `messageJson` writes it, 404 when `find` finds no such message in that mailbox.
 */
function oneMessageMethod(name: string, find: (ctx: RequestContext, id: string) => Promise<MessageView | null>): RestMethod {
  return method({
    name,
    input: z.object({ id: text(40) }),
    auth: 'session',
    async run(ctx, input) {
      const message = await find(ctx, input.id);
      if (!message) throw notFound();
      return messageJson(message);
    },
  });
}

/** The `rest/*` methods of this module (spec 000 section 7), found by server/rest/registry.ts by their export name. */
export const messagesRestMethods: RestMethod[] = [
  // Inbox (spec 001 section 2; spec 001 sections 3 and 5 name no paths or payloads, so the names follow the GraphQL operations).
  method({
    name: 'getMessages',
    input: getMessagesRestInput,
    auth: 'session',
    async run(ctx, input) {
      return messagePageJson(await ctx.services.messages.page(await ctx.mailbox(), input));
    },
  }),

  oneMessageMethod('getMessage', async (ctx, id) => ctx.services.messages.get(await ctx.mailbox(), id)),

  method({
    name: 'getMessageRecipients',
    input: empty,
    auth: 'session',
    async run(ctx) {
      return { recipients: await ctx.services.messages.recipients(ctx.scope, await ctx.mailbox()) };
    },
  }),

  oneMessageMethod('markMessageRead', async (ctx, id) => {
    const result = await ctx.services.messages.markRead(await ctx.mailbox(), id);
    return result.ok ? result.value : null;
  }),

  method({
    name: 'sendMessage',
    input: z.object({
      recipient: text(40).optional(),
      subject: text(1000).optional(),
      body: text(20_000).optional(),
      attachmentIds: z.union([z.array(text(64)).max(20), text(64).transform((v) => (v === '' ? [] : [v]))]).optional(),
    }),
    auth: 'session',
    async run(ctx, input) {
      const result = await ctx.services.messages.send(ctx.scope, await ctx.mailbox(), { ...input, attachmentIds: input.attachmentIds ?? [] });
      // Too many messages this hour: 429 with Retry-After, as every limit answers over REST (decision 0041).
      if (!result.ok && result.code === 'RATE_LIMITED') throw rateLimited(result.retryAfterSeconds ?? 1);
      return result.ok ? { ok: true, code: null, fieldErrors: [], message: messageJson(result.value) } : { ok: false, code: result.code, fieldErrors: result.fieldErrors ?? [] };
    },
  }),
];
