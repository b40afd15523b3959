import { useMutation } from '@apollo/client/react';
import { graphql } from '../../../gql';

export const NewsletterDialog_SetConsentMutation = graphql(`
  mutation NewsletterDialog_SetConsent($pensionFund: Boolean, $severanceFund: Boolean) {
    setNewsletterConsent(pensionFund: $pensionFund, severanceFund: $severanceFund) {
      ok
    }
  }
`);

/** Newsletter consent per fund; null leaves a fund whose question was not shown unchanged. */
export function useSetNewsletterConsent() {
  return useMutation(NewsletterDialog_SetConsentMutation);
}
