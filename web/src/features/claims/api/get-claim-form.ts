import { useQuery } from '@apollo/client/react';
import { graphql } from '../../../gql';

export const ClaimPage_Query = graphql(`
  query ClaimPage_Query {
    me {
      id
      address {
        ...PostalAddress
      }
      claimableSeveranceAccounts {
        ...ClaimSteps_ClaimableSeveranceAccountFragment
      }
    }
  }
`);

/**
 * A Vorsorgekasse account as the claim's steps read it (spec 001 sections 2 to 5; decision 0015): the entitlement at
 * the Stichtag, whether and since when the member may decide and until when, the options allowed, and the payout's
 * tax and cash-order cost. The API suites spread it too (decision 0067).
 */
graphql(`
  fragment ClaimSteps_ClaimableSeveranceAccountFragment on ClaimableSeveranceAccount {
    id
    accountNumber
    entitlement
    stichtag
    rightToDecide
    rightToDecideSince
    rightToDecideReason
    decisionDeadline
    decisionDaysLeft
    selfEmployed
    claimOpen
    allowedOptions
    payoutTax
    cashOrderCost
  }
`);

/** The member's Vorsorgekasse accounts with what the claim form needs, and the address for a cash order. */
export function useClaimForm() {
  return useQuery(ClaimPage_Query, { fetchPolicy: 'cache-and-network' });
}
