import { useMutation } from '@apollo/client/react';
import { graphql } from '../../../gql';

export const AnnualStatementDeliveryDialog_SetDeliveryMutation = graphql(`
  mutation AnnualStatementDeliveryDialog_SetDelivery($input: SetAnnualStatementDeliveryInput!) {
    setAnnualStatementDelivery(input: $input) {
      ok {
        status
      }
      error {
        ...MutationError
      }
    }
  }
`);

/** The yearly account information in the portal (true) or by letter (false); answers the next login status. */
export function useSetAnnualStatementDelivery() {
  return useMutation(AnnualStatementDeliveryDialog_SetDeliveryMutation);
}
