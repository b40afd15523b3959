import { useMutation } from '@apollo/client/react';
import { useTranslation } from 'react-i18next';
import { formatLocalDateTime } from '@contract/format';
import { graphql } from './gql';
import type { MergeRequestStatus } from './gql/graphql';
import { QueueFiles, QueueView, stepRefetch } from './queue-parts';
import { nameOf } from './queue-shared';
import { NoteSteps } from './queue-step';
import { useQueue, useStatusFilter } from './use-queue';

/*
 * One of the five queues of the workbench besides the claims (decision 0058). Each reads its connection of the fund's API
 * (decision 0055) oldest first, 50 at a time, with the status filter, the item's `assignee`, and opens the item's
 * panel: facts, "Mir zuweisen", files, and the next steps its API offers. A file's bytes are read only when shown,
 * with the same connection after the previous row's cursor (`first: 1`): the item itself, without a by-id read.
 */

/**
 * What the queue's row and panel show of a merge request (decision 0068). `resolveMergeRequest` answers it, so the
 * cache updates the open panel; its files with their bytes stay in the list query (`$withBytes`, decision 0055).
 */
graphql(`
  fragment MergesQueue_MergeRequestFragment on MergeRequest {
    ...QueueItemFields
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
  }
`);

const MergesQuery = graphql(`
  query BackofficeMerges($status: [MergeRequestStatus!], $after: String, $first: Int! = 50, $withBytes: Boolean! = false) {
    mergeRequests(status: $status, first: $first, after: $after) {
      edges {
        cursor
        node {
          ...MergesQueue_MergeRequestFragment
          files {
            ...QueueFileWithBytesFields
          }
        }
      }
      pageInfo {
        ...NextPageFields
      }
    }
  }
`);

const ResolveMergeMutation = graphql(`
  mutation BackofficeResolveMerge($input: ResolveMergeRequestInput!) {
    resolveMergeRequest(input: $input) {
      ok {
        ...MergesQueue_MergeRequestFragment
      }
      error {
        code
      }
    }
  }
`);

const MERGE_STATUSES: readonly MergeRequestStatus[] = ['PENDING', 'DONE', 'DECLINED'];
const MERGE_ERRORS = ['STATUS_NOT_ALLOWED', 'ALREADY_RESOLVED', 'NOTE_REQUIRED', 'NOTE_TOO_LONG'] as const;

/** Merge requests of dormant Vorsorgekasse accounts (§ 17 (2a) BMSVG): resolved as merged or declined with a note. */
export function MergesQueue({ canChange }: { canChange: boolean }) {
  const { t } = useTranslation();
  const { variables, filter } = useStatusFilter('PENDING', MERGE_STATUSES, (s) => t(`backoffice.queues.mergeStatus.${s}`));
  const queue = useQueue(MergesQuery, 'mergeRequests', variables);
  const loadBytes = queue.bytesReader((node) => node.files);
  const [resolve, resolving] = useMutation(ResolveMergeMutation, { refetchQueries: stepRefetch('merges') });
  return (
    <QueueView
      queue="merges"
      canChange={canChange}
      filter={filter}
      headers={[t('backoffice.queues.receivedAt'), t('backoffice.queues.mergeAccounts'), t('backoffice.queues.status')]}
      rows={queue.rows(
        (node) => nameOf(node.member),
        (node) => [formatLocalDateTime(node.submittedAt), `${node.accountNumbers.join(', ')} → ${node.targetAccountNumber}`, t(`backoffice.queues.mergeStatus.${node.status}`)],
      )}
      {...queue.view}
      panel={(open) => ({
        heading: `${t('backoffice.queues.item.merges')} – ${nameOf(open.member)}`,
        facts: [
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
        ],
        steps: (
          <>
            <QueueFiles files={open.files} loadBytes={loadBytes} />
            <NoteSteps
              key={queue.opened}
              steps={
                canChange && open.status === 'PENDING'
                  ? [
                      { to: 'DONE', label: t('backoffice.queues.mergeDone') },
                      { to: 'DECLINED', label: t('backoffice.queues.mergeDecline'), secondary: true },
                    ]
                  : []
              }
              note={{ label: t('backoffice.queues.note'), rows: 3 }}
              busy={resolving.loading}
              send={(to, note) => resolve({ variables: { input: { mergeRequestId: open.id, status: to, note } } }).then(({ data }) => data?.resolveMergeRequest)}
              success={(ok) => t('backoffice.queues.mergeResolved', { status: t(`backoffice.queues.mergeStatus.${ok.status}`) })}
              refusals={{ known: MERGE_ERRORS, text: (code) => t(`backoffice.queues.mergeError.${code}`) }}
            />
          </>
        ),
      })}
    />
  );
}
