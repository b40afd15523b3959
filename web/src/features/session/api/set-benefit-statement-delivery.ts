import { useMutation } from '@apollo/client/react';
import { graphql } from '../../../gql';

export const BenefitStatementDialog_SetDeliveryMutation = graphql(`
  mutation BenefitStatementDialog_SetDelivery($digital: Boolean!) {
    setBenefitStatementDelivery(digital: $digital) {
      ok {
        person {
          id
        }
      }
      error {
        ...MutationError
      }
    }
  }
`);

/** The Pensionskasse benefit statement (Leistungsnachweis) digitally or on paper. */
export function useSetBenefitStatementDelivery() {
  return useMutation(BenefitStatementDialog_SetDeliveryMutation);
}
