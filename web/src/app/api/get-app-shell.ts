import { useQuery } from '@apollo/client/react';
import { graphql } from '../../gql';

/**
 * What the app needs before the first screen (spec 000 sections 1, 3 and 9): the tenant (routes, layout,
 * catalogue), the analytics and chatbot settings, and the inactivity warning time.
 */
export const AppShell_Query = graphql(`
  query AppShell_Query {
    clientConfig {
      tenant
      matomoSiteId
      matomoUrl
      chatbotUrl
      idleWarningSeconds
    }
  }
`);

export function useAppShell() {
  return useQuery(AppShell_Query);
}
