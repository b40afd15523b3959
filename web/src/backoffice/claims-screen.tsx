import { useId, useState } from 'react';
import { useQuery } from '@apollo/client/react';
import { useTranslation } from 'react-i18next';
import { formatDate, formatLocalDateTime } from '@contract/format';
import { LoadingState } from '../components/ui/loading-state';
import { Notice } from '../components/ui/notice';
import { ClaimPanel } from './claim-panel';
import { graphql } from './gql';
import type { SeveranceClaimStatus } from './gql/graphql';

const ClaimsQuery = graphql(`
  query BackofficeClaims($status: [SeveranceClaimStatus!], $after: String) {
    claims(status: $status, first: 100, after: $after) {
      edges {
        node {
          id
          status
          option
          accountNumber
          submittedAt
          dueDate
          daysLeft
          definiteDate
          member {
            personId
            svnr
            firstName
            lastName
          }
          bank {
            iban
            holder
          }
          institution {
            name
          }
          documents {
            id
            kind
            fileName
            contentType
            downloadUrl
          }
          assignee {
            name
          }
          signatureKind
          signatureName
        }
      }
      pageInfo {
        ...NextPageFields
      }
    }
  }
`);

/** The statuses of the filter, in the order of spec 001 section 4. */
const STATUSES: readonly SeveranceClaimStatus[] = ['NEW', 'CHECKING', 'INFORMATION_NEEDED', 'CHECKED', 'PRE_TRANSFER', 'POST_TRANSFER'];

/**
 * The claims queue (spec 001 section 4, decision 0054): the fund's `claims` connection, oldest due date first (the
 * API's order, so overdue claims lead), 100 at a time, filtered by one status or none. Each row shows the due date
 * (§ 16 BMSVG, computed by the server) and the days left, overdue ones as such; the member's name opens the claim's
 * panel with its next steps (none for roles without claims:write).
 */
export function ClaimsScreen({ canChange }: { canChange: boolean }) {
  const { t } = useTranslation();
  const filterId = useId();
  const [status, setStatus] = useState<SeveranceClaimStatus | ''>('');
  const variables = { status: status === '' ? null : [status], after: null };
  const { data, loading, error, fetchMore } = useQuery(ClaimsQuery, { variables, notifyOnNetworkStatusChange: true });
  const edges = data?.claims.edges ?? [];
  const [openId, setOpenId] = useState<string | null>(null);
  const open = edges.find(({ node }) => node.id === openId)?.node;
  return (
    <>
      <h1>{t('backoffice.claims.heading')}</h1>
      <p>{t('backoffice.claims.intro')}</p>
      <div className="field backoffice__filter">
        <label htmlFor={filterId} className="field__label">
          {t('backoffice.claims.filter')}
        </label>
        <select id={filterId} className="field__input" value={status} onChange={(event) => setStatus(event.target.value as SeveranceClaimStatus | '')}>
          <option value="">{t('backoffice.claims.allStatuses')}</option>
          {STATUSES.map((name) => (
            <option key={name} value={name}>
              {t(`backoffice.claims.statusName.${name}`)}
            </option>
          ))}
        </select>
      </div>
      {open ? <ClaimPanel key={open.id} claim={open} canChange={canChange} onClose={() => setOpenId(null)} /> : null}
      {error ? <Notice tone="error">{t('backoffice.error.load')}</Notice> : null}
      {!data && loading ? <LoadingState /> : null}
      {data ? (
        <p role="status">
          {t('backoffice.claims.count', { count: edges.length })}
          {data.claims.pageInfo.hasNextPage ? ' +' : ''}
        </p>
      ) : null}
      {data && edges.length === 0 ? <p>{t('backoffice.claims.empty')}</p> : null}
      {edges.length > 0 ? (
        <table className="backoffice-table">
          <caption className="visually-hidden">{t('backoffice.claims.caption')}</caption>
          <thead>
            <tr>
              <th scope="col">{t('backoffice.claims.dueDate')}</th>
              <th scope="col">{t('backoffice.claims.daysLeft')}</th>
              <th scope="col">{t('backoffice.claims.member')}</th>
              <th scope="col">{t('backoffice.claims.account')}</th>
              <th scope="col">{t('backoffice.claims.option')}</th>
              <th scope="col">{t('backoffice.claims.status')}</th>
              <th scope="col">{t('backoffice.claims.submittedAt')}</th>
            </tr>
          </thead>
          <tbody>
            {edges.map(({ node }) => (
              <tr key={node.id} className={node.daysLeft < 0 ? 'backoffice-table__overdue' : undefined}>
                <td className="backoffice-table__nowrap">{formatDate(node.dueDate)}</td>
                <td>{node.daysLeft < 0 ? t('backoffice.claims.overdue', { count: -node.daysLeft }) : node.daysLeft}</td>
                <th scope="row">
                  <button type="button" className="backoffice-table__open" aria-expanded={openId === node.id} onClick={() => setOpenId(node.id)}>
                    {node.member.lastName} {node.member.firstName}
                  </button>
                </th>
                <td className="backoffice-table__nowrap">{node.accountNumber}</td>
                <td>{t(`backoffice.claims.optionName.${node.option}`)}</td>
                <td>{t(`backoffice.claims.statusName.${node.status}`)}</td>
                <td>{formatLocalDateTime(node.submittedAt)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      ) : null}
      {data?.claims.pageInfo.hasNextPage ? (
        <button
          type="button"
          className="button button--secondary"
          disabled={loading}
          onClick={() =>
            void fetchMore({
              variables: { ...variables, after: data.claims.pageInfo.endCursor },
              updateQuery: (previous, { fetchMoreResult }) => ({
                ...fetchMoreResult,
                claims: { ...fetchMoreResult.claims, edges: [...previous.claims.edges, ...fetchMoreResult.claims.edges] },
              }),
            })
          }
        >
          {t('backoffice.claims.more')}
        </button>
      ) : null}
    </>
  );
}
