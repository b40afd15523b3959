import { useMutation } from '@apollo/client/react';
import { graphql } from '../../../gql';

export const PwdChangePage_ChangeInsecurePasswordMutation = graphql(`
  mutation PwdChangePage_ChangeInsecurePassword($input: ChangeInsecurePasswordInput!) {
    changeInsecurePassword(input: $input) {
      ok {
        loginStatus
      }
      error {
        ...MutationError
      }
    }
  }
`);

/** New password after the login answered PASSWORD_INSECURE; answers the next login status. */
export function useChangeInsecurePassword() {
  return useMutation(PwdChangePage_ChangeInsecurePasswordMutation);
}
