import { useMutation } from '@apollo/client/react';
import { graphql } from '../../../gql';

export const SessionWatch_KeepAliveMutation = graphql(`
  mutation SessionWatch_KeepAlive {
    keepAlive {
      loggedIn
    }
  }
`);

/** Keeps the session alive while the member is active (every 180 s, spec 000 section 9); never fails on the server. */
export function useKeepAlive() {
  return useMutation(SessionWatch_KeepAliveMutation);
}
