import { useQuery } from '@apollo/client/react';
import { graphql } from '../../../gql';

/**
 * /veranlagung/pensionskasse: the one query of the overview. Every Pensionskasse contract of the member with the
 * investment information of its VRG (the page shows each VRG once, with the contracts that belong to it).
 */
export const PensionInvestmentPage_Query = graphql(`
  query PensionInvestmentPage_Query {
    me {
      id
      pensionContracts {
        id
        contractNumber
        vrg
        investment {
          vrg
          ...VrgInvestmentPanel_VrgInvestmentFragment
        }
      }
    }
  }
`);

export function usePensionInvestment(skip: boolean) {
  return useQuery(PensionInvestmentPage_Query, { skip });
}
