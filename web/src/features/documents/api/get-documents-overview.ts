import { useQuery } from '@apollo/client/react';
import { graphql } from '../../../gql';

/**
 * The documents overview's one query: the counts of every category and the newest documents of each (up to
 * `OVERVIEW_PAGE_SIZE`, newest first), one aliased connection per category.
 */
export const DocumentsOverview_Query = graphql(`
  query DocumentsOverview_Query {
    me {
      id
      unreadDocumentCount
      ...DocumentCategoryNav_PersonFragment
      taxConfirmations: documents(category: TAX_CONFIRMATION, first: 5) {
        ...DocumentSection_DocumentConnectionFragment
      }
      performanceStatements: documents(category: PERFORMANCE_STATEMENT, first: 5) {
        ...DocumentSection_DocumentConnectionFragment
      }
      vkAccountStatements: documents(category: VK_ACCOUNT_STATEMENT, first: 5) {
        ...DocumentSection_DocumentConnectionFragment
      }
      payrollAccounts: documents(category: PAYROLL_ACCOUNT, first: 5) {
        ...DocumentSection_DocumentConnectionFragment
      }
      paymentStatements: documents(category: PAYMENT_STATEMENT, first: 5) {
        ...DocumentSection_DocumentConnectionFragment
      }
      pensionModelInfos: documents(category: PENSION_MODEL_INFO, first: 5) {
        ...DocumentSection_DocumentConnectionFragment
      }
      claimConfirmations: documents(category: CLAIM_CONFIRMATION, first: 5) {
        ...DocumentSection_DocumentConnectionFragment
      }
    }
  }
`);

/** How many documents of each category the overview shows (the `first: 5` of the query). */
export const OVERVIEW_PAGE_SIZE = 5;

export function useDocumentsOverview(skip: boolean) {
  return useQuery(DocumentsOverview_Query, { skip });
}
