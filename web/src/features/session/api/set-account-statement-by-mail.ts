import { useMutation } from '@apollo/client/react';
import { SetAccountStatementByMailMutation } from '../../../lib/graphql/account-statement-by-mail';

/** The Vorsorgekasse account statement by e-mail, with the express info; answers the login status again. */
export function useSetAccountStatementByMail() {
  return useMutation(SetAccountStatementByMailMutation);
}
