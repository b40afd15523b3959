import { useMutation } from '@apollo/client/react';
import { graphql } from '../../../gql';

export const LoginForm_LoginMutation = graphql(`
  mutation LoginForm_Login($input: LoginInput!) {
    login(input: $input) {
      ok {
        status
        loggedIn
      }
      error {
        ...MutationError
        remainingAttempts
        lockedUntil
      }
    }
  }
`);

/**
 * Logs in with e-mail and password (`entryViaQrCode` on the /qr route); the answer's `status` is either an error,
 * shown at the field it belongs to (spec 000 section 8), or the first step of the login flow (section 4).
 */
export function useLogIn() {
  return useMutation(LoginForm_LoginMutation);
}
