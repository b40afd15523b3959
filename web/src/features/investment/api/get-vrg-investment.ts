import { useQuery } from '@apollo/client/react';
import { graphql } from '../../../gql';

/**
 * /veranlagung/pensionskasse/vrg{vrg}: the one query of a VRG's page. `vrgInvestment` is null for a VRG the member has
 * no contract in and for an unknown one alike; the page shows the same message for both.
 */
export const VrgInvestmentPage_Query = graphql(`
  query VrgInvestmentPage_Query($vrg: Int!) {
    vrgInvestment(vrg: $vrg) {
      vrg
      ...VrgInvestmentPanel_VrgInvestmentFragment
    }
  }
`);

export function useVrgInvestment(vrg: number | undefined) {
  return useQuery(VrgInvestmentPage_Query, { variables: { vrg: vrg ?? 0 }, skip: vrg === undefined });
}
