import { useQuery } from '@apollo/client/react';
import { graphql } from '../../../gql';

export const MergePage_Query = graphql(`
  query MergePage_Query {
    clientConfig {
      tenant
    }
    me {
      id
      firstName
      lastName
      svnr
      email
      mergeEligibility {
        eligible
        reason
        targetAccountNumber
        pendingSince
        dormantAccounts {
          id
          accountNumber
          endDate
          eligibleFrom
          claimOpen
          eligible
        }
      }
    }
  }
`);

/** The member's data for the form's prefill and the merge eligibility the screen explains before the form. */
export function useMergePage() {
  return useQuery(MergePage_Query, { fetchPolicy: 'cache-and-network' });
}
