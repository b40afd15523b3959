import { useMutation } from '@apollo/client/react';
import { graphql } from '../../../gql';

/**
 * What a login answers, by password or by passkey (`LoginResult`, spec 000 section 4): the login flow's status and
 * whether the session is signed in, or the refusal with the attempts left and the lock's end (section 8).
 */
export const LoginAnswerFragment = graphql(`
  fragment LoginAnswer on LoginResult {
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
`);

export const LoginForm_LoginMutation = graphql(`
  mutation LoginForm_Login($input: LoginInput!) {
    login(input: $input) {
      ...LoginAnswer
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
