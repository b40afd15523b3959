import { useMutation, useQuery } from '@apollo/client/react';
import type { MessageFolder } from '@contract/messages';
import { graphql } from '../../../gql';

export const InboxList_Query = graphql(`
  query InboxList_Query($folder: MessageFolder!, $page: Int, $pageSize: Int, $search: String) {
    me {
      id
      unreadMessageCount
      messages(folder: $folder, page: $page, pageSize: $pageSize, search: $search) {
        ...MessageList_MessagePageFragment
      }
    }
  }
`);

/**
 * One page of a folder as the list shows it (spec 001 section 2): the counts and paging, and its messages as rows.
 * The API suites spread it too (decision 0067).
 */
graphql(`
  fragment MessageList_MessagePageFragment on MessagePage {
    totalCount
    unreadCount
    page
    pageSize
    pageCount
    nodes {
      ...MessageList_MessageFragment
    }
  }
`);

/**
 * A message as a row of the list shows it: counterpart, subject, time, unread mark and whether it has attachments.
 * Sending answers it, so the sent message is cached as its row.
 */
graphql(`
  fragment MessageList_MessageFragment on Message {
    id
    folder
    counterpart
    subject
    sentAt
    unread
    attachments {
      id
    }
  }
`);

/** One page of a folder (newest first), with the member's unread count. */
export function useInboxList(variables: { folder: MessageFolder; page: number; pageSize: number; search: string | null }) {
  return useQuery(InboxList_Query, { variables, fetchPolicy: 'cache-and-network' });
}

export const InboxNav_Query = graphql(`
  query InboxNav_Query {
    me {
      id
      supervisoryBoardSeats {
        fund
      }
      pensionContracts {
        id
      }
      severanceAccounts {
        id
      }
    }
  }
`);

/**
 * Which tabs of the inbox apply (decision 0026): `board` for a supervisory-board member, `member` for everyone else
 * and for a board member who also has a contract or account (spec 001 section 1). Null while loading.
 */
export function useInboxTabs(): { member: boolean; board: boolean } | null {
  const { data } = useQuery(InboxNav_Query);
  const me = data?.me;
  if (!me) return null;
  const board = me.supervisoryBoardSeats.length > 0;
  const hasContract = me.pensionContracts.length > 0 || me.severanceAccounts.length > 0;
  return { board, member: !board || hasContract };
}

export const MessageDetail_Query = graphql(`
  query MessageDetail_Query($id: ID!) {
    me {
      id
      message(id: $id) {
        ...MessageDetail_MessageFragment
      }
    }
  }
`);

/**
 * A message as its detail shows it (spec 001 section 2): the text, its origin, when it was sent and read, and the
 * attachments with their download links. The API suites spread it for every message they read whole (decision 0067).
 */
graphql(`
  fragment MessageDetail_MessageFragment on Message {
    id
    folder
    counterpart
    subject
    body
    origin
    sentAt
    unread
    readAt
    attachments {
      id
      fileName
      contentType
      size
      downloadUrl
    }
  }
`);

export function useMessageDetail(id: string) {
  return useQuery(MessageDetail_Query, { variables: { id } });
}

export const MessageDetail_MarkReadMutation = graphql(`
  mutation MessageDetail_MarkRead($input: MarkMessageReadInput!) {
    markMessageRead(input: $input) {
      ok {
        unreadMessageCount
        unreadBoardMessageCount
        message {
          id
          unread
          readAt
        }
      }
      error {
        code
        message
      }
    }
  }
`);

/** Marks a received or board message read; the unread counts in the cache (dashboard, lists) follow. */
export function useMarkMessageRead(personId: string | undefined) {
  return useMutation(MessageDetail_MarkReadMutation, {
    update(cache, { data }) {
      const ok = data?.markMessageRead.ok;
      if (!ok || personId === undefined) return;
      const id = cache.identify({ __typename: 'Person', id: personId });
      if (id) cache.modify({ id, fields: { unreadMessageCount: () => ok.unreadMessageCount, unreadBoardMessageCount: () => ok.unreadBoardMessageCount } });
    },
  });
}

export const NewMessage_RecipientsQuery = graphql(`
  query NewMessage_Recipients {
    me {
      id
      messageRecipients
    }
  }
`);

export function useMessageRecipients() {
  return useQuery(NewMessage_RecipientsQuery);
}

export const NewMessage_SendMutation = graphql(`
  mutation NewMessage_Send($input: SendMessageInput!) {
    sendMessage(input: $input) {
      ok {
        message {
          ...MessageList_MessageFragment
        }
      }
      error {
        ...MutationError
      }
    }
  }
`);

/** Sends a message; the sent folder is fetched again so the new message shows at once. */
export function useSendMessage() {
  return useMutation(NewMessage_SendMutation, { refetchQueries: ['InboxList_Query'] });
}
