import { GraphQLError } from 'graphql';
import type { Resolvers as FundResolvers } from '../graphql/__generated__/fund-resolvers-types';
import { decodeFundFiles, type FundFileWire } from '../shared/fund-file';
import { timeOrderedPage } from '../shared/keyset';
import { parseId, resultOf } from '../shared/outcome';
import { principalActor } from '../access/scopes';
import { createFundMessagesService, type FundRecipient } from './fund-messages.service';

/** The recipient of `postMessage`: exactly one of `svnr` and `personId`. @throws BAD_USER_INPUT otherwise. */
function recipientOf(input: { svnr?: string | null; personId?: string | null }): FundRecipient {
  const given = [input.svnr, input.personId].filter((v) => v !== null && v !== undefined);
  if (given.length !== 1) throw new GraphQLError('Give exactly one of svnr and personId.', { extensions: { code: 'BAD_USER_INPUT', field: 'svnr' } });
  if (input.svnr !== null && input.svnr !== undefined) return { svnr: input.svnr };
  // An id that is no id names no member: 0 finds none and is refused as MEMBER_NOT_FOUND.
  return { personId: parseId(input.personId!) ?? 0 };
}

/** The decoded attachments of an input, or the refusal as a result. */
function filesOf(files: readonly FundFileWire[] | null | undefined) {
  return decodeFundFiles(files ?? [], 'attachments');
}

/** The inbox of the fund's API (messages.graphql; decision 0055): thin over server/fund/messages/fund-messages.service.ts. */
export const messagesResolvers: FundResolvers = {
  Query: {
    messages(_source, args, { deps }, info) {
      const service = createFundMessagesService(deps);
      const status = args.status ?? null;
      return timeOrderedPage(args, info, {
        page: (after, limit) => service.list({ status, after, limit }),
        count: () => service.count(status),
        keyOf: (m) => [m.row.sentAt, m.row.id],
      });
    },
  },
  Mutation: {
    async postMessage(_source, { input }, { deps, principal, origin }) {
      const to = recipientOf(input);
      const files = filesOf(input.attachments);
      if (!files.ok) return resultOf(files);
      const message = { to, mailbox: input.mailbox ?? 'MEMBER', from: input.from ?? 'PENSION_FUND', subject: input.subject, text: input.text, attachments: files.value };
      return resultOf(await createFundMessagesService(deps).post(principalActor(principal), message, origin));
    },
    async replyToMessage(_source, { input }, { deps, principal, origin }) {
      const files = filesOf(input.attachments);
      if (!files.ok) return resultOf(files);
      return resultOf(await createFundMessagesService(deps).reply(principalActor(principal), { messageId: input.messageId, text: input.text, attachments: files.value }, origin));
    },
  },
  InboxMessage: {
    id: (m) => String(m.row.id),
    member: (m) => m.member!,
    customerDesignation: (m) => m.row.customerDesignation,
    mailbox: (m) => m.row.mailboxKind,
    direction: (m) => (m.row.direction === 'OUTBOUND' ? 'FROM_MEMBER' : 'FROM_FUND'),
    counterpart: (m) => m.row.counterpart,
    subject: (m) => m.row.subject,
    text: (m) => m.row.body,
    sentAt: (m) => m.row.sentAt,
    status: (m) => (m.row.direction === 'OUTBOUND' ? (m.answeredAt === null ? 'OPEN' : 'ANSWERED') : null),
    answeredAt: (m) => m.answeredAt,
    replyToId: (m) => (m.row.replyToId === null ? null : String(m.row.replyToId)),
    readByMemberAt: (m) => (m.row.direction === 'INBOUND' ? m.row.readAt : null),
    attachments: (m) => m.attachments,
  },
};
