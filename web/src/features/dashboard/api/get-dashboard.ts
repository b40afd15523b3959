import { useQuery } from '@apollo/client/react';
import { graphql } from '../../../gql';

/**
 * The dashboard's one query, composed of the fragments of the components it renders: one GraphQL round trip for
 * the whole screen (tests/e2e/dashboard.spec.ts counts the requests).
 */
export const DashboardPage_Query = graphql(`
  query DashboardPage_Query {
    clientConfig {
      tenant
    }
    pensionCalculator {
      access
    }
    me {
      id
      gender
      ...DashboardWelcome_PersonFragment
      ...UnreadSummary_PersonFragment
      latestSeveranceClaim {
        id
        ...ClaimTeaser_SeveranceClaimFragment
      }
      pensionContracts {
        id
        role
        ...PensionContractSummary_PensionContractFragment
      }
      severanceAccounts {
        id
        ...SeveranceAccountSummary_SeveranceAccountFragment
      }
      claimableSeveranceAccounts {
        id
        ...DecisionDeadline_ClaimableSeveranceAccountFragment
      }
    }
  }
`);

export function useDashboard() {
  return useQuery(DashboardPage_Query, { fetchPolicy: 'cache-and-network' });
}
