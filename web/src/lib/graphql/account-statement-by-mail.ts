import { graphql } from '../../gql';

/**
 * The Vorsorgekasse account statement by e-mail, with the express info (`setAccountStatementByMail` of
 * server/modules/login-flow/login-flow.graphql; spec 000 section 4, the login-time questions, and spec 001 section 2
 * "Profile"): one mutation for the login-time dialog and the settings' consent section; it answers the login status
 * again. The operation keeps the dialog's name, by which the browser tests refuse it (tests/e2e/login-flow.spec.ts).
 */
export const SetAccountStatementByMailMutation = graphql(`
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
