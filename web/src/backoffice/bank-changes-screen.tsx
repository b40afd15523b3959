import { useState } from 'react';
import { useMutation, useQuery } from '@apollo/client/react';
import { useTranslation } from 'react-i18next';
import { formatDate, formatLocalDateTime } from '@contract/format';
import { LoadingState } from '../components/ui/loading-state';
import { Notice } from '../components/ui/notice';
import { graphql } from './gql';
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

const ApproveBankChangeMutation = graphql(`
  mutation BackofficeApproveBankChange($changeId: ID!) {
    approveBankChange(changeId: $changeId) {
      ok {
        id
        status
      }
      error {
        code
      }
    }
  }
`);

const RejectBankChangeMutation = graphql(`
  mutation BackofficeRejectBankChange($changeId: ID!) {
    rejectBankChange(changeId: $changeId) {
      ok {
        id
        status
      }
      error {
        code
      }
    }
  }
`);

/** The refusals the catalogue names (backoffice.bankChanges.error); any other code reads as UNKNOWN. */
const KNOWN = ['FOUR_EYES_REQUIRED', 'ROLE_NOT_ALLOWED', 'NOT_PENDING'] as const;
type Known = (typeof KNOWN)[number] | 'UNKNOWN';
const knownOf = (code: string | undefined): Known => ((KNOWN as readonly string[]).includes(code ?? '') ? (code as Known) : 'UNKNOWN');

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
  const [approve, approving] = useMutation(ApproveBankChangeMutation, { refetchQueries: ['BackofficePendingBankChanges'] });
  const [reject, rejecting] = useMutation(RejectBankChangeMutation, { refetchQueries: ['BackofficePendingBankChanges'] });
  const [outcome, setOutcome] = useState<{ tone: 'success' | 'error'; text: string } | null>(null);
  const busy = approving.loading || rejecting.loading;
  const edges = data?.bankAccountChanges.edges ?? [];

  const decide = async (changeId: string, member: string, how: 'approve' | 'reject') => {
    setOutcome(null);
    const answer = how === 'approve' ? (await approve({ variables: { changeId } })).data?.approveBankChange : (await reject({ variables: { changeId } })).data?.rejectBankChange;
    if (answer?.ok) setOutcome({ tone: 'success', text: t(`backoffice.bankChanges.${how === 'approve' ? 'approved' : 'rejected'}`, { member }) });
    else setOutcome({ tone: 'error', text: t(`backoffice.bankChanges.error.${knownOf(answer?.error?.code)}`) });
  };

  return (
    <>
      <h1>{t('backoffice.bankChanges.heading')}</h1>
      <p>{t('backoffice.bankChanges.intro')}</p>
      {outcome ? <Notice tone={outcome.tone}>{outcome.text}</Notice> : null}
      {error ? <Notice tone="error">{t('backoffice.error.load')}</Notice> : null}
      {loading && !data ? <LoadingState /> : null}
      {data && edges.length === 0 ? <p>{t('backoffice.bankChanges.empty')}</p> : null}
      {edges.length > 0 ? (
        <table className="backoffice-table">
          <caption className="visually-hidden">{t('backoffice.bankChanges.caption')}</caption>
          <thead>
            <tr>
              <th scope="col">{t('backoffice.bankChanges.member')}</th>
              <th scope="col">{t('backoffice.bankChanges.account')}</th>
              <th scope="col">{t('backoffice.bankChanges.validFrom')}</th>
              <th scope="col">{t('backoffice.bankChanges.enteredBy')}</th>
              <th scope="col">
                <span className="visually-hidden">{t('backoffice.bankChanges.actions')}</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {edges.map(({ node }) => {
              const member = `${node.member.firstName} ${node.member.lastName}`;
              return (
                <tr key={node.id}>
                  <td>
                    {member}
                    <br />
                    <span className="backoffice-table__muted">{t('backoffice.bankChanges.svnr', { svnr: node.member.svnr })}</span>
                  </td>
                  <td>
                    {node.accountHolder}, {node.bankName}
                    <br />
                    <span className="backoffice-table__nowrap">{grouped(node.iban)}</span>
                    {node.bic ? <span className="backoffice-table__nowrap"> · {node.bic}</span> : null}
                  </td>
                  <td className="backoffice-table__nowrap">{formatDate(node.validFrom)}</td>
                  <td>
                    {node.enteredByName ?? node.enteredBy}
                    <br />
                    <span className="backoffice-table__nowrap">{formatLocalDateTime(node.enteredAt)}</span>
                  </td>
                  <td className="backoffice-bank__actions">
                    <button type="button" className="button button--primary" disabled={busy} onClick={() => void decide(node.id, member, 'approve')}>
                      {t('backoffice.bankChanges.approve')}
                      <span className="visually-hidden"> {member}</span>
                    </button>
                    <button type="button" className="button button--secondary" disabled={busy} onClick={() => void decide(node.id, member, 'reject')}>
                      {t('backoffice.bankChanges.reject')}
                      <span className="visually-hidden"> {member}</span>
                    </button>
                  </td>
                </tr>
              );
            })}
          </tbody>
        </table>
      ) : null}
    </>
  );
}
