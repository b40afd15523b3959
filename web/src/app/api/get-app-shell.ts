import { useQuery } from '@apollo/client/react';
import { graphql } from '../../gql';

/**
 * What the app needs before the first screen (spec 000 sections 1, 3 and 9): the tenant (routes, layout,
 * catalogue), the analytics and chatbot settings, the inactivity warning time, and the login page's boxes
 * (announcement, eID button, version line). The server puts its answer into the page (server/http/served-config.ts);
 * the app asks for it only when the page has none (web/src/app/app.tsx).
 */
export const AppShell_Query = graphql(`
  query AppShell_Query {
    clientConfig {
      tenant
      matomoSiteId
      matomoUrl
      chatbotUrl
      idleWarningSeconds
      ...AnnouncementBanner_ClientConfigFragment
      ...EidLoginButton_ClientConfigFragment
      ...VersionLine_ClientConfigFragment
    }
  }
`);

export function useAppShell() {
  return useQuery(AppShell_Query);
}
