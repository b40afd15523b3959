import { useMutation } from '@apollo/client/react';
import { graphql } from '../../../gql';

export const EmailChangePage_ConfirmEmailChangeMutation = graphql(`
  mutation EmailChangePage_ConfirmEmailChange($token: String!) {
    confirmEmailChange(token: $token) {
      ok {
        status
      }
      error {
        ...MutationError
      }
    }
  }
`);

/** Confirms an e-mail change from the link in the mail (public: works without a session). */
export function useConfirmEmailChange() {
  return useMutation(EmailChangePage_ConfirmEmailChangeMutation);
}
