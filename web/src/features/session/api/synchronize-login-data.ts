import { useMutation } from '@apollo/client/react';
import { graphql } from '../../../gql';

export const DataSyncDialog_SynchronizeMutation = graphql(`
  mutation DataSyncDialog_Synchronize {
    synchronizeLoginData {
      ok {
        status
      }
      error {
        ...MutationError
      }
    }
  }
`);

/** Merges the Pensionskasse and Vorsorgekasse logins at the first login; answers the next login status. */
export function useSynchronizeLoginData() {
  return useMutation(DataSyncDialog_SynchronizeMutation);
}
