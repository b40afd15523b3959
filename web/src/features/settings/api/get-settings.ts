import { useQuery } from '@apollo/client/react';
import { graphql } from '../../../gql';

/**
 * The settings screen's one query, composed of the fragments of its sections: the person's stored values, the
 * change log and the data-retention facts shown before deleting the access.
 */
export const SettingsPage_Query = graphql(`
  query SettingsPage_Query {
    clientConfig {
      tenant
    }
    me {
      id
      svnr
      ...EmailSection_PersonFragment
      ...AddressSection_PersonFragment
      ...PhoneSection_PersonFragment
      ...BankDetailsSection_PersonFragment
      ...ConsentSection_PersonFragment
      ...ChangeHistorySection_PersonFragment
    }
    retentionFacts {
      ...DeleteAccessSection_RetentionFactsFragment
    }
  }
`);

export function useSettings() {
  return useQuery(SettingsPage_Query, { fetchPolicy: 'cache-and-network' });
}
