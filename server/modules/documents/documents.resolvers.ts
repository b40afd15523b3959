import { downloadUrl, isUnread } from './documents.rules';
import catalogue from '@contract/i18n/de/documents.json';
import type { Resolvers } from '../../graphql/__generated__/resolvers-types';

/**
 * Documents archive (server/modules/documents/documents.graphql). Thin: every field asks the documents service with the session's person
 * id; `Person` is reached only through `me`, so `p.id` is the session's person.
 */
export const documentsResolvers: Resolvers = {
  Person: {
    documents: async (p, args, ctx) => await ctx.services.documents.page(ctx.scope, p.id, { category: args.category, first: args.first, after: args.after }),
    documentCounts: async (p, _a, ctx) => await ctx.services.documents.counts(ctx.scope, p.id),
    unreadDocumentCount: async (p, _a, ctx) => await ctx.services.documents.unreadCount(ctx.scope, p.id),
  },
  PensionStatement: {
    document: async (s, _a, ctx) => await ctx.services.documents.forStatement(ctx.scope, await ctx.requirePersonId(), 'pk_statements', s.id),
  },
  SeveranceStatement: {
    document: async (s, _a, ctx) => await ctx.services.documents.forStatement(ctx.scope, await ctx.requirePersonId(), 'vk_statements', s.id),
  },
  DocumentCount: {
    // The category's first page, as `Person.documents(category:)` answers it (same paging rules and errors).
    newest: async (c, args, ctx) => await ctx.services.documents.page(ctx.scope, await ctx.requirePersonId(), { category: c.category, first: args.first }),
  },
  Document: {
    id: (d) => String(d.id),
    unread: (d) => isUnread(d),
    downloadUrl: (d) => downloadUrl(d.id),
  },
  Mutation: {
    async markDocumentRead(_p, args, ctx) {
      const result = await ctx.services.documents.markRead(ctx.scope, await ctx.requirePersonId(), args.input.id);
      if (result.ok) return { ok: result.value, error: null };
      return { ok: null, error: { code: result.code, message: catalogue.documents.errors[result.code], fieldErrors: [] } };
    },
  },
  MarkDocumentReadOk: {
    documentCounts: async (_p, _a, ctx) => await ctx.services.documents.counts(ctx.scope, await ctx.requirePersonId()),
  },
};
