import { useMutation, useQuery } from '@apollo/client/react';
import { graphql } from '../../../gql';

/** The member's data archive as the section shows it (`DataExport` of server/modules/data-export/data-export.graphql). */
export const DataExportSectionFragment = graphql(`
  fragment DataExportSection_DataExportFragment on DataExport {
    id
    status
    requestedAt
    readyAt
    expiresAt
    byteSize
    downloadUrl
  }
`);

export const DataExportSection_Query = graphql(`
  query DataExportSection_Query {
    dataExport {
      ...DataExportSection_DataExportFragment
    }
  }
`);

export const DataExportSection_RequestMutation = graphql(`
  mutation DataExportSection_Request($input: RequestDataExportInput!) {
    requestDataExport(input: $input) {
      ok {
        ...DataExportSection_DataExportFragment
      }
      error {
        ...MutationError
      }
    }
  }
`);

export const DataExportSection_UnlockMutation = graphql(`
  mutation DataExportSection_Unlock($input: UnlockDataExportDownloadInput!) {
    unlockDataExportDownload(input: $input) {
      ok {
        url
        validUntil
      }
      error {
        ...MutationError
      }
    }
  }
`);

/** How often the section asks again while the archive is being prepared (ms). */
const PENDING_POLL_MS = 3000;

/**
 * The member's newest data archive (server/modules/data-export/data-export.graphql), asked again every few seconds while it is PENDING so
 * the section shows "ready" without a reload once the background job has written it.
 */
export function useDataExport() {
  const answer = useQuery(DataExportSection_Query, { fetchPolicy: 'cache-and-network' });
  const pending = answer.data?.dataExport?.status === 'PENDING';
  const { startPolling, stopPolling } = answer;
  return { ...answer, pending, startPolling, stopPolling, pollMs: PENDING_POLL_MS };
}

/** Asks for a new archive with the password; the answer replaces the section's cached state. */
export function useRequestDataExport() {
  const [mutate, state] = useMutation(DataExportSection_RequestMutation, { refetchQueries: [DataExportSection_Query] });
  const request = async (currentPassword: string) => (await mutate({ variables: { input: { currentPassword } } })).data?.requestDataExport ?? null;
  return [request, state] as const;
}

/** Unlocks the download of archive `id` for this session with the password (5 minutes). */
export function useUnlockDataExport() {
  const [mutate, state] = useMutation(DataExportSection_UnlockMutation);
  const unlock = async (id: string, currentPassword: string) => (await mutate({ variables: { input: { id, currentPassword } } })).data?.unlockDataExportDownload ?? null;
  return [unlock, state] as const;
}
