import { useMutation } from '@apollo/client/react';
import { graphql } from '../../../gql';

/** What storing or renaming a passkey answers (`PasskeyResult`): the passkey's id and name, or the refusal. */
export const PasskeyAnswerFragment = graphql(`
  fragment PasskeyAnswer on PasskeyResult {
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
`);

export const PasskeySection_FinishRegistrationMutation = graphql(`
  mutation PasskeySection_FinishRegistration($input: FinishPasskeyRegistrationInput!) {
    finishPasskeyRegistration(input: $input) {
      ...PasskeyAnswer
    }
  }
`);

/** Stores the new passkey with the authenticator's answer and its name; the list is refetched. */
export function useFinishPasskeyRegistration() {
  return useMutation(PasskeySection_FinishRegistrationMutation, { refetchQueries: ['PasskeySection_Query'] });
}
