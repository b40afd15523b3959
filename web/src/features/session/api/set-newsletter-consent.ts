import { useMutation } from '@apollo/client/react';
import { graphql } from '../../../gql';

export const NewsletterDialog_SetConsentMutation = graphql(`
  mutation NewsletterDialog_SetConsent($pensionFund: Boolean, $severanceFund: Boolean, $termsAccepted: Boolean) {
    setNewsletterConsent(pensionFund: $pensionFund, severanceFund: $severanceFund, termsAccepted: $termsAccepted, channel: LOGIN_DIALOG) {
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

/**
 * Newsletter consent per fund; null leaves a fund whose question was not shown unchanged. The terms tick goes along,
 * so the server's consent record holds it (channel LOGIN_DIALOG).
 */
export function useSetNewsletterConsent() {
  return useMutation(NewsletterDialog_SetConsentMutation);
}
