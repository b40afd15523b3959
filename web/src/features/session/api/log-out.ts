import { useApolloClient, useMutation } from '@apollo/client/react';
import { graphql } from '../../../gql';

export const LogoutButton_LogoutMutation = graphql(`
  mutation LogoutButton_Logout {
    logout {
      ok {
        loggedOut
      }
      error {
        ...MutationError
      }
    }
  }
`);

/**
 * Ends the session on the server, then forgets every cached answer (spec 000 section 3: logging out clears personal
 * data, unread messages and the cache).
 */
export function useLogOut() {
  const client = useApolloClient();
  const [logout, state] = useMutation(LogoutButton_LogoutMutation);
  const logOut = async () => {
    try {
      await logout();
    } finally {
      await client.clearStore();
    }
  };
  return [logOut, state] as const;
}
