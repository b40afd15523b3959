import { useMutation } from '@apollo/client/react';
import { graphql } from '../../../gql';

export const PasskeySection_FinishRegistrationMutation = graphql(`
  mutation PasskeySection_FinishRegistration($input: FinishPasskeyRegistrationInput!) {
    finishPasskeyRegistration(input: $input) {
      ok {
        passkey {
          id
          name
        }
      }
      error {
        ...MutationError
      }
    }
  }
`);

/** Stores the new passkey with the authenticator's answer and its name; the list is refetched. */
export function useFinishPasskeyRegistration() {
  return useMutation(PasskeySection_FinishRegistrationMutation, { refetchQueries: ['PasskeySection_Query'] });
}
