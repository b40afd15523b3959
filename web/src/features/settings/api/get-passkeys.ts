import { useQuery } from '@apollo/client/react';
import { graphql } from '../../../gql';

export const PasskeySection_Query = graphql(`
  query PasskeySection_Query {
    passkeys {
      id
      name
      createdAt
      lastUsedAt
    }
  }
`);

/** The member's passkeys (docs/decisions/0047-passkeys.md), oldest first. */
export function usePasskeys() {
  return useQuery(PasskeySection_Query);
}
