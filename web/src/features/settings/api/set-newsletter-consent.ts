import { useMutation } from '@apollo/client/react';
import { graphql } from '../../../gql';

export const ConsentSection_SetNewsletterConsentMutation = graphql(`
  mutation ConsentSection_SetNewsletterConsent($pensionFund: Boolean, $severanceFund: Boolean) {
    setNewsletterConsent(pensionFund: $pensionFund, severanceFund: $severanceFund) {
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

/** Newsletter consent per fund (null leaves a fund unchanged); the screen's query is refetched. */
export function useSetNewsletterConsent() {
  return useMutation(ConsentSection_SetNewsletterConsentMutation, { refetchQueries: ['SettingsPage_Query'], awaitRefetchQueries: true });
}
