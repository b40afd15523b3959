import { useState } from 'react';
import { useQuery } from '@apollo/client/react';
import { useTranslation } from 'react-i18next';
import { formatLocalDateTime } from '@contract/format';
import { graphql } from './gql';
import type { InboxMessageStatus } from './gql/graphql';
import { MessageThread } from './message-thread';
import { DataTable, FilterSelect, ListState, MoreButton, OpenButton, useConnection, type Column } from './workbench-table';

const MessagesQuery = graphql(`
  query BackofficeMessages($status: [InboxMessageStatus!], $after: String) {
    messages(status: $status, first: 100, after: $after) {
      edges {
        cursor
        node {
          ...MessageThread_InboxMessageFragment
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
  const [status, setStatus] = useState<Filter>('OPEN');
  const variables = { status: status === '' ? null : [status], after: null };
  const list = useConnection(MessagesQuery, 'messages', variables);
  const open = useQuery(OpenCountQuery);
  const edges = list.edges;
  const [openId, setOpenId] = useState<string | null>(null);
  const index = edges.findIndex(({ node }) => node.id === openId);
  const openCount = open.data ? open.data.messages.edges.length : null;
  const columns: Column<(typeof edges)[number]['node']>[] = [
    { header: t('backoffice.messages.sentAt'), className: 'backoffice-table__nowrap', cell: (node) => formatLocalDateTime(node.sentAt) },
    {
      header: t('backoffice.messages.member'),
      rowHeader: true,
      cell: (node) => (
        <OpenButton expanded={openId === node.id} onOpen={() => setOpenId(node.id)}>
          {node.member.lastName} {node.member.firstName}
        </OpenButton>
      ),
    },
    { header: t('backoffice.messages.subject'), cell: (node) => node.subject },
    { header: t('backoffice.messages.to'), cell: (node) => t(`backoffice.messages.counterpart.${node.counterpart}`) },
    { header: t('backoffice.messages.attachments'), cell: (node) => node.attachments.length },
    { header: t('backoffice.messages.status'), cell: (node) => (node.status ? t(`backoffice.messages.statusName.${node.status}`) : '–') },
  ];
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
      <FilterSelect
        label={t('backoffice.messages.filter')}
        value={status}
        onChange={(value) => setStatus(value as Filter)}
        options={[
          { value: 'OPEN', label: t('backoffice.messages.statusName.OPEN') },
          { value: 'ANSWERED', label: t('backoffice.messages.statusName.ANSWERED') },
          { value: '', label: t('backoffice.messages.all') },
        ]}
      />
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
      <ListState
        failed={list.error ? t('backoffice.error.load') : null}
        loading={list.loading}
        loaded={Boolean(list.data)}
        rows={edges.length}
        count={`${t('backoffice.messages.count', { count: edges.length })}${list.hasMore ? ' +' : ''}`}
        empty={t('backoffice.messages.empty')}
      />
      <DataTable caption={t('backoffice.messages.caption')} columns={columns} rows={edges.map(({ node }) => node)} rowKey={(node) => node.id} />
      <MoreButton hasMore={list.hasMore} loading={list.loading} onMore={list.more} label={t('backoffice.messages.more')} />
    </>
  );
}
