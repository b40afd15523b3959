import { graphql } from '../gql';

/** The data-retention facts as the web's terms page reads them (public; spec 000 section 9). */
export { TermsPage_Query as RETENTION_FACTS } from '../../web/src/features/static-pages/api/get-terms';

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
          address {
            ...AddressFields
          }
        }
      }
      error {
        ...ErrorFields
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
        ...ErrorFields
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
export const CHANGE_PHONE = graphql(`
  mutation ProfileChangePhone($input: ChangePhoneInput!) {
    changePhone(input: $input) {
      ok {
        person {
          phone
        }
      }
      error {
        ...FieldErrorCodes
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
export const HISTORY = graphql(`
  query ProfileHistory($first: Int) {
    me {
      changeHistory(first: $first) {
        id
        changedAt
        actor
        area
        field
        oldValue
        newValue
      }
    }
  }
`);
export const REQUEST_EMAIL = graphql(`
  mutation ProfileRequestEmail($input: RequestEmailChangeInput!) {
    requestEmailChange(input: $input) {
      ok {
        pendingEmail
        person {
          pendingEmail
        }
      }
      error {
        ...ErrorFields
      }
    }
  }
`);
export const CONFIRM_EMAIL = graphql(`
  mutation ProfileConfirmEmail($t: String!) {
    confirmEmailChange(token: $t) {
      ok {
        status
      }
      error {
        code
        message
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
export const DELETE_ACCESS = graphql(`
  mutation ProfileDeleteAccess($input: DeleteAccessInput!) {
    deleteAccess(input: $input) {
      ok {
        sessionsEnded
      }
      error {
        ...FieldErrorCodes
      }
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
export const BAD_INPUT_DELETE_ACCESS = graphql(`
  mutation ProfileBadInputDeleteAccess($input: DeleteAccessInput!) {
    deleteAccess(input: $input) {
      ok {
        sessionsEnded
      }
      error {
        ...ErrorFields
      }
    }
  }
`);
export const BAD_INPUT_CONFIRM_EMAIL = graphql(`
  mutation ProfileBadInputConfirmEmail($t: String!) {
    confirmEmailChange(token: $t) {
      ok {
        status
      }
      error {
        ...ErrorFields
      }
    }
  }
`);
