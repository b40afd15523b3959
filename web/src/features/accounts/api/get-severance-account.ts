import { useQuery } from '@apollo/client/react';
import { graphql } from '../../../gql';

/**
 * The Vorsorgekasse account-information page's one query. `$stichtag` selects each account's statement; omitted, the
 * newest one is shown.
 */
export const SeveranceAccountPage_Query = graphql(`
  query SeveranceAccountPage_Query($stichtag: Date) {
    me {
      id
      severanceAccounts {
        id
        ...SeveranceAccountPanel_SeveranceAccountFragment
      }
    }
  }
`);

export function useSeveranceAccount(stichtag: string | undefined, skip: boolean) {
  return useQuery(SeveranceAccountPage_Query, { variables: { stichtag: stichtag ?? null }, skip });
}
