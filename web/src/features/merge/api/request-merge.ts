import { useMutation } from '@apollo/client/react';
import { graphql } from '../../../gql';

/**
 * A stored merge request as the page confirms it (spec 001 section 5 "Merge and upload"; decision 0023): the day it was
 * received, the dormant accounts and the account they are merged into. The merge suite spreads it too (decision 0067).
 */
graphql(`
  fragment MergePage_MergeRequestFragment on MergeRequest {
    id
    submittedOn
    accountNumbers
    targetAccountNumber
  }
`);

export const MergePage_RequestMergeMutation = graphql(`
  mutation MergePage_RequestMerge($input: RequestMergeInput!) {
    requestMerge(input: $input) {
      ok {
        request {
          ...MergePage_MergeRequestFragment
        }
      }
      error {
        ...MutationError
      }
    }
  }
`);

/** Sends the merge request; the eligibility is fetched again afterwards (it is then "pending"). */
export function useRequestMerge() {
  return useMutation(MergePage_RequestMergeMutation, { refetchQueries: ['MergePage_Query'] });
}

/**
 * The merge request without a login, answered as the page confirms it: the day, the receipt mail's address and how many
 * files were stored with it. The public merge suite sends it as it is (decision 0067).
 */
export const PublicMergePage_RequestPublicMergeMutation = graphql(`
  mutation PublicMergePage_RequestPublicMerge($input: RequestPublicMergeInput!) {
    requestPublicMerge(input: $input) {
      ok {
        submittedOn
        email
        fileCount
      }
      error {
        ...MutationError
      }
    }
  }
`);

/** Sends the merge request without a login (`requestPublicMerge`, public, with the captcha). */
export function useRequestPublicMerge() {
  return useMutation(PublicMergePage_RequestPublicMergeMutation);
}
