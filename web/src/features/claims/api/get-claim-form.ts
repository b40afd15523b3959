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
    }
  }
`);

/** The member's Vorsorgekasse accounts with what the claim form needs, and the address for a cash order. */
export function useClaimForm() {
  return useQuery(ClaimPage_Query, { fetchPolicy: 'cache-and-network' });
}
