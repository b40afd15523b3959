import { downloadUrl, isUnread } from '../../domain/documents/documents.rules';
import type { Resolvers } from '../__generated__/resolvers-types';

/**
 * Documents archive (schema/document.graphql). Thin: every field asks the documents service with the session's person
 * id; `Person` is reached only through `me`, so `p.id` is the session's person.
 */
export const documentResolvers: Resolvers = {
  Person: {
    documents: (p, args, ctx) => ctx.services.documents.page(p.id, { category: args.category, first: args.first, after: args.after }),
    documentCounts: (p, _a, ctx) => ctx.services.documents.counts(p.id),
    unreadDocumentCount: (p, _a, ctx) => ctx.services.documents.unreadCount(p.id),
  },
  PensionStatement: {
    document: (s, _a, ctx) => ctx.services.documents.forStatement(ctx.requirePersonId(), 'pk_statements', s.id),
  },
  SeveranceStatement: {
    document: (s, _a, ctx) => ctx.services.documents.forStatement(ctx.requirePersonId(), 'vk_statements', s.id),
  },
  Document: {
    id: (d) => String(d.id),
    unread: (d) => isUnread(d),
    downloadUrl: (d) => downloadUrl(d.id),
  },
  Mutation: {
    markDocumentRead: (_p, args, ctx) => ctx.services.documents.markRead(ctx.requirePersonId(), args.id),
  },
  MarkDocumentReadPayload: {
    documentCounts: (_p, _a, ctx) => ctx.services.documents.counts(ctx.requirePersonId()),
  },
};
