import { isReference, type Reference, type StoreObject } from '@apollo/client';
import { useMutation } from '@apollo/client/react';
import { graphql } from '../../../gql';

export const DocumentTable_MarkDocumentReadMutation = graphql(`
  mutation DocumentTable_MarkDocumentRead($id: ID!) {
    markDocumentRead(input: { id: $id }) {
      ok {
        document {
          id
          unread
          readAt
        }
        documentCounts {
          category
          total
          unread
        }
      }
    }
  }
`);

/**
 * Marks a document read when the member opens it (the download marks it read on the server too; this refreshes the
 * screen at once). The document's `unread` is updated through the normalised cache; the counts of the member
 * `personId` (navigation badges, unread total) are replaced by the ones the mutation answers, each keeping the
 * overview's `newest` documents stored on it.
 */
export function useMarkDocumentRead(personId: string | undefined) {
  return useMutation(DocumentTable_MarkDocumentReadMutation, {
    update(cache, { data }) {
      const payload = data?.markDocumentRead.ok;
      if (!payload || personId === undefined) return;
      const id = cache.identify({ __typename: 'Person', id: personId });
      if (!id) return;
      cache.modify({
        id,
        fields: {
          // Each count keeps the fields other queries stored on it (the overview's `newest` documents).
          documentCounts: (existing: readonly (Reference | StoreObject)[]) =>
            payload.documentCounts.map((count) => ({ ...existing.find((stored) => !isReference(stored) && stored.category === count.category), ...count })),
          unreadDocumentCount: () => payload.documentCounts.reduce((sum, count) => sum + count.unread, 0),
        },
      });
    },
  });
}
