import { graphql } from '../gql';
// The message detail as the web's inbox reads it: every field of the message and its attachments.
import { MessageDetail_Query as MESSAGE } from '../../web/src/features/messages/api/inbox';
// The documents list and marking one read, each with the whole document, as the documents suites send them.
import { DOCUMENTS, MARK_READ as MARK_DOCUMENT } from '../api/documents-helpers';
import { cursor, intWalk, objectDoor, operationRequest, type Door } from './access-matrix.kit';

/**
 * The access matrix's doors of the inbox (part of MATRIX_DOORS, tests/security/access-matrix.registry.ts): documents
 * and their downloads, the documents' paging cursor, messages and attachments, and uploads.
 */

const MARK_MESSAGE = graphql(`
  mutation Matrix_MarkMessage($id: ID!) {
    markMessageRead(input: { id: $id }) {
      ok {
        unreadMessageCount
        message {
          ...MessageDetail_MessageFragment
        }
      }
      error {
        ...MutationError
      }
    }
  }
`);
const SEND = graphql(`
  mutation Matrix_Send($ids: [ID!]) {
    sendMessage(input: { recipient: SEVERANCE_FUND, subject: "Matrix", body: "Matrix", attachmentIds: $ids }) {
      ok {
        message {
          id
        }
      }
      error {
        ...MutationError
      }
    }
  }
`);

/** Doors of documents, messages, attachments and uploads, GraphQL, REST and downloads. */
export const INBOX_DOORS: Door[] = [
  objectDoor(
    'Mutation.markDocumentRead(input.id)',
    ['Mutation.markDocumentRead', 'MarkDocumentReadInput.id'],
    'int',
    (m) => m.documentIds,
    (id) => operationRequest(MARK_DOCUMENT, { id }),
  ),
  objectDoor(
    'GET /webportal/download?id=',
    ['download:id'],
    'int',
    (m) => m.documentIds,
    (id) => ({
      kind: 'download',
      path: `/webportal/download?id=${encodeURIComponent(id)}&lng=de`,
    }),
  ),
  objectDoor(
    'Person.message(id)',
    ['Person.message(id:)'],
    'int',
    (m) => m.messageIds,
    (id) => operationRequest(MESSAGE, { id }),
  ),
  objectDoor(
    'Mutation.markMessageRead(input.id)',
    ['Mutation.markMessageRead', 'MarkMessageReadInput.id'],
    'int',
    (m) => m.messageIds,
    (id) => operationRequest(MARK_MESSAGE, { id }),
  ),
  // An own upload would be sent (a write); the matrix only asks with other members' and missing ids.
  objectDoor(
    'Mutation.sendMessage(input.attachmentIds)',
    ['Mutation.sendMessage', 'SendMessageInput.attachmentIds'],
    'hex',
    (m) => m.uploadIds,
    (id) => operationRequest(SEND, { ids: [id] }),
  ),
  objectDoor(
    'rest/getMessage (id)',
    ['rest:getMessage', 'rest:getMessage.id'],
    'int',
    (m) => m.messageIds,
    (id) => ({ kind: 'rest', method: 'getMessage', json: { id } }),
  ),
  objectDoor(
    'rest/markMessageRead (id)',
    ['rest:markMessageRead', 'rest:markMessageRead.id'],
    'int',
    (m) => m.messageIds,
    (id) => ({
      kind: 'rest',
      method: 'markMessageRead',
      json: { id },
    }),
  ),
  objectDoor(
    'rest/sendMessage (attachmentIds)',
    ['rest:sendMessage', 'rest:sendMessage.attachmentIds'],
    'hex',
    (m) => m.uploadIds,
    (id) => ({
      kind: 'rest',
      method: 'sendMessage',
      json: { recipient: 'SEVERANCE_FUND', subject: 'Matrix', body: 'Matrix', attachmentIds: [id] },
    }),
  ),
  objectDoor(
    'GET /webportal/download?attachment=',
    ['download:attachment'],
    'int',
    (m) => m.attachmentIds,
    (id) => ({
      kind: 'download',
      path: `/webportal/download?attachment=${encodeURIComponent(id)}&lng=de`,
    }),
  ),
  objectDoor(
    'GET /webportal/download?upload=',
    ['download:upload'],
    'hex',
    (m) => m.uploadIds,
    (id) => ({
      kind: 'download',
      path: `/webportal/download?upload=${encodeURIComponent(id)}&lng=de`,
    }),
  ),
  {
    name: 'Person.documents(after: cursor)',
    covers: ['Person.documents(after:)'],
    idsOf: (m) => m.documentIds.map((id) => cursor(m.documentDates.get(id)!, String(id))),
    walk: (v) => {
      const [, date, id] = Buffer.from(v, 'base64url').toString('utf8').split(':');
      return intWalk(id!).map((x) => cursor(date!, x));
    },
    missing: cursor('1901-12-31', '987654321'),
    ownedBy: () => false,
    compare: 'secretsOnly',
    request: (after) => operationRequest(DOCUMENTS, { after }),
    withoutSession: { code: 'UNAUTHENTICATED' },
  },
];
