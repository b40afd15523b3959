import { useId, useState, type FormEvent } from 'react';
import { useQuery } from '@apollo/client/react';
import { useTranslation } from 'react-i18next';
import { formatLocalDateTime } from '@contract/format';
import { LoadingState } from '../components/ui/loading-state';
import { Notice } from '../components/ui/notice';
import { graphql } from './gql';
import './staff-admin.css';

const AuditQuery = graphql(`
  query BackofficeStaffAudit($personId: Int, $staffId: Int, $after: String) {
    staffAudit(personId: $personId, staffId: $staffId, first: 200, after: $after) {
      edges {
        node {
          id
          at
          staffId
          staffName
          personId
          memberName
          kind
          what
          target
          before
        }
      }
      pageInfo {
        ...NextPageFields
      }
    }
  }
`);

/** A number typed into a filter field, or null when empty or not a whole number. */
const idOf = (text: string): number | null => (/^\d{1,9}$/.test(text.trim()) ? Number(text.trim()) : null);

/** One CSV field (RFC 4180): quoted, inner quotes doubled. */
const csvField = (value: string | number | null): string => `"${String(value ?? '').replace(/"/g, '""')}"`;

/**
 * The auditor's view of the staff audit trail (decision 0054; `staffAudit`, AUDITOR only): per member and/or per staff
 * person, oldest first, 200 at a time, staff and members by name (decision 0059); the rows shown download as CSV (RFC
 * 4180, built in the browser) with the names and the state before. No change buttons: the trail is read-only.
 */
export function AuditScreen() {
  const { t } = useTranslation();
  const personFieldId = useId();
  const staffFieldId = useId();
  const [filter, setFilter] = useState({ personId: '', staffId: '' });
  const [applied, setApplied] = useState<{ personId: number | null; staffId: number | null }>({ personId: null, staffId: null });
  const variables = { ...applied, after: null };
  const { data, loading, error, fetchMore } = useQuery(AuditQuery, { variables, notifyOnNetworkStatusChange: true });
  const edges = data?.staffAudit.edges ?? [];

  const apply = (event: FormEvent) => {
    event.preventDefault();
    setApplied({ personId: idOf(filter.personId), staffId: idOf(filter.staffId) });
  };
  const csvHref = () => {
    const header = ['id', 'at', 'staffId', 'staffName', 'personId', 'memberName', 'kind', 'what', 'target', 'before'].map(csvField).join(',');
    const lines = edges.map(({ node }) =>
      [node.id, node.at, node.staffId, node.staffName, node.personId ?? null, node.memberName ?? null, node.kind, node.what, node.target ?? null, node.before ?? null]
        .map(csvField)
        .join(','),
    );
    return `data:text/csv;charset=utf-8,${encodeURIComponent([header, ...lines].join('\r\n') + '\r\n')}`;
  };

  return (
    <>
      <h1>{t('backoffice.audit.heading')}</h1>
      <p>{t('backoffice.audit.intro')}</p>
      <form className="backoffice-audit__filter" onSubmit={apply}>
        <div className="field">
          <label htmlFor={personFieldId} className="field__label">
            {t('backoffice.audit.personId')}
          </label>
          <input
            id={personFieldId}
            className="field__input field__input--narrow"
            inputMode="numeric"
            value={filter.personId}
            onChange={(event) => setFilter({ ...filter, personId: event.target.value })}
          />
        </div>
        <div className="field">
          <label htmlFor={staffFieldId} className="field__label">
            {t('backoffice.audit.staffId')}
          </label>
          <input
            id={staffFieldId}
            className="field__input field__input--narrow"
            inputMode="numeric"
            value={filter.staffId}
            onChange={(event) => setFilter({ ...filter, staffId: event.target.value })}
          />
        </div>
        <button type="submit" className="button button--primary">
          {t('backoffice.audit.show')}
        </button>
      </form>
      {error ? <Notice tone="error">{t('backoffice.error.load')}</Notice> : null}
      {!data && loading ? <LoadingState /> : null}
      {data && edges.length === 0 ? <p>{t('backoffice.audit.empty')}</p> : null}
      {edges.length > 0 ? (
        <>
          <a className="button button--secondary" href={csvHref()} download="protokoll.csv">
            {t('backoffice.audit.csv')}
          </a>
          <table className="backoffice-table">
            <caption className="visually-hidden">{t('backoffice.audit.caption')}</caption>
            <thead>
              <tr>
                <th scope="col">{t('backoffice.audit.at')}</th>
                <th scope="col">{t('backoffice.auditNames.staff')}</th>
                <th scope="col">{t('backoffice.auditNames.member')}</th>
                <th scope="col">{t('backoffice.audit.kind')}</th>
                <th scope="col">{t('backoffice.audit.what')}</th>
                <th scope="col">{t('backoffice.audit.target')}</th>
                <th scope="col">{t('backoffice.auditNames.before')}</th>
              </tr>
            </thead>
            <tbody>
              {edges.map(({ node }) => (
                <tr key={node.id}>
                  <td className="backoffice-table__nowrap">{formatLocalDateTime(node.at)}</td>
                  <td>
                    {node.staffName} <span className="backoffice-table__muted">(#{node.staffId})</span>
                  </td>
                  <td>
                    {node.personId === null || node.personId === undefined ? (
                      '–'
                    ) : (
                      <>
                        {node.memberName ?? '–'} <span className="backoffice-table__muted">(#{node.personId})</span>
                      </>
                    )}
                  </td>
                  <td>{t(`backoffice.audit.kindName.${node.kind === 'ACTION' ? 'ACTION' : 'READ'}`)}</td>
                  <td>{node.what}</td>
                  <td>{node.target ?? '–'}</td>
                  <td className="backoffice-audit__before">{node.before && node.before !== 'null' ? node.before : '–'}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </>
      ) : null}
      {data?.staffAudit.pageInfo.hasNextPage ? (
        <button
          type="button"
          className="button button--secondary"
          disabled={loading}
          onClick={() =>
            void fetchMore({
              variables: { ...variables, after: data.staffAudit.pageInfo.endCursor },
              updateQuery: (previous, { fetchMoreResult }) => ({
                ...fetchMoreResult,
                staffAudit: { ...fetchMoreResult.staffAudit, edges: [...previous.staffAudit.edges, ...fetchMoreResult.staffAudit.edges] },
              }),
            })
          }
        >
          {t('backoffice.audit.more')}
        </button>
      ) : null}
    </>
  );
}
