import { useQuery } from '@apollo/client/react';
import { graphql } from '../../../gql';

/** The accessibility statement's one query: the tenant (which fund's statement and contact). Usually from the cache. */
export const AccessibilityPage_Query = graphql(`
  query AccessibilityPage_Query {
    clientConfig {
      tenant
    }
  }
`);

export function useAccessibilityStatement() {
  return useQuery(AccessibilityPage_Query);
}
