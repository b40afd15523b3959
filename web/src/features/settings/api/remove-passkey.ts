import { useMutation } from '@apollo/client/react';
import { graphql } from '../../../gql';

export const PasskeySection_RemoveMutation = graphql(`
  mutation PasskeySection_Remove($input: RemovePasskeyInput!) {
    removePasskey(input: $input) {
      ok {
        removedId
      }
      error {
        ...MutationError
      }
    }
  }
`);

/** Removes one of the member's passkeys; the list is refetched. */
export function useRemovePasskey() {
  return useMutation(PasskeySection_RemoveMutation, { refetchQueries: ['PasskeySection_Query'] });
}
