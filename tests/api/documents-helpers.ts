import { expect } from 'vitest';
import type { Db } from '../../db/client';
import { graphql } from '../gql';
import type { DocumentsListQueryVariables } from '../gql/graphql';
import type { PortalClient } from '../helpers/client';
import { sqlOne } from '../helpers/raw-sql';
import { emailOf, type Scenario } from '../helpers/scenarios';

/**
 * What the documents suites share (documents-list, documents-download, documents-mark-read): the member's document
 * list with counts (`me.documents`, `me.documentCounts`) and `markDocumentRead`, as typed operations.
 */
export const DOCUMENTS = graphql(`
  query DocumentsList($category: DocumentCategory, $first: Int, $after: String) {
    me {
      unreadDocumentCount
      documentCounts {
        category
        total
        unread
      }
      documents(category: $category, first: $first, after: $after) {
        totalCount
        unreadCount
        endCursor
        hasNextPage
        nodes {
          ...DocumentFields
        }
      }
    }
  }
`);

export const MARK_READ = graphql(`
  mutation DocumentsMarkRead($id: ID!) {
    markDocumentRead(input: { id: $id }) {
      ok {
        document {
          ...DocumentFields
        }
        documentCounts {
          category
          total
          unread
        }
      }
      error {
        ...MutationError
      }
    }
  }
`);

/** The caller's documents (200 a page unless `variables` say otherwise), unread count and counts per category. */
export async function documentsOf(client: PortalClient, variables: DocumentsListQueryVariables = {}) {
  const res = await client.operation(DOCUMENTS, { first: 200, ...variables });
  expect(res.body.errors).toBeUndefined();
  return res.body.data!.me!;
}

/** The person id of a scenario's persona. */
export async function personIdOf(db: Db, scenario: Scenario): Promise<number> {
  return (await sqlOne<{ id: number }>(db, 'SELECT id FROM persons WHERE email = ?', emailOf(scenario))).id;
}

/** A document's stored `read_at` (null while unread). */
export async function readAtOf(db: Db, id: string | number): Promise<string | null> {
  return (await sqlOne<{ r: string | null }>(db, 'SELECT read_at AS r FROM documents WHERE id = ?', Number(id))).r;
}
