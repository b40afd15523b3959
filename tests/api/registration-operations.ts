import { graphql } from '../gql';
import type { MutationAnswer } from './registration-helpers';

/**
 * The registration and password operations of the API suites, typed by codegen (tests/gql): each
 * selects its `{ ok, error }` (decision 0012) with the error's code, German message and field errors, as `statusOf`
 * (registration-helpers.ts) compares them.
 */
export const REGISTER = graphql(`
  mutation RegistrationRegister($input: RegisterInput!) {
    register(input: $input) {
      ok {
        email
      }
      error {
        ...ErrorCodeFields
      }
    }
  }
`);
export const PWD_LOST = graphql(`
  mutation RegistrationPasswordLost($input: PasswordLostInput!) {
    requestPasswordReset(input: $input) {
      ok {
        status
      }
      error {
        ...ErrorCodeFields
      }
    }
  }
`);
export const RESET = graphql(`
  mutation RegistrationReset($input: ResetPasswordInput!) {
    resetPassword(input: $input) {
      ok {
        changedAt
      }
      error {
        ...ErrorCodeFields
      }
    }
  }
`);
export const LINK_STATUS = graphql(`
  query RegistrationLinkStatus($t: String!) {
    passwordResetLinkStatus(token: $t)
  }
`);
/** `activateAccount` as the login page sends it (decision 0067). */
export { LoginPage_ActivateAccountMutation as ACTIVATE } from '../../web/src/features/session/api/activate-account';
export const LOGIN = graphql(`
  mutation RegistrationLogin($e: String!, $p: String!) {
    login(input: { email: $e, password: $p }) {
      ok {
        status
        loggedIn
      }
      error {
        ...ErrorCodeFields
      }
    }
  }
`);
export const ORDER = graphql(`
  mutation RegistrationOrderCode($input: OrderRegistrationCodeInput!) {
    orderRegistrationCode(input: $input) {
      ok {
        kind
        nextPossibleOn
      }
      error {
        ...ErrorCodeFields
        nextPossibleOn
      }
    }
  }
`);
export const CHANGE_PASSWORD = graphql(`
  mutation RegistrationChangePassword($input: ChangePasswordInput!) {
    changePassword(input: $input) {
      ok {
        changedAt
        otherSessionsEnded
      }
      error {
        ...ErrorCodeFields
      }
    }
  }
`);
export const CHANGE_INSECURE = graphql(`
  mutation RegistrationChangeInsecure($input: ChangeInsecurePasswordInput!) {
    changeInsecurePassword(input: $input) {
      ok {
        loginStatus
      }
      error {
        ...ErrorCodeFields
      }
    }
  }
`);
export const UPDATE_EMAIL = graphql(`
  mutation RegistrationUpdateEmail($input: UpdateRegistrationEmailInput!) {
    updateRegistrationEmail(input: $input) {
      ok {
        email
        loginStatus
      }
      error {
        ...ErrorCodeFields
      }
    }
  }
`);

/**
 * The answer of the one root field of a registration or password operation's data (`register`, `resetPassword`, …),
 * for suites that compare any of them through `statusOf`.
 */
export function answerOf(data: { [field: string]: MutationAnswer | string | undefined }): MutationAnswer {
  const answer = Object.entries(data).find(([field]) => field !== '__typename')?.[1];
  if (answer === undefined || typeof answer === 'string') throw new Error(`no mutation answer in ${JSON.stringify(data)}`);
  return answer;
}
