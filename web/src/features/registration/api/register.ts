import { useMutation } from '@apollo/client/react';
import { graphql } from '../../../gql';

export const RegistrationPage_RegisterMutation = graphql(`
  mutation RegistrationPage_Register($input: RegisterInput!) {
    register(input: $input) {
      status
      fieldErrors {
        field
        code
      }
    }
  }
`);

/** First registration (spec 001 sections 2, 4 and 8): answers a status and the refused fields. */
export function useRegister() {
  return useMutation(RegistrationPage_RegisterMutation);
}
