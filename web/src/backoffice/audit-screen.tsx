import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { formatLocalDateTime } from '@contract/format';
import { graphql } from './gql';
import { DataTable, ListState, MoreButton, useConnection, type Column } from './workbench-table';
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
  const [filter, setFilter] = useState({ personId: '', staffId: '' });
  const [applied, setApplied] = useState<{ personId: number | null; staffId: number | null }>({ personId: null, staffId: null });
  const list = useConnection(AuditQuery, 'staffAudit', { ...applied, after: null });
  const edges = list.edges;

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

  const columns: Column<(typeof edges)[number]['node']>[] = [
    { header: t('backoffice.audit.at'), className: 'backoffice-table__nowrap', cell: (node) => formatLocalDateTime(node.at) },
    {
      header: t('backoffice.auditNames.staff'),
      cell: (node) => (
        <>
          {node.staffName} <span className="backoffice-table__muted">(#{node.staffId})</span>
        </>
      ),
    },
    {
      header: t('backoffice.auditNames.member'),
      cell: (node) =>
        node.personId === null || node.personId === undefined ? (
          '–'
        ) : (
          <>
            {node.memberName ?? '–'} <span className="backoffice-table__muted">(#{node.personId})</span>
          </>
        ),
    },
    { header: t('backoffice.audit.kind'), cell: (node) => t(`backoffice.audit.kindName.${node.kind === 'ACTION' ? 'ACTION' : 'READ'}`) },
    { header: t('backoffice.audit.what'), cell: (node) => node.what },
    { header: t('backoffice.audit.target'), cell: (node) => node.target ?? '–' },
    { header: t('backoffice.auditNames.before'), className: 'backoffice-audit__before', cell: (node) => (node.before && node.before !== 'null' ? node.before : '–') },
  ];
  return (
    <>
      <h1>{t('backoffice.audit.heading')}</h1>
      <p>{t('backoffice.audit.intro')}</p>
      <form className="backoffice-audit__filter" onSubmit={apply}>
        <IdField label={t('backoffice.audit.personId')} value={filter.personId} onChange={(personId) => setFilter({ ...filter, personId })} />
        <IdField label={t('backoffice.audit.staffId')} value={filter.staffId} onChange={(staffId) => setFilter({ ...filter, staffId })} />
        <button type="submit" className="button button--primary">
          {t('backoffice.audit.show')}
        </button>
      </form>
      <ListState
        failed={list.error ? t('backoffice.error.load') : null}
        loading={list.loading}
        loaded={Boolean(list.data)}
        rows={edges.length}
        empty={t('backoffice.audit.empty')}
      />
      {edges.length > 0 ? (
        <a className="button button--secondary" href={csvHref()} download="protokoll.csv">
          {t('backoffice.audit.csv')}
        </a>
      ) : null}
      <DataTable caption={t('backoffice.audit.caption')} columns={columns} rows={edges.map(({ node }) => node)} rowKey={(node) => node.id} />
      <MoreButton hasMore={list.hasMore} loading={list.loading} onMore={list.more} label={t('backoffice.audit.more')} />
    </>
  );
}

/** A filter field for a whole number (a person's or a staff person's id). */
function IdField({ label, value, onChange }: { label: string; value: string; onChange: (value: string) => void }) {
  const id = useId();
  return (
    <div className="field">
      <label htmlFor={id} className="field__label">
        {label}
      </label>
      <input id={id} className="field__input field__input--narrow" inputMode="numeric" value={value} onChange={(event) => onChange(event.target.value)} />
    </div>
  );
}
