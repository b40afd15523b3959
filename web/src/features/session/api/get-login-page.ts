import { useQuery } from '@apollo/client/react';
import { graphql } from '../../../gql';

/**
 * The login page's quiet session check (spec 000 section 2): `session` never fails and never extends the session. The
 * page's boxes (announcement, eID button, version line) come from the client configuration the app started with
 * (web/src/lib/client-config.ts).
 */
export const LoginPage_Query = graphql(`
  query LoginPage_Query {
    session {
      loggedIn
    }
  }
`);

/** The session check, asked once per visit of the login page (never from the cache); `skip` leaves it out. */
export function useSessionCheck({ skip }: { skip: boolean }) {
  return useQuery(LoginPage_Query, { fetchPolicy: 'network-only', skip });
}
