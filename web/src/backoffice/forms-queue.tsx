import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatLocalDateTime } from '@contract/format';
import { AssignToMe } from './assign-to-me';
import { graphql } from './gql';
import type { InboxMessageStatus } from './gql/graphql';
import { QueueFiles, QueuePanel, QueueView } from './queue-parts';
import { nameOf } from './queue-shared';
import { statusOptions, useQueue } from './use-queue';

/*
 * One of the five queues of the workbench besides the claims (decision 0058). Each reads its connection of the fund's API
 * (decision 0055) oldest first, 50 at a time, with the status filter, the item's `assignee`, and opens the item's
 * panel: facts, "Mir zuweisen", files, and the next steps its API offers. A file's bytes are read only when shown,
 * with the same connection after the previous row's cursor (`first: 1`): the item itself, without a by-id read.
 */

const FormsQuery = graphql(`
  query BackofficeForms($status: [InboxMessageStatus!], $after: String) {
    forms(status: $status, first: 50, after: $after) {
      edges {
        cursor
        node {
          id
          kind
          submittedAt
          status
          member {
            ...QueueMemberFields
          }
          message {
            id
            subject
            attachments {
              ...QueueFileFields
            }
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

const FormFilesQuery = graphql(`
  query BackofficeFormFiles($status: [InboxMessageStatus!], $after: String) {
    forms(status: $status, first: 1, after: $after) {
      edges {
        node {
          id
          message {
            attachments {
              id
              contentBase64
            }
          }
        }
      }
    }
  }
`);

const FORM_STATUSES: readonly InboxMessageStatus[] = ['OPEN', 'ANSWERED'];

/** Forms members sent from the inbox (spec 001 section 3): answered as a message (decision 0055), so no step here. */
export function FormsQueue({ canChange }: { canChange: boolean }) {
  const { t } = useTranslation();
  const [status, setStatus] = useState<InboxMessageStatus | ''>('OPEN');
  const queue = useQueue(FormsQuery, 'forms', { status: status === '' ? null : [status], after: null });
  const open = queue.open;
  const loadBytes = queue.bytesReader(FormFilesQuery, (data, id) => data?.forms.edges.find((edge) => edge.node.id === id)?.node.message.attachments);
  return (
    <QueueView
      queue="forms"
      filter={{
        value: status,
        onChange: (value) => setStatus(value as InboxMessageStatus | ''),
        options: statusOptions(t('backoffice.queues.all'), FORM_STATUSES, (s) => t(`backoffice.queues.formStatus.${s}`)),
      }}
      headers={[t('backoffice.queues.receivedAt'), t('backoffice.queues.kind'), t('backoffice.queues.status'), t('backoffice.queues.assignee')]}
      rows={queue.rows((node) => ({
        id: node.id,
        member: nameOf(node.member),
        cells: [formatLocalDateTime(node.submittedAt), t(`backoffice.queues.formKind.${node.kind}`), t(`backoffice.queues.formStatus.${node.status}`), node.assignee?.name ?? '–'],
      }))}
      {...queue.view}
      panel={
        open ? (
          <QueuePanel
            key={open.id}
            heading={`${t(`backoffice.queues.formKind.${open.kind}`)} – ${nameOf(open.member)}`}
            facts={[
              [t('backoffice.queues.svnr'), open.member.svnr],
              [t('backoffice.queues.receivedAt'), formatLocalDateTime(open.submittedAt)],
              [t('backoffice.queues.status'), t(`backoffice.queues.formStatus.${open.status}`)],
            ]}
            onClose={queue.close}
          >
            <AssignToMe kind="FORM" id={open.id} assignee={open.assignee} canChange={canChange} refetchQueries={['BackofficeForms']} />
            <QueueFiles files={open.message.attachments} loadBytes={loadBytes} />
            <p>{t('backoffice.queues.formAnswer')}</p>
          </QueuePanel>
        ) : null
      }
    />
  );
}
