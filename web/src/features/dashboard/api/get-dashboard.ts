import { useQuery } from '@apollo/client/react';
import { graphql } from '../../../gql';

/** The dashboard's one query, composed of the fragments of the components it renders. */
export const DashboardPage_Query = graphql(`
  query DashboardPage_Query {
    clientConfig {
      tenant
    }
    me {
      id
      ...DashboardWelcome_PersonFragment
      pensionContracts {
        id
        ...PensionContractSummary_PensionContractFragment
      }
      severanceAccounts {
        id
        ...SeveranceAccountSummary_SeveranceAccountFragment
      }
    }
  }
`);

export function useDashboard() {
  return useQuery(DashboardPage_Query, { fetchPolicy: 'cache-and-network' });
}
