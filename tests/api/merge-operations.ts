import { graphql } from '../gql';

/** The member's data and merge eligibility as the web's merge page reads them (web/src/features/merge/api). */
export { MergePage_Query as ELIGIBILITY } from '../../web/src/features/merge/api/get-merge-page';

/** The typed operations of the merge suite (merge.test.ts): the request, and what it leaves in the inbox and the documents. */
export const REQUEST = graphql(`
  mutation MergeRequest($input: RequestMergeInput!) {
    requestMerge(input: $input) {
      ok {
        request {
          id
          status
          submittedOn
          accountNumbers
          targetAccountNumber
        }
      }
      error {
        ...ErrorFields
      }
    }
  }
`);
export const INBOX = graphql(`
  query MergeInbox {
    me {
      messages(folder: RECEIVED) {
        nodes {
          subject
          counterpart
          origin
          unread
          attachments {
            fileName
            contentType
            downloadUrl
          }
        }
      }
    }
  }
`);
export const CONFIRMATIONS = graphql(`
  query MergeConfirmations {
    me {
      documents(category: CLAIM_CONFIRMATION) {
        totalCount
        nodes {
          id
          title
          documentDate
          downloadUrl
        }
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
