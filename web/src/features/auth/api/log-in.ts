import { useMutation } from '@apollo/client/react';
import { graphql } from '../../../gql';

export const LoginForm_LoginMutation = graphql(`
  mutation LoginForm_Login($email: String!, $password: String!) {
    login(email: $email, password: $password) {
      status
      loggedIn
    }
  }
`);

/** Logs in with e-mail and password; the answer's `status` says where an error belongs (spec 000 section 8). */
export function useLogIn() {
  return useMutation(LoginForm_LoginMutation);
}
