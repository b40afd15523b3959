import { useQuery } from '@apollo/client/react';
import { graphql } from '../../../gql';

/** The stored e-mail of the login in progress (update-registration page); readable with a pending session. */
export const UpdateRegistrationPage_PendingLoginQuery = graphql(`
  query UpdateRegistrationPage_PendingLogin {
    pendingLogin {
      status
      email
    }
  }
`);

export function usePendingLogin() {
  return useQuery(UpdateRegistrationPage_PendingLoginQuery, { fetchPolicy: 'network-only' });
}
