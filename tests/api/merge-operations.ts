import { graphql } from '../gql';

/** The typed operations of the merge suite (merge.test.ts): eligibility, the request, and what it leaves in the inbox and the documents. */
export const ELIGIBILITY = graphql(`
  query MergeEligibility {
    me {
      svnr
      firstName
      lastName
      email
      mergeEligibility {
        eligible
        reason
        targetAccountNumber
        pendingSince
        dormantAccounts {
          id
          accountNumber
          endDate
          eligibleFrom
          claimOpen
          eligible
        }
      }
    }
  }
`);
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
        code
        message
        fieldErrors {
          field
          code
          message
        }
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
