import { useQuery } from '@apollo/client/react';
import { graphql } from '../../../gql';

/** /veranlagung/vorsorgekasse: the one query of the Vorsorgekasse's investment information. */
export const SeveranceInvestmentPage_Query = graphql(`
  query SeveranceInvestmentPage_Query {
    severanceFundInvestment {
      ...SeveranceFundPanel_SeveranceFundInvestmentFragment
    }
  }
`);

export function useSeveranceInvestment() {
  return useQuery(SeveranceInvestmentPage_Query);
}
