import { useQuery } from '@apollo/client/react';
import { graphql } from '../../../gql';

/**
 * The terms of use's one query: the tenant (layout with or without the contents sidebar) and the data-retention
 * facts (spec 000 section 9, spec 001 section 9) from the server, the same values the profile shows before the
 * access is deleted. Public: the terms are readable without login.
 */
export const TermsPage_Query = graphql(`
  query TermsPage_Query {
    clientConfig {
      tenant
    }
    retentionFacts {
      loginDataYearsAfterDeactivation
      logFileDays
      maxRetentionYears
      accessYearsAfterPayout
    }
  }
`);

export function useTerms() {
  return useQuery(TermsPage_Query);
}
