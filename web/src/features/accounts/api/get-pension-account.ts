import { useQuery } from '@apollo/client/react';
import { graphql } from '../../../gql';

/**
 * The Pensionskasse account-information page's one query. `$stichtag` selects each contract's statement; omitted, the
 * newest one is shown.
 */
export const PensionAccountPage_Query = graphql(`
  query PensionAccountPage_Query($stichtag: Date) {
    me {
      id
      gender
      pensionContracts {
        id
        ...PensionContractPanel_PensionContractFragment
      }
    }
  }
`);

export function usePensionAccount(stichtag: string | undefined, skip: boolean) {
  return useQuery(PensionAccountPage_Query, { variables: { stichtag: stichtag ?? null }, skip });
}
