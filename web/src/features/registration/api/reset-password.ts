import { useMutation } from '@apollo/client/react';
import { graphql } from '../../../gql';

export const PwdResetPage_ResetPasswordMutation = graphql(`
  mutation PwdResetPage_ResetPassword($input: ResetPasswordInput!) {
    resetPassword(input: $input) {
      ok {
        changedAt
      }
      error {
        ...MutationError
      }
    }
  }
`);

/** Sets the new password from the reset link (spec 001 section 8 "Reset"). */
export function useResetPassword() {
  return useMutation(PwdResetPage_ResetPasswordMutation);
}
