import { useState } from 'react';
import { useMutation, useQuery } from '@apollo/client/react';
import { useTranslation } from 'react-i18next';
import { formatDate, formatLocalDateTime } from '@contract/format';
import { Notice } from '../components/ui/notice';
import { graphql } from './gql';
import { DataTable, ListState, type Column } from './workbench-table';
import './staff-admin.css';

const PendingBankChangesQuery = graphql(`
  query BackofficePendingBankChanges {
    bankAccountChanges(status: PENDING, first: 200) {
      edges {
        node {
          id
          member {
            ...QueueMemberFields
          }
          accountHolder
          bankName
          iban
          bic
          validFrom
          enteredByName
          enteredBy
          enteredAt
        }
      }
    }
  }
`);

/**
 * Approves (`$approve`) or rejects a change: one document for both decisions, as both answer a
 * BankAccountChangeResult; the field not asked for is skipped.
 */
const DecideBankChangeMutation = graphql(`
  mutation BackofficeDecideBankChange($changeId: ID!, $approve: Boolean!) {
    approveBankChange(changeId: $changeId) @include(if: $approve) {
      ...BankChangeDecisionFields
    }
    rejectBankChange(changeId: $changeId) @skip(if: $approve) {
      ...BankChangeDecisionFields
    }
  }

  fragment BankChangeDecisionFields on BankAccountChangeResult {
    ok {
      id
      status
    }
    error {
      code
    }
  }
`);

/** The refusals the catalogue names (backoffice.bankChanges.error); any other code reads as UNKNOWN. */
const KNOWN = ['FOUR_EYES_REQUIRED', 'ROLE_NOT_ALLOWED', 'NOT_PENDING'] as const;
type Known = (typeof KNOWN)[number] | 'UNKNOWN';
const knownOf = (code: string | undefined): Known => ((KNOWN as readonly string[]).includes(code ?? '') ? (code as Known) : 'UNKNOWN');

/** "Firstname Lastname" of the change's member. */
const memberOf = (change: { member: { firstName: string; lastName: string } }) => `${change.member.firstName} ${change.member.lastName}`;

/** The IBAN in groups of four (ISO 13616 paper format) for reading. */
const grouped = (iban: string) => iban.replace(/(.{4})(?=.)/g, '$1 ');

/**
 * The SUPERVISOR's queue of staff-entered bank accounts (decision 0059): each waits for a second person; approving
 * puts it in force from its date, rejecting closes it. The server decides the four-eyes rule; its refusal (the person
 * who entered it, a decision made meanwhile) is shown from the catalogue.
 */
export function BankChangesScreen() {
  const { t } = useTranslation();
  const { data, loading, error } = useQuery(PendingBankChangesQuery, { fetchPolicy: 'cache-and-network' });
  const [decideChange, deciding] = useMutation(DecideBankChangeMutation, { refetchQueries: ['BackofficePendingBankChanges'] });
  const [outcome, setOutcome] = useState<{ tone: 'success' | 'error'; text: string } | null>(null);
  const busy = deciding.loading;
  const edges = data?.bankAccountChanges.edges ?? [];

  const decide = async (changeId: string, member: string, how: 'approve' | 'reject') => {
    setOutcome(null);
    const { data: decided } = await decideChange({ variables: { changeId, approve: how === 'approve' } });
    const answer = how === 'approve' ? decided?.approveBankChange : decided?.rejectBankChange;
    if (answer?.ok) setOutcome({ tone: 'success', text: t(`backoffice.bankChanges.${how === 'approve' ? 'approved' : 'rejected'}`, { member }) });
    else setOutcome({ tone: 'error', text: t(`backoffice.bankChanges.error.${knownOf(answer?.error?.code)}`) });
  };

  const columns: Column<(typeof edges)[number]['node']>[] = [
    {
      header: t('backoffice.bankChanges.member'),
      cell: (node) => (
        <>
          {memberOf(node)}
          <br />
          <span className="backoffice-table__muted">{t('backoffice.bankChanges.svnr', { svnr: node.member.svnr })}</span>
        </>
      ),
    },
    {
      header: t('backoffice.bankChanges.account'),
      cell: (node) => (
        <>
          {node.accountHolder}, {node.bankName}
          <br />
          <span className="backoffice-table__nowrap">{grouped(node.iban)}</span>
          {node.bic ? <span className="backoffice-table__nowrap"> · {node.bic}</span> : null}
        </>
      ),
    },
    { header: t('backoffice.bankChanges.validFrom'), className: 'backoffice-table__nowrap', cell: (node) => formatDate(node.validFrom) },
    {
      header: t('backoffice.bankChanges.enteredBy'),
      cell: (node) => (
        <>
          {node.enteredByName ?? node.enteredBy}
          <br />
          <span className="backoffice-table__nowrap">{formatLocalDateTime(node.enteredAt)}</span>
        </>
      ),
    },
    {
      header: t('backoffice.bankChanges.actions'),
      hiddenHeader: true,
      className: 'backoffice-bank__actions',
      cell: (node) => (
        <>
          <button type="button" className="button button--primary" disabled={busy} onClick={() => void decide(node.id, memberOf(node), 'approve')}>
            {t('backoffice.bankChanges.approve')}
            <span className="visually-hidden"> {memberOf(node)}</span>
          </button>
          <button type="button" className="button button--secondary" disabled={busy} onClick={() => void decide(node.id, memberOf(node), 'reject')}>
            {t('backoffice.bankChanges.reject')}
            <span className="visually-hidden"> {memberOf(node)}</span>
          </button>
        </>
      ),
    },
  ];

  return (
    <>
      <h1>{t('backoffice.bankChanges.heading')}</h1>
      <p>{t('backoffice.bankChanges.intro')}</p>
      {outcome ? <Notice tone={outcome.tone}>{outcome.text}</Notice> : null}
      <ListState failed={error ? t('backoffice.error.load') : null} loading={loading} loaded={Boolean(data)} rows={edges.length} empty={t('backoffice.bankChanges.empty')} />
      <DataTable caption={t('backoffice.bankChanges.caption')} columns={columns} rows={edges.map(({ node }) => node)} rowKey={(node) => node.id} />
    </>
  );
}
