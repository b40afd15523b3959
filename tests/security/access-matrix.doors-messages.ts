import { graphql } from '../gql';
// The message detail as the web's inbox reads it: every field of the message and its attachments.
import { MessageDetail_Query as MESSAGE } from '../../web/src/features/messages/api/inbox';
// The documents list and marking one read, each with the whole document, as the documents suites send them.
import { DOCUMENTS, MARK_READ as MARK_DOCUMENT } from '../api/documents-helpers';
import { cursor, hexWalk, intWalk, operationRequest, type Door } from './access-matrix.kit';

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
          ...InboxMessageFields
        }
      }
      error {
        ...ErrorFields
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
        ...ErrorFields
      }
    }
  }
`);

/** Doors of documents, messages, attachments and uploads, GraphQL, REST and downloads. */
export const INBOX_DOORS: Door[] = [
  {
    name: 'Mutation.markDocumentRead(input.id)',
    covers: ['Mutation.markDocumentRead', 'MarkDocumentReadInput.id'],
    idsOf: (m) => m.documentIds.map(String),
    walk: intWalk,
    missing: '987654321',
    ownedBy: (m, v) => m.documentIds.includes(Number(v)),
    compare: 'identical',
    request: (id) => operationRequest(MARK_DOCUMENT, { id }),
    withoutSession: { code: 'UNAUTHENTICATED' },
  },
  {
    name: 'GET /webportal/download?id=',
    covers: ['download:id'],
    idsOf: (m) => m.documentIds.map(String),
    walk: intWalk,
    missing: '987654321',
    ownedBy: (m, v) => m.documentIds.includes(Number(v)),
    compare: 'identical',
    request: (id) => ({ kind: 'download', path: `/webportal/download?id=${encodeURIComponent(id)}&lng=de` }),
    withoutSession: { status: 406 },
  },
  {
    name: 'Person.message(id)',
    covers: ['Person.message(id:)'],
    idsOf: (m) => m.messageIds.map(String),
    walk: intWalk,
    missing: '987654321',
    ownedBy: (m, v) => m.messageIds.includes(Number(v)),
    compare: 'identical',
    request: (id) => operationRequest(MESSAGE, { id }),
    withoutSession: { code: 'UNAUTHENTICATED' },
  },
  {
    name: 'Mutation.markMessageRead(input.id)',
    covers: ['Mutation.markMessageRead', 'MarkMessageReadInput.id'],
    idsOf: (m) => m.messageIds.map(String),
    walk: intWalk,
    missing: '987654321',
    ownedBy: (m, v) => m.messageIds.includes(Number(v)),
    compare: 'identical',
    request: (id) => operationRequest(MARK_MESSAGE, { id }),
    withoutSession: { code: 'UNAUTHENTICATED' },
  },
  {
    name: 'Mutation.sendMessage(input.attachmentIds)',
    covers: ['Mutation.sendMessage', 'SendMessageInput.attachmentIds'],
    idsOf: (m) => m.uploadIds,
    walk: hexWalk,
    missing: 'f'.repeat(32),
    // An own upload would be sent (a write); the matrix only asks with other members' and missing ids.
    ownedBy: (m, v) => m.uploadIds.includes(v),
    compare: 'identical',
    request: (id) => operationRequest(SEND, { ids: [id] }),
    withoutSession: { code: 'UNAUTHENTICATED' },
  },
  {
    name: 'rest/getMessage (id)',
    covers: ['rest:getMessage', 'rest:getMessage.id'],
    idsOf: (m) => m.messageIds.map(String),
    walk: intWalk,
    missing: '987654321',
    ownedBy: (m, v) => m.messageIds.includes(Number(v)),
    compare: 'identical',
    request: (id) => ({ kind: 'rest', method: 'getMessage', json: { id } }),
    withoutSession: { status: 406 },
  },
  {
    name: 'rest/markMessageRead (id)',
    covers: ['rest:markMessageRead', 'rest:markMessageRead.id'],
    idsOf: (m) => m.messageIds.map(String),
    walk: intWalk,
    missing: '987654321',
    ownedBy: (m, v) => m.messageIds.includes(Number(v)),
    compare: 'identical',
    request: (id) => ({ kind: 'rest', method: 'markMessageRead', json: { id } }),
    withoutSession: { status: 406 },
  },
  {
    name: 'rest/sendMessage (attachmentIds)',
    covers: ['rest:sendMessage', 'rest:sendMessage.attachmentIds'],
    idsOf: (m) => m.uploadIds,
    walk: hexWalk,
    missing: 'f'.repeat(32),
    ownedBy: (m, v) => m.uploadIds.includes(v),
    compare: 'identical',
    request: (id) => ({ kind: 'rest', method: 'sendMessage', json: { recipient: 'SEVERANCE_FUND', subject: 'Matrix', body: 'Matrix', attachmentIds: [id] } }),
    withoutSession: { status: 406 },
  },
  {
    name: 'GET /webportal/download?attachment=',
    covers: ['download:attachment'],
    idsOf: (m) => m.attachmentIds.map(String),
    walk: intWalk,
    missing: '987654321',
    ownedBy: (m, v) => m.attachmentIds.includes(Number(v)),
    compare: 'identical',
    request: (id) => ({ kind: 'download', path: `/webportal/download?attachment=${encodeURIComponent(id)}&lng=de` }),
    withoutSession: { status: 406 },
  },
  {
    name: 'GET /webportal/download?upload=',
    covers: ['download:upload'],
    idsOf: (m) => m.uploadIds,
    walk: hexWalk,
    missing: 'f'.repeat(32),
    ownedBy: (m, v) => m.uploadIds.includes(v),
    compare: 'identical',
    request: (id) => ({ kind: 'download', path: `/webportal/download?upload=${encodeURIComponent(id)}&lng=de` }),
    withoutSession: { status: 406 },
  },
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
