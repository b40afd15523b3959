import { useMutation } from '@apollo/client/react';
import { graphql } from '../../../gql';

export const PasskeyLoginButton_StartMutation = graphql(`
  mutation PasskeyLoginButton_Start {
    startPasskeyLogin {
      ok {
        optionsJson
      }
    }
  }
`);

/** Starts a passkey login: the request options (with a challenge valid 5 minutes and once) for the browser. */
export function useStartPasskeyLogin() {
  return useMutation(PasskeyLoginButton_StartMutation);
}
