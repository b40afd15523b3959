import { graphql } from '../gql';

/** The member's data and merge eligibility as the web's merge page reads them (web/src/features/merge/api). */
export { MergePage_Query as ELIGIBILITY } from '../../web/src/features/merge/api/get-merge-page';
/** What the request leaves in the inbox and the documents (tests/helpers/inbox-operations.ts). */
export { CLAIM_CONFIRMATIONS as CONFIRMATIONS, RECEIVED_MESSAGES as INBOX } from '../helpers/inbox-operations';

/**
 * The typed operations of the merge suite (merge.test.ts): the request, answered as the web's page confirms it and
 * with its status, and a severance claim beside it.
 */
export const REQUEST = graphql(`
  mutation MergeRequest($input: RequestMergeInput!) {
    requestMerge(input: $input) {
      ok {
        request {
          status
          ...MergePage_MergeRequestFragment
        }
      }
      error {
        ...ErrorFields
      }
    }
  }
`);
export const CLAIM = graphql(`
  mutation MergeClaim($input: SubmitSeveranceClaimInput!) {
    submitSeveranceClaim(input: $input) {
      ok {
        claim {
          id
        }
      }
    }
  }
`);
