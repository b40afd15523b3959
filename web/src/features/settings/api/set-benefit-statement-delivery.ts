import { useMutation } from '@apollo/client/react';
import { graphql } from '../../../gql';

export const ConsentSection_SetBenefitStatementDeliveryMutation = graphql(`
  mutation ConsentSection_SetBenefitStatementDelivery($digital: Boolean!) {
    setBenefitStatementDelivery(digital: $digital) {
      ok {
        person {
          id
          preferences {
            newsletterPk
            newsletterVk
            benefitStatementDigital
          }
        }
      }
      error {
        ...MutationError
      }
    }
  }
`);

/** Benefit statement (Leistungsnachweis) digital or on paper; the screen's query is refetched. */
export function useSetBenefitStatementDelivery() {
  return useMutation(ConsentSection_SetBenefitStatementDeliveryMutation, { refetchQueries: ['SettingsPage_Query'], awaitRefetchQueries: true });
}
