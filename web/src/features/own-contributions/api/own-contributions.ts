import { useMutation, useQuery } from '@apollo/client/react';
import { graphql } from '../../../gql';

export const OwnContributionsPage_Query = graphql(`
  query OwnContributions {
    me {
      id
      address {
        ...PostalAddress
      }
      ownContributions {
        ...OwnContributionsPage_OwnContributionsFragment
      }
    }
  }
`);

/**
 * The page's own contributions (spec 001 sections 3 and 9; decision 0016): the fund's creditor id, whether
 * the premium application is filed, the SEPA pre-notification days and earliest debit, the contracts with last year's
 * employer contributions, the mandates and the premium gauge (amounts in cents, the rate in basis points). The API
 * suites spread it too (decision 0067).
 */
graphql(`
  fragment OwnContributionsPage_OwnContributionsFragment on OwnContributions {
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
      ...OwnContributionsPage_MandateFragment
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
`);

/**
 * A mandate as the page lists it (spec 001 section 3; decision 0016): contract, type, amount, account, period,
 * reference, status, next debit and whether it may still be changed. Changing and cancelling a mandate answer it, so
 * the row the member sees follows at once; a given mandate comes into the list with the overview fetched again.
 */
graphql(`
  fragment OwnContributionsPage_MandateFragment on OwnContributionMandate {
    id
    contractId
    contractNumber
    type
    amount
    iban
    accountOwner
    startDate
    endDate
    mandateReference
    status
    nextDebitDate
    changeable
  }
`);

/** What the page reads of a created or changed mandate (the two answers share `MandateChangeAnswer`). */
graphql(`
  fragment OwnContributionsPage_MandateChangeAnswerFragment on MandateChangeAnswer {
    employerWarning
    mandate {
      ...OwnContributionsPage_MandateFragment
    }
  }
`);

export const CreateMandateMutation = graphql(`
  mutation CreateMandate($input: CreateMandateInput!) {
    createMandate(input: $input) {
      ok {
        ...OwnContributionsPage_MandateChangeAnswerFragment
      }
      error {
        ...MutationError
      }
    }
  }
`);

export const ChangeMandateMutation = graphql(`
  mutation ChangeMandate($input: ChangeMandateInput!) {
    changeMandate(input: $input) {
      ok {
        ...OwnContributionsPage_MandateChangeAnswerFragment
      }
      error {
        ...MutationError
      }
    }
  }
`);

export const CancelMandateMutation = graphql(`
  mutation CancelMandate($input: CancelMandateInput!) {
    cancelMandate(input: $input) {
      ok {
        mandate {
          ...OwnContributionsPage_MandateFragment
        }
      }
      error {
        ...MutationError
      }
    }
  }
`);

/**
 * Files the § 108a application (spec 001 section 9; decision 0016), answered with the page's own contributions
 * (`OwnContributionsPage_OwnContributionsFragment`), which `useApplyForPremium` writes into the page's cached query.
 */
export const ApplyForPremiumMutation = graphql(`
  mutation ApplyForPremium($input: ApplyForPremiumInput!) {
    applyForPremium(input: $input) {
      ok {
        ownContributions {
          ...OwnContributionsPage_OwnContributionsFragment
        }
      }
      error {
        ...MutationError
      }
    }
  }
`);

/** Contracts, mandates and the premium gauge of `/eigenbeitraege`. */
export function useOwnContributions() {
  return useQuery(OwnContributionsPage_Query, { fetchPolicy: 'cache-and-network' });
}

const refetch = { refetchQueries: ['OwnContributions', 'DocumentsOverview'] };
/** Gives a mandate; the overview is fetched again. */
export const useCreateMandate = () => useMutation(CreateMandateMutation, refetch);
/** Changes a mandate. */
export const useChangeMandate = () => useMutation(ChangeMandateMutation, refetch);
/** Cancels a mandate. */
export const useCancelMandate = () => useMutation(CancelMandateMutation, refetch);
/**
 * Files the § 108a application: the answer's own contributions replace the page's cached ones, so the overview the
 * member returns to shows the application filed at once; the documents overview is fetched again as after a mandate.
 */
export const useApplyForPremium = () =>
  useMutation(ApplyForPremiumMutation, {
    refetchQueries: ['DocumentsOverview'],
    update(cache, { data }) {
      const ownContributions = data?.applyForPremium.ok?.ownContributions;
      if (ownContributions) cache.updateQuery({ query: OwnContributionsPage_Query }, (page) => (page?.me ? { ...page, me: { ...page.me, ownContributions } } : page));
    },
  });
