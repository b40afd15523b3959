import { useMutation } from '@apollo/client/react';
import { graphql } from '../../../gql';

export const LoginPage_ActivateAccountMutation = graphql(`
  mutation LoginPage_ActivateAccount($registrationId: String!) {
    activateAccount(registrationId: $registrationId) {
      ok {
        status
      }
      error {
        ...MutationError
      }
    }
  }
`);

/** Activates an access from the registration mail's link (spec 000 section 4 "Activation statuses"). */
export function useActivateAccount() {
  return useMutation(LoginPage_ActivateAccountMutation);
}
