import { graphql } from '../gql';
import { DEMO_PASSWORD } from '../helpers/client';
import { intWalk, operationRequest, type Door } from './access-matrix.kit';

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
  {
    name: 'Mutation.unlockDataExportDownload(input.id)',
    covers: ['Mutation.unlockDataExportDownload', 'UnlockDataExportDownloadInput.id'],
    idsOf: (m) => m.dataExportIds.map(String),
    walk: intWalk,
    missing: '987654321',
    ownedBy: (m, v) => m.dataExportIds.includes(Number(v)),
    compare: 'identical',
    request: (id) => operationRequest(UNLOCK, { id, password: DEMO_PASSWORD }),
    withoutSession: { code: 'UNAUTHENTICATED' },
  },
  {
    name: 'GET /webportal/data-export?id=',
    covers: ['data-export:id'],
    idsOf: (m) => m.dataExportIds.map(String),
    walk: intWalk,
    missing: '987654321',
    ownedBy: (m, v) => m.dataExportIds.includes(Number(v)),
    compare: 'identical',
    request: (id) => ({ kind: 'download', path: `/webportal/data-export?id=${encodeURIComponent(id)}` }),
    withoutSession: { status: 406 },
  },
];
