import { useApolloClient, useMutation } from '@apollo/client/react';
import { graphql } from '../../../gql';

export const DeleteAccessSection_DeleteAccessMutation = graphql(`
  mutation DeleteAccessSection_DeleteAccess($input: DeleteAccessInput!) {
    deleteAccess(input: $input) {
      ok {
        sessionsEnded
      }
      error {
        ...MutationError
      }
    }
  }
`);

/**
 * Deletes the portal access. On success the server has ended every session of the person, so every cached answer
 * is forgotten (spec 000 section 3: logging out clears personal data and the cache).
 */
export function useDeleteAccess() {
  const client = useApolloClient();
  const [mutate, state] = useMutation(DeleteAccessSection_DeleteAccessMutation);
  const deleteAccess = async (currentPassword: string) => {
    const result = await mutate({ variables: { input: { currentPassword, confirmed: true } } });
    if (result.data?.deleteAccess.ok) await client.clearStore();
    return result.data?.deleteAccess ?? null;
  };
  return [deleteAccess, state] as const;
}
