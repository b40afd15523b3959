import { useQuery } from '@apollo/client/react';
import { graphql } from '../../../gql';

export const PwdResetPage_LinkStatusQuery = graphql(`
  query PwdResetPage_LinkStatus($token: String!) {
    passwordResetLinkStatus(token: $token)
  }
`);

/** Whether the reset link is still usable (valid 24 hours, single use), checked before the form shows. */
export function usePasswordResetLinkStatus(token: string | null) {
  return useQuery(PwdResetPage_LinkStatusQuery, {
    variables: { token: token ?? '' },
    skip: !token,
    fetchPolicy: 'network-only',
  });
}
