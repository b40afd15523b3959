import { useQuery } from '@apollo/client/react';
import { graphql } from '../../../gql';

/**
 * The documents overview's one query: the counts of every category and the newest documents of each (up to
 * `OVERVIEW_PAGE_SIZE`, newest first), one `DocumentCount.newest` connection per category.
 */
export const DocumentsOverview_Query = graphql(`
  query DocumentsOverview_Query {
    me {
      id
      unreadDocumentCount
      ...DocumentCategoryNav_PersonFragment
      documentCounts {
        category
        newest(first: 5) {
          ...DocumentSection_DocumentConnectionFragment
        }
      }
    }
  }
`);

/** How many documents of each category the overview shows (the `first: 5` of the query). */
export const OVERVIEW_PAGE_SIZE = 5;

export function useDocumentsOverview(skip: boolean) {
  return useQuery(DocumentsOverview_Query, { skip });
}
