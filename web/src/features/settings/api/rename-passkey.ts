import { useMutation } from '@apollo/client/react';
import { graphql } from '../../../gql';

export const PasskeySection_RenameMutation = graphql(`
  mutation PasskeySection_Rename($input: RenamePasskeyInput!) {
    renamePasskey(input: $input) {
      ...PasskeyAnswer
    }
  }
`);

/** Renames one of the member's passkeys; the list is refetched. */
export function useRenamePasskey() {
  return useMutation(PasskeySection_RenameMutation, { refetchQueries: ['PasskeySection_Query'] });
}
