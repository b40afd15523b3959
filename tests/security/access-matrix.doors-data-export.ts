import { graphql } from '../gql';
import { DEMO_PASSWORD } from '../helpers/client';
import { objectDoor, operationRequest, type Door } from './access-matrix.kit';

/**
 * The access matrix's doors of the data archive (part of MATRIX_DOORS, tests/security/access-matrix.registry.ts;
 * docs/decisions/0052-data-archive.md): the download unlock and the download route. Another member's archive id must
 * answer exactly as an id of nobody's.
 */
const UNLOCK = graphql(`
  mutation Matrix_UnlockDataExport($id: ID!, $password: String!) {
    unlockDataExportDownload(input: { id: $id, currentPassword: $password }) {
      ok {
        url
        validUntil
      }
      error {
        ...ErrorCodeFields
      }
    }
  }
`);

export const DATA_EXPORT_DOORS: Door[] = [
  objectDoor(
    'Mutation.unlockDataExportDownload(input.id)',
    ['Mutation.unlockDataExportDownload', 'UnlockDataExportDownloadInput.id'],
    'int',
    (m) => m.dataExportIds,
    (id) => operationRequest(UNLOCK, { id, password: DEMO_PASSWORD }),
  ),
  objectDoor(
    'GET /webportal/data-export?id=',
    ['data-export:id'],
    'int',
    (m) => m.dataExportIds,
    (id) => ({
      kind: 'download',
      path: `/webportal/data-export?id=${encodeURIComponent(id)}`,
    }),
  ),
];
