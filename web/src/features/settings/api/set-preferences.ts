import { useMutation } from '@apollo/client/react';
import { graphql } from '../../../gql';
import { SetAccountStatementByMailMutation } from '../../../lib/graphql/account-statement-by-mail';

/**
 * The preference changes of the consent section (spec 001 section 2 "Profile"; the same mutations as the login-time
 * dialogs): newsletter per fund, the benefit statement's delivery, the account statement by e-mail. Each call resolves
 * once the screen's query (`SettingsPage_Query`) has been fetched again, so the form starts from the stored values.
 */
const refetchSettings = { refetchQueries: ['SettingsPage_Query'], awaitRefetchQueries: true };

/** What a newsletter or delivery change answers, for Apollo's cache: the member's preferences as now stored. */
export const ConsentSection_PreferencesFragment = graphql(`
  fragment ConsentSection_PreferencesFragment on Person {
    id
    preferences {
      newsletterPk
      newsletterVk
      benefitStatementDigital
    }
  }
`);

/** The `ok` of a newsletter or delivery change (`PreferencesOk`): the person with the preferences as now stored. */
export const ConsentSection_PreferencesAnswerFragment = graphql(`
  fragment ConsentSection_PreferencesAnswer on PreferencesOk {
    person {
      ...ConsentSection_PreferencesFragment
    }
  }
`);

export const ConsentSection_SetNewsletterConsentMutation = graphql(`
  mutation ConsentSection_SetNewsletterConsent($pensionFund: Boolean, $severanceFund: Boolean) {
    setNewsletterConsent(pensionFund: $pensionFund, severanceFund: $severanceFund) {
      ok {
        ...ConsentSection_PreferencesAnswer
      }
      error {
        ...MutationError
      }
    }
  }
`);

export const ConsentSection_SetBenefitStatementDeliveryMutation = graphql(`
  mutation ConsentSection_SetBenefitStatementDelivery($digital: Boolean!) {
    setBenefitStatementDelivery(digital: $digital) {
      ok {
        ...ConsentSection_PreferencesAnswer
      }
      error {
        ...MutationError
      }
    }
  }
`);

/** Newsletter consent per fund (null leaves a fund unchanged). */
export function useSetNewsletterConsent() {
  return useMutation(ConsentSection_SetNewsletterConsentMutation, refetchSettings);
}

/** Benefit statement (Leistungsnachweis) digital or on paper. */
export function useSetBenefitStatementDelivery() {
  return useMutation(ConsentSection_SetBenefitStatementDeliveryMutation, refetchSettings);
}

/** Vorsorgekasse account statement by e-mail. */
export function useSetAccountStatementByMail() {
  return useMutation(SetAccountStatementByMailMutation, refetchSettings);
}
