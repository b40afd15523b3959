import { useId, useState } from 'react';
import { useMutation } from '@apollo/client/react';
import { useTranslation } from 'react-i18next';
import { formatDate, formatLocalDateTime, formatMoney } from '@contract/format';
import { Notice } from '../components/ui/notice';
import { AssignToMe } from './assign-to-me';
import { graphql } from './gql';
import type { MandateStatus } from './gql/graphql';
import { QueuePanel, QueueView, isKnownCode } from './queue-parts';
import { nameOf, PAGE_REFETCH } from './queue-shared';
import { statusOptions, useQueue } from './use-queue';

/*
 * One of the five queues of the workbench besides the claims (decision 0058). Each reads its connection of the fund's API
 * (decision 0055) oldest first, 50 at a time, with the status filter, the item's `assignee`, and opens the item's
 * panel: facts, "Mir zuweisen", files, and the next steps its API offers. A file's bytes are read only when shown,
 * with the same connection after the previous row's cursor (`first: 1`): the item itself, without a by-id read.
 */

const MandatesQuery = graphql(`
  query BackofficeMandates($status: [MandateStatus!], $after: String) {
    mandates(status: $status, first: 50, after: $after) {
      edges {
        cursor
        node {
          id
          member {
            ...QueueMemberFields
          }
          contractNumber
          type
          status
          amount
          iban
          accountOwner
          startDate
          endDate
          mandateReference
          createdAt
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

const SetMandateStatusMutation = graphql(`
  mutation BackofficeSetMandateStatus($input: SetMandateStatusInput!) {
    setMandateStatus(input: $input) {
      ok {
        id
        status
      }
      error {
        code
        message
      }
    }
  }
`);

const MANDATE_STATUSES: readonly MandateStatus[] = ['ACTIVE', 'CANCELLED', 'COLLECTED', 'LAPSED'];
const MANDATE_ERRORS = ['MEMBER_ONLY', 'TRANSITION_NOT_ALLOWED', 'NOTE_TOO_LONG'] as const;

/** Own-contribution mandates (spec 001 section 3): an ACTIVE one marked LAPSED, or a one-off COLLECTED. */
export function MandatesQueue({ canChange }: { canChange: boolean }) {
  const { t } = useTranslation();
  const noteId = useId();
  const [status, setStatus] = useState<MandateStatus | ''>('ACTIVE');
  const variables = { status: status === '' ? null : [status], after: null };
  const [note, setNote] = useState('');
  const [outcome, setOutcome] = useState<{ tone: 'success' | 'error'; text: string } | null>(null);
  const queue = useQueue(MandatesQuery, 'mandates', variables, clearStep);
  const open = queue.open;
  const [change, changing] = useMutation(SetMandateStatusMutation, { refetchQueries: ['BackofficeMandates', ...PAGE_REFETCH] });
  const onChange = async (mandateId: string, to: 'LAPSED' | 'COLLECTED') => {
    const { data: answer } = await change({ variables: { input: { mandateId, status: to, note: note.trim() === '' ? null : note } } }).catch(() => ({ data: undefined }));
    const result = answer?.setMandateStatus;
    if (result?.ok) setOutcome({ tone: 'success', text: t('backoffice.queues.mandateChanged', { status: t(`backoffice.queues.mandateStatus.${result.ok.status}`) }) });
    else {
      const code = result?.error?.code ?? '';
      setOutcome({ tone: 'error', text: isKnownCode(MANDATE_ERRORS, code) ? t(`backoffice.queues.mandateError.${code}`) : t('backoffice.queues.errorOther') });
    }
  };
  /** Clears the step's form and outcome when another item opens. */
  function clearStep() {
    setOutcome(null);
    setNote('');
  }
  const offered = (m: { status: MandateStatus; type: string }): ('LAPSED' | 'COLLECTED')[] =>
    m.status !== 'ACTIVE' ? [] : m.type === 'ONE_OFF' ? ['COLLECTED', 'LAPSED'] : ['LAPSED'];
  return (
    <QueueView
      queue="mandates"
      filter={{
        value: status,
        onChange: (value) => setStatus(value as MandateStatus | ''),
        options: statusOptions(t('backoffice.queues.all'), MANDATE_STATUSES, (s) => t(`backoffice.queues.mandateStatus.${s}`)),
      }}
      headers={[
        t('backoffice.queues.receivedAt'),
        t('backoffice.queues.kind'),
        t('backoffice.queues.mandateAmount'),
        t('backoffice.queues.status'),
        t('backoffice.queues.assignee'),
      ]}
      rows={queue.rows((node) => ({
        id: node.id,
        member: nameOf(node.member),
        cells: [
          formatLocalDateTime(node.createdAt),
          t(`backoffice.queues.mandateType.${node.type}`),
          formatMoney(node.amount),
          t(`backoffice.queues.mandateStatus.${node.status}`),
          node.assignee?.name ?? '–',
        ],
      }))}
      {...queue.view}
      panel={
        open ? (
          <QueuePanel
            key={open.id}
            heading={`${t('backoffice.queues.item.mandates')} – ${nameOf(open.member)}`}
            facts={[
              [t('backoffice.queues.svnr'), open.member.svnr],
              [t('backoffice.queues.mandateContract'), open.contractNumber],
              [t('backoffice.queues.kind'), t(`backoffice.queues.mandateType.${open.type}`)],
              [t('backoffice.queues.mandateAmount'), formatMoney(open.amount)],
              [t('backoffice.queues.mandateIban'), open.iban],
              [t('backoffice.queues.mandateOwner'), open.accountOwner],
              [t('backoffice.queues.mandateStart'), formatDate(open.startDate)],
              [t('backoffice.queues.mandateReference'), open.mandateReference],
              [t('backoffice.queues.status'), t(`backoffice.queues.mandateStatus.${open.status}`)],
            ]}
            onClose={queue.close}
          >
            <AssignToMe kind="MANDATE" id={open.id} assignee={open.assignee} canChange={canChange} refetchQueries={['BackofficeMandates']} />
            {outcome ? <Notice tone={outcome.tone}>{outcome.text}</Notice> : null}
            {canChange && offered(open).length > 0 ? (
              <>
                <h3>{t('backoffice.queues.steps')}</h3>
                <div className="field">
                  <label htmlFor={noteId} className="field__label">
                    {t('backoffice.queues.mandateNote')}
                  </label>
                  <textarea id={noteId} className="field__input" rows={2} maxLength={2000} value={note} onChange={(event) => setNote(event.target.value)} />
                </div>
                <div className="backoffice-claim__steps">
                  {offered(open).map((to) => (
                    <button key={to} type="button" className="button button--primary" disabled={changing.loading} onClick={() => void onChange(open.id, to)}>
                      {t(`backoffice.queues.mandateTo.${to}`)}
                    </button>
                  ))}
                </div>
              </>
            ) : null}
          </QueuePanel>
        ) : null
      }
    />
  );
}
