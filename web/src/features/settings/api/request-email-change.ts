import { useMutation } from '@apollo/client/react';
import { graphql } from '../../../gql';

export const EmailSection_RequestEmailChangeMutation = graphql(`
  mutation EmailSection_RequestEmailChange($input: RequestEmailChangeInput!) {
    requestEmailChange(input: $input) {
      ok {
        person {
          ...EmailSection_PersonFragment
        }
      }
      error {
        ...MutationError
      }
    }
  }
`);

/** Sends the confirmation link to the new address; the screen's query is refetched for the pending address and history. */
export function useRequestEmailChange() {
  return useMutation(EmailSection_RequestEmailChangeMutation, { refetchQueries: ['SettingsPage_Query'], awaitRefetchQueries: true });
}
