import { useQuery } from '@apollo/client/react';
import { graphql } from '../../../gql';

/**
 * The login page's one query: the quiet session check (`session` never fails and never extends the session; left
 * out in the electronic-ID flow) and the client configuration its boxes render.
 */
export const LoginPage_Query = graphql(`
  query LoginPage_Query($checkSession: Boolean!) {
    session @include(if: $checkSession) {
      loggedIn
    }
    clientConfig {
      tenant
      ...VersionLine_ClientConfigFragment
      ...AnnouncementBanner_ClientConfigFragment
      ...EidLoginButton_ClientConfigFragment
    }
  }
`);

/**
 * The login page's query. Skipped where there is no window (the build's prerender, web/src/prerender/frames.tsx):
 * the page then renders what does not depend on the answer, as in the frame shown before the app starts.
 */
export function useLoginPage({ checkSession }: { checkSession: boolean }) {
  return useQuery(LoginPage_Query, { variables: { checkSession }, fetchPolicy: 'network-only', skip: typeof window === 'undefined' });
}
