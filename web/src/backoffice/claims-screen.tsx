import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDate, formatLocalDateTime } from '@contract/format';
import { ClaimPanel } from './claim-panel';
import { graphql } from './gql';
import type { SeveranceClaimStatus } from './gql/graphql';
import { statusOptions } from './use-queue';
import { DataTable, FilterSelect, ListState, MoreButton, OpenButton, useConnection, type Column } from './workbench-table';

const ClaimsQuery = graphql(`
  query BackofficeClaims($status: [SeveranceClaimStatus!], $after: String) {
    claims(status: $status, first: 100, after: $after) {
      edges {
        node {
          ...ClaimPanel_FundClaimFragment
          submittedAt
          daysLeft
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
  const [status, setStatus] = useState<SeveranceClaimStatus | ''>('');
  const list = useConnection(ClaimsQuery, 'claims', { status: status === '' ? null : [status], after: null });
  const [openId, setOpenId] = useState<string | null>(null);
  const open = list.edges.find(({ node }) => node.id === openId)?.node;
  const columns: Column<(typeof list.edges)[number]['node']>[] = [
    { header: t('backoffice.claims.dueDate'), className: 'backoffice-table__nowrap', cell: (node) => formatDate(node.dueDate) },
    { header: t('backoffice.claims.daysLeft'), cell: (node) => (node.daysLeft < 0 ? t('backoffice.claims.overdue', { count: -node.daysLeft }) : node.daysLeft) },
    {
      header: t('backoffice.claims.member'),
      rowHeader: true,
      cell: (node) => (
        <OpenButton expanded={openId === node.id} onOpen={() => setOpenId(node.id)}>
          {node.member.lastName} {node.member.firstName}
        </OpenButton>
      ),
    },
    { header: t('backoffice.claims.account'), className: 'backoffice-table__nowrap', cell: (node) => node.accountNumber },
    { header: t('backoffice.claims.option'), cell: (node) => t(`backoffice.claims.optionName.${node.option}`) },
    { header: t('backoffice.claims.status'), cell: (node) => t(`backoffice.claims.statusName.${node.status}`) },
    { header: t('backoffice.claims.submittedAt'), cell: (node) => formatLocalDateTime(node.submittedAt) },
  ];
  return (
    <>
      <h1>{t('backoffice.claims.heading')}</h1>
      <p>{t('backoffice.claims.intro')}</p>
      <FilterSelect
        label={t('backoffice.claims.filter')}
        value={status}
        onChange={(value) => setStatus(value as SeveranceClaimStatus | '')}
        options={statusOptions(t('backoffice.claims.allStatuses'), STATUSES, (name) => t(`backoffice.claims.statusName.${name}`))}
      />
      {open ? <ClaimPanel key={open.id} claim={open} canChange={canChange} onClose={() => setOpenId(null)} /> : null}
      <ListState
        failed={list.error ? t('backoffice.error.load') : null}
        loading={list.loading}
        loaded={Boolean(list.data)}
        rows={list.edges.length}
        count={`${t('backoffice.claims.count', { count: list.edges.length })}${list.hasMore ? ' +' : ''}`}
        empty={t('backoffice.claims.empty')}
      />
      <DataTable
        caption={t('backoffice.claims.caption')}
        columns={columns}
        rows={list.edges.map(({ node }) => node)}
        rowKey={(node) => node.id}
        rowClassName={(node) => (node.daysLeft < 0 ? 'backoffice-table__overdue' : undefined)}
      />
      <MoreButton hasMore={list.hasMore} loading={list.loading} onMore={list.more} label={t('backoffice.claims.more')} />
    </>
  );
}
