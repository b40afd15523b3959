import { graphql } from '../gql';

/**
 * The inbox's reads the API suites share (spec 001 sections 2 and 3): a folder of messages, the received messages
 * a request leaves behind, and the archived confirmations of a request. A folder's page is read as the web's list
 * reads it and each message as the web's detail shows it (web/src/features/messages/api/inbox.ts; decision 0067), a
 * document whole (tests/helpers/fragments.ts).
 */

/**
 * One page of a folder (`RECEIVED`, `SENT` or `BOARD`; decision 0026) with the member's unread counts and the
 * recipients a new message may go to; `search` and `unreadOnly` filter, `page` and `pageSize` page (10, 25 or 50).
 */
export const INBOX_LIST = graphql(`
  query InboxList($folder: MessageFolder!, $page: Int, $pageSize: Int, $search: String, $unreadOnly: Boolean) {
    me {
      unreadMessageCount
      unreadBoardMessageCount
      messageRecipients
      messages(folder: $folder, page: $page, pageSize: $pageSize, search: $search, unreadOnly: $unreadOnly) {
        ...MessageList_MessagePageFragment
        nodes {
          ...MessageDetail_MessageFragment
        }
      }
    }
  }
`);

/** The first page of received messages, where a request's confirmation arrives (decisions 0015 and 0023). */
export const RECEIVED_MESSAGES = graphql(`
  query ReceivedMessages {
    me {
      messages(folder: RECEIVED) {
        nodes {
          ...MessageDetail_MessageFragment
        }
      }
    }
  }
`);

/** The archived confirmations of a claim or merge request (`CLAIM_CONFIRMATION` documents), with their counts. */
export const CLAIM_CONFIRMATIONS = graphql(`
  query ClaimConfirmations {
    me {
      documents(category: CLAIM_CONFIRMATION) {
        totalCount
        unreadCount
        nodes {
          ...DocumentFields
        }
      }
    }
  }
`);
