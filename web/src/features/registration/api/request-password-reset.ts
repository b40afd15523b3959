import { useMutation } from '@apollo/client/react';
import { graphql } from '../../../gql';

export const PwdLostPage_RequestPasswordResetMutation = graphql(`
  mutation PwdLostPage_RequestPasswordReset($input: PasswordLostInput!) {
    requestPasswordReset(input: $input) {
      ok {
        status
      }
      error {
        ...MutationError
      }
    }
  }
`);

/** Password lost (spec 001 sections 2 and 8): mails a reset link, or with `addEmail` sends a first password by post. */
export function useRequestPasswordReset() {
  return useMutation(PwdLostPage_RequestPasswordResetMutation);
}
