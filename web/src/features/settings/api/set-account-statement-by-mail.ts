import { useMutation } from '@apollo/client/react';
import { graphql } from '../../../gql';

export const ConsentSection_SetAccountStatementByMailMutation = graphql(`
  mutation ConsentSection_SetAccountStatementByMail($input: SetAccountStatementByMailInput!) {
    setAccountStatementByMail(input: $input) {
      ok {
        status
      }
      error {
        ...MutationError
      }
    }
  }
`);

/** Vorsorgekasse account statement by e-mail; the screen's query is refetched. */
export function useSetAccountStatementByMail() {
  return useMutation(ConsentSection_SetAccountStatementByMailMutation, { refetchQueries: ['SettingsPage_Query'], awaitRefetchQueries: true });
}
