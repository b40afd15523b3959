import { graphql } from '../gql';

/**
 * Giving, changing and cancelling a mandate and filing the § 108a application as the web's page sends them
 * (web/src/features/own-contributions/api/own-contributions.ts; each mandate answered as the page lists it).
 */
export {
  ApplyForPremiumMutation as APPLY,
  CancelMandateMutation as CANCEL,
  ChangeMandateMutation as CHANGE,
  CreateMandateMutation as CREATE,
} from '../../web/src/features/own-contributions/api/own-contributions';

/**
 * The overview of the own-contributions suites (own-contributions.test.ts, sepa-pre-notification.test.ts): as the
 * web's page reads it (decision 0067), with each mandate's creditor id and signed mandate document, which the page
 * does not show.
 */
export const OVERVIEW = graphql(`
  query OwnContributionsOverview {
    me {
      ownContributions {
        ...OwnContributionsPage_OwnContributionsFragment
        mandates {
          creditorId
          documentId
        }
      }
    }
  }
`);
