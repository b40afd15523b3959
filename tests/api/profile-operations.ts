import { graphql } from '../gql';

/** The data-retention facts as the web's terms page reads them (public; spec 000 section 9). */
export { TermsPage_Query as RETENTION_FACTS } from '../../web/src/features/static-pages/api/get-terms';
/** The e-mail change request as the settings' e-mail section sends it (spec 001 section 2 "Profile"). */
export { EmailSection_RequestEmailChangeMutation as REQUEST_EMAIL } from '../../web/src/features/settings/api/request-email-change';
/** The e-mail change's confirmation as the page of the mail's link sends it (public: works without a session). */
export { EmailChangePage_ConfirmEmailChangeMutation as CONFIRM_EMAIL } from '../../web/src/features/settings/api/confirm-email-change';
/** Deleting the access as the settings' section sends it. */
export { DeleteAccessSection_DeleteAccessMutation as DELETE_ACCESS } from '../../web/src/features/settings/api/delete-access';
/** The phone change as the settings' phone section sends it: the person answers with the number and the change log. */
export { PhoneSection_ChangePhoneMutation as CHANGE_PHONE } from '../../web/src/features/settings/api/change-phone';

/**
 * The typed operations of the profile suites: settings (profile.test.ts), the e-mail change
 * (profile-email-change.test.ts), deleting the access (profile-delete-access.test.ts), and the refusals of bad input
 * (profile-bad-input.test.ts: the changes of address, bank details and e-mail answer every error with its German message and
 * the field errors' messages; `BAD_INPUT_…` where the other suites compare the shorter error to the letter).
 */
export const CHANGE_ADDRESS = graphql(`
  mutation ProfileChangeAddress($input: ChangeAddressInput!) {
    changeAddress(input: $input) {
      ok {
        person {
          id
          ...AddressSection_PersonFragment
        }
      }
      error {
        ...MutationError
      }
    }
  }
`);
export const CHANGE_BANK = graphql(`
  mutation ProfileChangeBank($input: ChangeBankDetailsInput!) {
    changeBankDetails(input: $input) {
      ok {
        person {
          id
          bankAccount {
            ...BankAccountFields
          }
        }
      }
      error {
        ...MutationError
      }
    }
  }
`);
export const BANK_ACCOUNT = graphql(`
  query ProfileBankAccount {
    me {
      bankAccount {
        ...BankAccountFields
      }
    }
  }
`);
export const PHONE = graphql(`
  query ProfilePhone {
    me {
      phone
    }
  }
`);
export const NEWSLETTER = graphql(`
  mutation ProfileNewsletter($pk: Boolean!, $vk: Boolean!) {
    setNewsletterConsent(pensionFund: $pk, severanceFund: $vk) {
      ok {
        person {
          preferences {
            newsletterPk
            newsletterVk
          }
        }
      }
      error {
        code
      }
    }
  }
`);
export const NEWSLETTER_DIALOG = graphql(`
  mutation ProfileNewsletterDialog {
    setNewsletterConsent(pensionFund: true, severanceFund: false, termsAccepted: true, channel: LOGIN_DIALOG) {
      ok {
        person {
          id
        }
      }
    }
  }
`);
export const BENEFIT_DIGITAL = graphql(`
  mutation ProfileBenefitDigital {
    setBenefitStatementDelivery(digital: true) {
      ok {
        person {
          id
        }
      }
    }
  }
`);
export const CONSENT_RECORDS = graphql(`
  query ProfileConsentRecords {
    me {
      consentRecords {
        subject
        granted
        termsAccepted
        textVersion
        channel
        recordedAt
      }
    }
  }
`);
/** The change history as the settings' table reads it (its first 50 rows, spec 001 section 2 "Profile"). */
export const HISTORY = graphql(`
  query ProfileHistory {
    me {
      ...ChangeHistorySection_PersonFragment
    }
  }
`);
/** The first `first` rows of the change history, for the limit alone. */
export const HISTORY_FIRST = graphql(`
  query ProfileHistoryFirst($first: Int) {
    me {
      changeHistory(first: $first) {
        id
      }
    }
  }
`);
export const EMAILS = graphql(`
  query ProfileEmails {
    me {
      email
      pendingEmail
    }
  }
`);
export const ME_ID = graphql(`
  query ProfileMeId {
    me {
      id
    }
  }
`);
