import { graphql } from '../gql';

/**
 * Cancelling a mandate and filing the § 108a application as the web's page sends them
 * (web/src/features/own-contributions/api/own-contributions.ts): the suite reads nothing the page does not.
 */
export { ApplyForPremiumMutation as APPLY, CancelMandateMutation as CANCEL } from '../../web/src/features/own-contributions/api/own-contributions';

/**
 * The typed operations of the own-contributions suite (own-contributions.test.ts) that read more than the web's page:
 * the overview and a mandate with its creditor id, document and next debit.
 */
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
        ...ErrorFields
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
        ...ErrorFields
      }
    }
  }
`);
