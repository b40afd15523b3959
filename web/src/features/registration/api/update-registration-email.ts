import { useMutation } from '@apollo/client/react';
import { graphql } from '../../../gql';

export const ChangeEmailForm_UpdateEmailMutation = graphql(`
  mutation ChangeEmailForm_UpdateEmail($input: UpdateRegistrationEmailInput!) {
    updateRegistrationEmail(input: $input) {
      ok {
        email
        loginStatus
      }
      error {
        ...MutationError
      }
    }
  }
`);

/** Changes the e-mail address while the login asks to confirm it (UPDATE_*_MAIL); answers the next login status. */
export function useUpdateRegistrationEmail() {
  return useMutation(ChangeEmailForm_UpdateEmailMutation);
}
