import { graphql } from '../gql';

/** The typed operations of the own-contributions suite (own-contributions.test.ts): the overview, mandates and the § 108a application. */
export const OVERVIEW = graphql(`
  query OwnContributionsOverview {
    me {
      ownContributions {
        creditorId
        premiumApplicationFiled
        preNotificationDays
        earliestDebitDate
        contracts {
          id
          contractNumber
          lastYearEmployerContributions
        }
        mandates {
          id
          type
          amount
          iban
          status
          startDate
          endDate
          mandateReference
          creditorId
          documentId
          nextDebitDate
          changeable
        }
        gauge {
          year
          eligible
          eligibleMonthly
          used
          collected
          left
          rateBp
          maxPremium
          expectedPremium
          daysToDeadline
        }
      }
    }
  }
`);
export const CREATE = graphql(`
  mutation OwnContributionsCreate($input: CreateMandateInput!) {
    createMandate(input: $input) {
      ok {
        employerWarning
        mandate {
          id
          type
          amount
          status
          mandateReference
          creditorId
          documentId
          nextDebitDate
        }
      }
      error {
        code
        message
        fieldErrors {
          field
          code
          message
        }
      }
    }
  }
`);
export const CHANGE = graphql(`
  mutation OwnContributionsChange($input: ChangeMandateInput!) {
    changeMandate(input: $input) {
      ok {
        employerWarning
        mandate {
          id
          amount
          iban
          startDate
          status
        }
      }
      error {
        code
        message
        fieldErrors {
          field
          code
          message
        }
      }
    }
  }
`);
export const CANCEL = graphql(`
  mutation OwnContributionsCancel($input: CancelMandateInput!) {
    cancelMandate(input: $input) {
      ok {
        mandate {
          id
          status
          endDate
          changeable
        }
      }
      error {
        code
        fieldErrors {
          field
          code
        }
      }
    }
  }
`);
export const APPLY = graphql(`
  mutation OwnContributionsApply($input: ApplyForPremiumInput!) {
    applyForPremium(input: $input) {
      ok {
        ownContributions {
          premiumApplicationFiled
        }
      }
      error {
        code
        fieldErrors {
          field
          code
          message
        }
      }
    }
  }
`);
