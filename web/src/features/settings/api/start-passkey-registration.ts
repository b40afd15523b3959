import { useMutation } from '@apollo/client/react';
import { graphql } from '../../../gql';

export const PasskeySection_StartRegistrationMutation = graphql(`
  mutation PasskeySection_StartRegistration($input: StartPasskeyRegistrationInput!) {
    startPasskeyRegistration(input: $input) {
      ok {
        optionsJson
      }
      error {
        ...MutationError
      }
    }
  }
`);

/** Starts adding a passkey: the step-up password, answered with the options for the browser. */
export function useStartPasskeyRegistration() {
  return useMutation(PasskeySection_StartRegistrationMutation);
}
