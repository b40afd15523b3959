import { useMutation, useQuery } from '@apollo/client/react';
import type { MessageFolder } from '@contract/inbox';
import { graphql } from '../../../gql';

export const InboxList_Query = graphql(`
  query InboxList_Query($folder: MessageFolder!, $page: Int, $pageSize: Int, $search: String) {
    me {
      id
      unreadMessageCount
      messages(folder: $folder, page: $page, pageSize: $pageSize, search: $search) {
        totalCount
        unreadCount
        page
        pageSize
        pageCount
        nodes {
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
      }
    }
  }
`);

/** One page of a folder (newest first), with the member's unread count. */
export function useInboxList(variables: { folder: MessageFolder; page: number; pageSize: number; search: string | null }) {
  return useQuery(InboxList_Query, { variables, fetchPolicy: 'cache-and-network' });
}

export const MessageDetail_Query = graphql(`
  query MessageDetail_Query($id: ID!) {
    me {
      id
      message(id: $id) {
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

/** Marks a received message read; the member's `unreadMessageCount` in the cache (dashboard, lists) follows. */
export function useMarkMessageRead(personId: string | undefined) {
  return useMutation(MessageDetail_MarkReadMutation, {
    update(cache, { data }) {
      const ok = data?.markMessageRead.ok;
      if (!ok || personId === undefined) return;
      const id = cache.identify({ __typename: 'Person', id: personId });
      if (id) cache.modify({ id, fields: { unreadMessageCount: () => ok.unreadMessageCount } });
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
          id
          folder
        }
      }
      error {
        code
        message
        fieldErrors {
          field
          code
          message
        }
      }
    }
  }
`);

/** Sends a message; the sent folder is fetched again so the new message shows at once. */
export function useSendMessage() {
  return useMutation(NewMessage_SendMutation, { refetchQueries: ['InboxList_Query'] });
}
