import { useQuery } from '@apollo/client/react';
import { graphql } from '../../../gql';

/**
 * The login page's one query: the quiet session check (`session` never fails and never extends the session) and the
 * client configuration its boxes render.
 */
export const LoginPage_Query = graphql(`
  query LoginPage_Query {
    session {
      loggedIn
    }
    clientConfig {
      tenant
      ...VersionLine_ClientConfigFragment
    }
  }
`);

export function useLoginPage() {
  return useQuery(LoginPage_Query, { fetchPolicy: 'network-only' });
}
