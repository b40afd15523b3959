import { useTranslation } from 'react-i18next';
import { formatLocalDateTime } from '@contract/format';
import { graphql } from './gql';
import { DataTable, ListState, MoreButton, useConnection, type Column } from './workbench-table';

const EventsQuery = graphql(`
  query BackofficeEvents($after: String) {
    events(first: 50, after: $after) {
      edges {
        cursor
        node {
          id
          type
          occurredAt
          personId
          subjectId
          actor
        }
      }
      pageInfo {
        ...NextPageFields
      }
    }
  }
`);

/**
 * The fund's event feed (decision 0053) as a table, oldest first, 50 at a time: what members, the fund and connected
 * systems changed. Every staff role but ADMIN holds `events:read` (server/fund/staff/roles.ts); a refused read
 * shows the catalogue's text.
 */
export function EventsScreen() {
  const { t } = useTranslation();
  const list = useConnection(EventsQuery, 'events', { after: null });
  const edges = list.edges;
  const forbidden = list.error?.message.includes('scope') || list.error?.message.includes('FORBIDDEN');
  const columns: Column<(typeof edges)[number]['node']>[] = [
    { header: t('backoffice.events.occurredAt'), cell: (node) => formatLocalDateTime(node.occurredAt) },
    { header: t('backoffice.events.type'), cell: (node) => node.type },
    { header: t('backoffice.events.personId'), cell: (node) => node.personId ?? '–' },
    { header: t('backoffice.events.subjectId'), cell: (node) => node.subjectId ?? '–' },
    { header: t('backoffice.events.actor'), cell: (node) => node.actor },
  ];
  return (
    <>
      <h1>{t('backoffice.events.heading')}</h1>
      <p>{t('backoffice.events.intro')}</p>
      <ListState
        failed={list.error ? (forbidden ? t('backoffice.events.forbidden') : t('backoffice.error.load')) : null}
        loading={list.loading}
        loaded={Boolean(list.data)}
        rows={edges.length}
        empty={t('backoffice.events.empty')}
      />
      <DataTable caption={t('backoffice.events.caption')} columns={columns} rows={edges.map(({ node }) => node)} rowKey={(node) => node.id} />
      <MoreButton hasMore={list.hasMore} loading={list.loading} onMore={list.more} label={t('backoffice.events.more')} />
    </>
  );
}
