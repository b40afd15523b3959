import { useMutation } from '@apollo/client/react';
import { graphql } from '../../../gql';

export const TermsDialog_AcceptTermsMutation = graphql(`
  mutation TermsDialog_AcceptTerms($input: AcceptTermsInput!) {
    acceptTerms(input: $input) {
      ok {
        status
      }
      error {
        ...MutationError
      }
    }
  }
`);

/** Accepts (or declines) the terms of use with the status that asked; answers the next login status. */
export function useAcceptTerms() {
  return useMutation(TermsDialog_AcceptTermsMutation);
}
