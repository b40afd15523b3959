import { useQuery } from '@apollo/client/react';
import { graphql } from '../../../gql';

/**
 * The sitemap's one query: the tenant (which routes it offers) and `me`, so that only a logged-in member sees it (a
 * missing or ended session sends the visitor to the login, like every screen behind it).
 */
export const SitemapPage_Query = graphql(`
  query SitemapPage_Query {
    clientConfig {
      tenant
    }
    me {
      id
    }
  }
`);

export function useSitemap() {
  return useQuery(SitemapPage_Query);
}
