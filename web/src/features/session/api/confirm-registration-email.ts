import { useMutation } from '@apollo/client/react';
import { graphql } from '../../../gql';

export const UpdateRegistrationPage_ConfirmEmailMutation = graphql(`
  mutation UpdateRegistrationPage_ConfirmEmail {
    confirmRegistrationEmail {
      ok {
        status
      }
      error {
        ...MutationError
      }
    }
  }
`);

/** Confirms the stored e-mail for the funds that asked (UPDATE_*_MAIL); answers the next login status. */
export function useConfirmRegistrationEmail() {
  return useMutation(UpdateRegistrationPage_ConfirmEmailMutation);
}
