import { useQuery } from '@apollo/client/react';
import { useTranslation } from 'react-i18next';
import { formatLocalDateTime } from '@contract/format';
import { LoadingState } from '../components/ui/loading-state';
import { Notice } from '../components/ui/notice';
import { graphql } from './gql';

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
  const { data, loading, error, fetchMore } = useQuery(EventsQuery, { variables: { after: null }, notifyOnNetworkStatusChange: true });
  const edges = data?.events.edges ?? [];
  const forbidden = error?.message.includes('scope') || error?.message.includes('FORBIDDEN');
  return (
    <>
      <h1>{t('backoffice.events.heading')}</h1>
      <p>{t('backoffice.events.intro')}</p>
      {error ? <Notice tone="error">{forbidden ? t('backoffice.events.forbidden') : t('backoffice.error.load')}</Notice> : null}
      {!data && loading ? <LoadingState /> : null}
      {data && edges.length === 0 ? <p>{t('backoffice.events.empty')}</p> : null}
      {edges.length > 0 ? (
        <table className="backoffice-table">
          <caption className="visually-hidden">{t('backoffice.events.caption')}</caption>
          <thead>
            <tr>
              <th scope="col">{t('backoffice.events.occurredAt')}</th>
              <th scope="col">{t('backoffice.events.type')}</th>
              <th scope="col">{t('backoffice.events.personId')}</th>
              <th scope="col">{t('backoffice.events.subjectId')}</th>
              <th scope="col">{t('backoffice.events.actor')}</th>
            </tr>
          </thead>
          <tbody>
            {edges.map(({ node }) => (
              <tr key={node.id}>
                <td>{formatLocalDateTime(node.occurredAt)}</td>
                <td>{node.type}</td>
                <td>{node.personId ?? '–'}</td>
                <td>{node.subjectId ?? '–'}</td>
                <td>{node.actor}</td>
              </tr>
            ))}
          </tbody>
        </table>
      ) : null}
      {data?.events.pageInfo.hasNextPage ? (
        <button
          type="button"
          className="button button--secondary"
          disabled={loading}
          onClick={() =>
            void fetchMore({
              variables: { after: data.events.pageInfo.endCursor },
              updateQuery: (previous, { fetchMoreResult }) => ({
                ...fetchMoreResult,
                events: { ...fetchMoreResult.events, edges: [...previous.events.edges, ...fetchMoreResult.events.edges] },
              }),
            })
          }
        >
          {t('backoffice.events.more')}
        </button>
      ) : null}
    </>
  );
}
