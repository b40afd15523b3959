import { useMutation } from '@apollo/client/react';
import { graphql } from '../../../gql';

export const MergePage_RequestMergeMutation = graphql(`
  mutation MergePage_RequestMerge($input: RequestMergeInput!) {
    requestMerge(input: $input) {
      ok {
        request {
          id
          submittedOn
          accountNumbers
          targetAccountNumber
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

export const PublicMergePage_RequestPublicMergeMutation = graphql(`
  mutation PublicMergePage_RequestPublicMerge($input: RequestPublicMergeInput!) {
    requestPublicMerge(input: $input) {
      ok {
        submittedOn
        email
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
