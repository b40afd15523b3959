import { useId, useState } from 'react';
import { useMutation } from '@apollo/client/react';
import { useTranslation } from 'react-i18next';
import { formatLocalDateTime } from '@contract/format';
import { Notice } from '../components/ui/notice';
import { AssignToMe } from './assign-to-me';
import { graphql } from './gql';
import type { MergeRequestStatus } from './gql/graphql';
import { QueueFiles, QueuePanel, QueueView, isKnownCode } from './queue-parts';
import { nameOf, PAGE_REFETCH } from './queue-shared';
import { statusOptions, useQueue } from './use-queue';

/*
 * One of the five queues of the workbench besides the claims (decision 0058). Each reads its connection of the fund's API
 * (decision 0055) oldest first, 50 at a time, with the status filter, the item's `assignee`, and opens the item's
 * panel: facts, "Mir zuweisen", files, and the next steps its API offers. A file's bytes are read only when shown,
 * with the same connection after the previous row's cursor (`first: 1`): the item itself, without a by-id read.
 */

const MergesQuery = graphql(`
  query BackofficeMerges($status: [MergeRequestStatus!], $after: String) {
    mergeRequests(status: $status, first: 50, after: $after) {
      edges {
        cursor
        node {
          id
          status
          member {
            ...QueueMemberFields
          }
          email
          signatureType
          signatureName
          accountNumbers
          targetAccountNumber
          submittedAt
          resolvedAt
          resolutionNote
          files {
            ...QueueFileFields
          }
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

const MergeFilesQuery = graphql(`
  query BackofficeMergeFiles($status: [MergeRequestStatus!], $after: String) {
    mergeRequests(status: $status, first: 1, after: $after) {
      edges {
        node {
          id
          files {
            id
            contentBase64
          }
        }
      }
    }
  }
`);

const ResolveMergeMutation = graphql(`
  mutation BackofficeResolveMerge($input: ResolveMergeRequestInput!) {
    resolveMergeRequest(input: $input) {
      ok {
        id
        status
        resolvedAt
        resolutionNote
      }
      error {
        code
        message
      }
    }
  }
`);

const MERGE_STATUSES: readonly MergeRequestStatus[] = ['PENDING', 'DONE', 'DECLINED'];
const MERGE_ERRORS = ['STATUS_NOT_ALLOWED', 'ALREADY_RESOLVED', 'NOTE_REQUIRED', 'NOTE_TOO_LONG'] as const;

/** Merge requests of dormant Vorsorgekasse accounts (§ 17 (2a) BMSVG): resolved as merged or declined with a note. */
export function MergesQueue({ canChange }: { canChange: boolean }) {
  const { t } = useTranslation();
  const noteId = useId();
  const [status, setStatus] = useState<MergeRequestStatus | ''>('PENDING');
  const variables = { status: status === '' ? null : [status], after: null };
  const [note, setNote] = useState('');
  const [outcome, setOutcome] = useState<{ tone: 'success' | 'error'; text: string } | null>(null);
  const queue = useQueue(MergesQuery, 'mergeRequests', variables, clearStep);
  const open = queue.open;
  const loadBytes = queue.bytesReader(MergeFilesQuery, (data, id) => data?.mergeRequests.edges.find((edge) => edge.node.id === id)?.node.files);
  const [resolve, resolving] = useMutation(ResolveMergeMutation, { refetchQueries: ['BackofficeMerges', ...PAGE_REFETCH] });
  const onResolve = async (mergeRequestId: string, to: 'DONE' | 'DECLINED') => {
    const { data: answer } = await resolve({ variables: { input: { mergeRequestId, status: to, note: note.trim() === '' ? null : note } } }).catch(() => ({ data: undefined }));
    const result = answer?.resolveMergeRequest;
    if (result?.ok) setOutcome({ tone: 'success', text: t('backoffice.queues.mergeResolved', { status: t(`backoffice.queues.mergeStatus.${result.ok.status}`) }) });
    else {
      const code = result?.error?.code ?? '';
      setOutcome({ tone: 'error', text: isKnownCode(MERGE_ERRORS, code) ? t(`backoffice.queues.mergeError.${code}`) : t('backoffice.queues.errorOther') });
    }
  };
  /** Clears the step's form and outcome when another item opens. */
  function clearStep() {
    setOutcome(null);
    setNote('');
  }
  return (
    <QueueView
      queue="merges"
      filter={{
        value: status,
        onChange: (value) => setStatus(value as MergeRequestStatus | ''),
        options: statusOptions(t('backoffice.queues.all'), MERGE_STATUSES, (s) => t(`backoffice.queues.mergeStatus.${s}`)),
      }}
      headers={[t('backoffice.queues.receivedAt'), t('backoffice.queues.mergeAccounts'), t('backoffice.queues.status'), t('backoffice.queues.assignee')]}
      rows={queue.rows((node) => ({
        id: node.id,
        member: nameOf(node.member),
        cells: [
          formatLocalDateTime(node.submittedAt),
          `${node.accountNumbers.join(', ')} → ${node.targetAccountNumber}`,
          t(`backoffice.queues.mergeStatus.${node.status}`),
          node.assignee?.name ?? '–',
        ],
      }))}
      {...queue.view}
      panel={
        open ? (
          <QueuePanel
            key={open.id}
            heading={`${t('backoffice.queues.item.merges')} – ${nameOf(open.member)}`}
            facts={[
              [t('backoffice.queues.svnr'), open.member.svnr],
              [t('backoffice.queues.email'), open.email],
              [t('backoffice.queues.receivedAt'), formatLocalDateTime(open.submittedAt)],
              [t('backoffice.queues.mergeAccounts'), open.accountNumbers.join(', ')],
              [t('backoffice.queues.mergeTarget'), open.targetAccountNumber],
              [
                t('backoffice.queues.mergeSignature'),
                `${t(`backoffice.queues.signatureType.${open.signatureType === 'DIGITAL' ? 'DIGITAL' : 'HANDWRITTEN'}`)}${open.signatureName ? ` (${open.signatureName})` : ''}`,
              ],
              [t('backoffice.queues.status'), t(`backoffice.queues.mergeStatus.${open.status}`)],
              ...(open.resolutionNote ? ([[t('backoffice.queues.mergeNote'), open.resolutionNote]] as [string, string][]) : []),
            ]}
            onClose={queue.close}
          >
            <AssignToMe kind="MERGE_REQUEST" id={open.id} assignee={open.assignee} canChange={canChange} refetchQueries={['BackofficeMerges']} />
            <QueueFiles files={open.files} loadBytes={loadBytes} />
            {outcome ? <Notice tone={outcome.tone}>{outcome.text}</Notice> : null}
            {canChange && open.status === 'PENDING' ? (
              <>
                <h3>{t('backoffice.queues.steps')}</h3>
                <div className="field">
                  <label htmlFor={noteId} className="field__label">
                    {t('backoffice.queues.note')}
                  </label>
                  <textarea id={noteId} className="field__input" rows={3} maxLength={2000} value={note} onChange={(event) => setNote(event.target.value)} />
                </div>
                <div className="backoffice-claim__steps">
                  <button type="button" className="button button--primary" disabled={resolving.loading} onClick={() => void onResolve(open.id, 'DONE')}>
                    {t('backoffice.queues.mergeDone')}
                  </button>
                  <button type="button" className="button button--secondary" disabled={resolving.loading} onClick={() => void onResolve(open.id, 'DECLINED')}>
                    {t('backoffice.queues.mergeDecline')}
                  </button>
                </div>
              </>
            ) : null}
          </QueuePanel>
        ) : null
      }
    />
  );
}
