import { useQuery } from '@apollo/client/react';
import { graphql } from '../../gql';

/**
 * What the main navigation needs to follow the member's funds (spec 001 section 2): whether the member has
 * Pensionskasse contracts, Vorsorgekasse accounts and supervisory-board seats (the seats' funds only), and which
 * calculator the server offers (`access` NONE: no calculator entry). Run once per login by the member layout
 * (cache-first), so screens keep their one request each.
 */
export const MemberNavigation_Query = graphql(`
  query MemberNavigation_Query {
    me {
      id
      pensionContracts {
        id
      }
      severanceAccounts {
        id
      }
      supervisoryBoardSeats {
        fund
      }
    }
    pensionCalculator {
      access
    }
  }
`);

export function useMemberNavigation() {
  return useQuery(MemberNavigation_Query);
}
