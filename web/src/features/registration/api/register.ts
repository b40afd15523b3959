import { useMutation } from '@apollo/client/react';
import { graphql } from '../../../gql';

export const RegistrationPage_RegisterMutation = graphql(`
  mutation RegistrationPage_Register($input: RegisterInput!) {
    register(input: $input) {
      ok {
        email
      }
      error {
        ...MutationError
      }
    }
  }
`);

/** First registration (spec 001 sections 2, 4 and 8): `ok` with the address the activation link went to, or `error` (status name as code, refused fields). */
export function useRegister() {
  return useMutation(RegistrationPage_RegisterMutation);
}

export const RegistrationPage_CheckMutation = graphql(`
  mutation RegistrationPage_Check($input: RegisterInput!) {
    checkRegistration(input: $input) {
      ok {
        email
      }
      error {
        ...MutationError
      }
    }
  }
`);

/**
 * Step 1 of the registration: the server's checks of `register` (code, name/e-mail/SVNR in the password, e-mail of
 * another person) without storing anything, so errors show before the terms step (spec 001 section 5).
 */
export function useCheckRegistration() {
  return useMutation(RegistrationPage_CheckMutation);
}
