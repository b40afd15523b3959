import { useMutation } from '@apollo/client/react';
import { graphql } from '../../../gql';

export const OrderRegistrationCodePage_OrderMutation = graphql(`
  mutation OrderRegistrationCodePage_Order($input: OrderRegistrationCodeInput!) {
    orderRegistrationCode(input: $input) {
      ok {
        kind
        nextPossibleOn
      }
      error {
        ...MutationError
        nextPossibleOn
      }
    }
  }
`);

/** Orders a registration code or first password by post (spec 001 section 9: none again within 7 days). */
export function useOrderRegistrationCode() {
  return useMutation(OrderRegistrationCodePage_OrderMutation);
}
