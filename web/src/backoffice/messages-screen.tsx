import { useId, useState } from 'react';
import { useQuery } from '@apollo/client/react';
import { useTranslation } from 'react-i18next';
import { formatLocalDateTime } from '@contract/format';
import { LoadingState } from '../components/ui/loading-state';
import { Notice } from '../components/ui/notice';
import { graphql } from './gql';
import type { InboxMessageStatus } from './gql/graphql';
import { MessageThread } from './message-thread';

const MessagesQuery = graphql(`
  query BackofficeMessages($status: [InboxMessageStatus!], $after: String) {
    messages(status: $status, first: 100, after: $after) {
      edges {
        cursor
        node {
          id
          member {
            ...QueueMemberFields
          }
          customerDesignation
          mailbox
          counterpart
          subject
          text
          sentAt
          status
          answeredAt
          attachments {
            ...QueueFileFields
          }
          assignee {
            name
          }
        }
      }
      pageInfo {
        ...NextPageFields
      }
    }
  }
`);

/** The unanswered messages, counted for the screen's heading (up to the API's largest page). */
const OpenCountQuery = graphql(`
  query BackofficeOpenMessages {
    messages(status: [OPEN], first: 200) {
      edges {
        node {
          id
        }
      }
      pageInfo {
        hasNextPage
      }
    }
  }
`);

type Filter = InboxMessageStatus | '';

/**
 * The messages queue of the workbench (spec 001 sections 3 and 5; decisions 0054, 0055): what members sent to the
 * fund, oldest first (the API's order, so they are answered in order of arrival), 100 at a time, filtered by status
 * (unanswered by default), with the count of unanswered ones. The member's name opens the message as its thread,
 * where it is answered with text and attachments.
 */
export function MessagesScreen({ canAnswer }: { canAnswer: boolean }) {
  const { t } = useTranslation();
  const filterId = useId();
  const [status, setStatus] = useState<Filter>('OPEN');
  const variables = { status: status === '' ? null : [status], after: null };
  const { data, loading, error, fetchMore } = useQuery(MessagesQuery, { variables, notifyOnNetworkStatusChange: true });
  const open = useQuery(OpenCountQuery);
  const edges = data?.messages.edges ?? [];
  const [openId, setOpenId] = useState<string | null>(null);
  const index = edges.findIndex(({ node }) => node.id === openId);
  const openCount = open.data ? open.data.messages.edges.length : null;
  return (
    <>
      <h1>{t('backoffice.messages.heading')}</h1>
      <p>{t('backoffice.messages.intro')}</p>
      {openCount !== null ? (
        <p className="backoffice-messages__open">
          <strong>
            {open.data?.messages.pageInfo.hasNextPage ? t('backoffice.messages.openMore', { count: openCount }) : t('backoffice.messages.open', { count: openCount })}
          </strong>
        </p>
      ) : null}
      <div className="field backoffice__filter">
        <label htmlFor={filterId} className="field__label">
          {t('backoffice.messages.filter')}
        </label>
        <select id={filterId} className="field__input" value={status} onChange={(event) => setStatus(event.target.value as Filter)}>
          <option value="OPEN">{t('backoffice.messages.statusName.OPEN')}</option>
          <option value="ANSWERED">{t('backoffice.messages.statusName.ANSWERED')}</option>
          <option value="">{t('backoffice.messages.all')}</option>
        </select>
      </div>
      {index >= 0 ? (
        <MessageThread
          key={edges[index]!.node.id}
          message={edges[index]!.node}
          // The edge before it: its cursor asks the API for exactly this message again, with the bytes of its files.
          listed={{ status: variables.status, after: index === 0 ? null : edges[index - 1]!.cursor }}
          canAnswer={canAnswer}
          onClose={() => setOpenId(null)}
        />
      ) : null}
      {error ? <Notice tone="error">{t('backoffice.error.load')}</Notice> : null}
      {!data && loading ? <LoadingState /> : null}
      {data ? (
        <p role="status">
          {t('backoffice.messages.count', { count: edges.length })}
          {data.messages.pageInfo.hasNextPage ? ' +' : ''}
        </p>
      ) : null}
      {data && edges.length === 0 ? <p>{t('backoffice.messages.empty')}</p> : null}
      {edges.length > 0 ? (
        <table className="backoffice-table">
          <caption className="visually-hidden">{t('backoffice.messages.caption')}</caption>
          <thead>
            <tr>
              <th scope="col">{t('backoffice.messages.sentAt')}</th>
              <th scope="col">{t('backoffice.messages.member')}</th>
              <th scope="col">{t('backoffice.messages.subject')}</th>
              <th scope="col">{t('backoffice.messages.to')}</th>
              <th scope="col">{t('backoffice.messages.attachments')}</th>
              <th scope="col">{t('backoffice.messages.status')}</th>
            </tr>
          </thead>
          <tbody>
            {edges.map(({ node }) => (
              <tr key={node.id}>
                <td className="backoffice-table__nowrap">{formatLocalDateTime(node.sentAt)}</td>
                <th scope="row">
                  <button type="button" className="backoffice-table__open" aria-expanded={openId === node.id} onClick={() => setOpenId(node.id)}>
                    {node.member.lastName} {node.member.firstName}
                  </button>
                </th>
                <td>{node.subject}</td>
                <td>{t(`backoffice.messages.counterpart.${node.counterpart}`)}</td>
                <td>{node.attachments.length}</td>
                <td>{node.status ? t(`backoffice.messages.statusName.${node.status}`) : '–'}</td>
              </tr>
            ))}
          </tbody>
        </table>
      ) : null}
      {data?.messages.pageInfo.hasNextPage ? (
        <button
          type="button"
          className="button button--secondary"
          disabled={loading}
          onClick={() =>
            void fetchMore({
              variables: { ...variables, after: data.messages.pageInfo.endCursor },
              updateQuery: (previous, { fetchMoreResult }) => ({
                ...fetchMoreResult,
                messages: { ...fetchMoreResult.messages, edges: [...previous.messages.edges, ...fetchMoreResult.messages.edges] },
              }),
            })
          }
        >
          {t('backoffice.messages.more')}
        </button>
      ) : null}
    </>
  );
}
