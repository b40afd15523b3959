import { useQuery } from '@apollo/client/react';
import { graphql } from '../../gql';

/** The tenant this server runs as (spec 000 section 1); it decides the routes and the navigation. */
export const AppShell_Query = graphql(`
  query AppShell_Query {
    clientConfig {
      tenant
    }
  }
`);

export function useAppShell() {
  return useQuery(AppShell_Query);
}
