import { useMutation } from '@apollo/client/react';
import { graphql } from '../../../gql';

export const AccountStatementDialog_SetByMailMutation = graphql(`
  mutation AccountStatementDialog_SetByMail($input: SetAccountStatementByMailInput!) {
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

/** The Vorsorgekasse account statement by e-mail, with the express info; answers the login status again. */
export function useSetAccountStatementByMail() {
  return useMutation(AccountStatementDialog_SetByMailMutation);
}
