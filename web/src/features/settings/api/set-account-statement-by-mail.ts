import { useMutation } from '@apollo/client/react';
import { graphql } from '../../../gql';

export const ConsentSection_SetAccountStatementByMailMutation = graphql(`
  mutation ConsentSection_SetAccountStatementByMail($byMail: Boolean!) {
    setAccountStatementByMail(byMail: $byMail) {
      status
    }
  }
`);

/** Vorsorgekasse account statement by e-mail; the screen's query is refetched. */
export function useSetAccountStatementByMail() {
  return useMutation(ConsentSection_SetAccountStatementByMailMutation, { refetchQueries: ['SettingsPage_Query'], awaitRefetchQueries: true });
}
