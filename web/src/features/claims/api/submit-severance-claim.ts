import { useMutation } from '@apollo/client/react';
import { graphql } from '../../../gql';

export const ClaimPage_SubmitSeveranceClaimMutation = graphql(`
  mutation ClaimPage_SubmitSeveranceClaim($input: SubmitSeveranceClaimInput!) {
    submitSeveranceClaim(input: $input) {
      ok {
        claim {
          ...ClaimTeaser_SeveranceClaimFragment
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
