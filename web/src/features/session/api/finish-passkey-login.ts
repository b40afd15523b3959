import { useMutation } from '@apollo/client/react';
import { graphql } from '../../../gql';

export const PasskeyLoginButton_FinishMutation = graphql(`
  mutation PasskeyLoginButton_Finish($input: FinishPasskeyLoginInput!) {
    finishPasskeyLogin(input: $input) {
      ...LoginAnswer
    }
  }
`);

/**
 * Logs in with the authenticator's answer; the answer is a `LoginResult` like the password login's, so its status
 * starts the same login flow (spec 000 section 4).
 */
export function useFinishPasskeyLogin() {
  return useMutation(PasskeyLoginButton_FinishMutation);
}
