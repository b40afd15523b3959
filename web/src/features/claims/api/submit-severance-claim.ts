import { useMutation } from '@apollo/client/react';
import { graphql } from '../../../gql';

/**
 * The stored claim as the success step confirms it (spec 001 section 9): the day it was received and the due date, and
 * for a payout the amounts the fund stored with it (entitlement, wage tax, cash order's cost, cents), which the claim
 * confirmation names too; the dashboard teaser's fields keep its cache entry current. The claim suites send this
 * mutation as it is (decision 0067).
 */
graphql(`
  fragment ClaimPage_SentClaimFragment on SeveranceClaim {
    entitlement
    tax
    cashOrderCost
    ...ClaimTeaser_SeveranceClaimFragment
  }
`);

export const ClaimPage_SubmitSeveranceClaimMutation = graphql(`
  mutation ClaimPage_SubmitSeveranceClaim($input: SubmitSeveranceClaimInput!) {
    submitSeveranceClaim(input: $input) {
      ok {
        claim {
          ...ClaimPage_SentClaimFragment
        }
      }
      error {
        ...MutationError
      }
    }
  }
`);

/** Sends the claim; the dashboard's teaser and the form's accounts are fetched again afterwards. */
export function useSubmitSeveranceClaim() {
  return useMutation(ClaimPage_SubmitSeveranceClaimMutation, { refetchQueries: ['ClaimPage_Query', 'DashboardPage_Query'] });
}
