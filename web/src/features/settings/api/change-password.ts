import { useMutation } from '@apollo/client/react';
import { graphql } from '../../../gql';

export const PasswordSection_ChangePasswordMutation = graphql(`
  mutation PasswordSection_ChangePassword($input: ChangePasswordInput!) {
    changePassword(input: $input) {
      ok {
        changedAt
        otherSessionsEnded
      }
      error {
        ...MutationError
      }
    }
  }
`);

/** Changes the password (current password plus a new one); the change log is refetched. */
export function useChangePassword() {
  return useMutation(PasswordSection_ChangePasswordMutation, { refetchQueries: ['SettingsPage_Query'] });
}
