import { useQuery } from '@apollo/client/react';
import { graphql } from '../../../gql';
import type { DocumentCategory } from '../../../gql/graphql';

/**
 * A document category's page: the counts of every category (for the navigation) and one page of the category's
 * documents, newest first; `$after` is the previous page's `endCursor` (see `fetchMore` in the page).
 */
export const DocumentCategory_Query = graphql(`
  query DocumentCategory_Query($category: DocumentCategory!, $first: Int!, $after: String) {
    me {
      id
      unreadDocumentCount
      ...DocumentCategoryNav_PersonFragment
      documents(category: $category, first: $first, after: $after) {
        ...DocumentSection_DocumentConnectionFragment
      }
    }
  }
`);

/** Documents per page of a category page (the API allows up to 200). */
export const CATEGORY_PAGE_SIZE = 50;

export function useDocumentCategory(category: DocumentCategory | undefined) {
  return useQuery(DocumentCategory_Query, {
    variables: { category: category ?? 'TAX_CONFIRMATION', first: CATEGORY_PAGE_SIZE, after: null },
    skip: category === undefined,
    notifyOnNetworkStatusChange: true,
  });
}
