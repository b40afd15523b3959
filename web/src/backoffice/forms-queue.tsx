import { useTranslation } from 'react-i18next';
import { formatLocalDateTime } from '@contract/format';
import { graphql } from './gql';
import type { InboxMessageStatus } from './gql/graphql';
import { QueueFiles, QueueView } from './queue-parts';
import { nameOf } from './queue-shared';
import { useQueue, useStatusFilter } from './use-queue';

/*
 * One of the five queues of the workbench besides the claims (decision 0058). Each reads its connection of the fund's API
 * (decision 0055) oldest first, 50 at a time, with the status filter, the item's `assignee`, and opens the item's
 * panel: facts, "Mir zuweisen", files, and the next steps its API offers. A file's bytes are read only when shown,
 * with the same connection after the previous row's cursor (`first: 1`): the item itself, without a by-id read.
 */

const FormsQuery = graphql(`
  query BackofficeForms($status: [InboxMessageStatus!], $after: String, $first: Int! = 50, $withBytes: Boolean! = false) {
    forms(status: $status, first: $first, after: $after) {
      edges {
        cursor
        node {
          ...QueueItemFields
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
              ...QueueFileWithBytesFields
            }
          }
        }
      }
      pageInfo {
        ...NextPageFields
      }
    }
  }
`);

const FORM_STATUSES: readonly InboxMessageStatus[] = ['OPEN', 'ANSWERED'];

/** Forms members sent from the inbox (spec 001 section 3): answered as a message (decision 0055), so no step here. */
export function FormsQueue({ canChange }: { canChange: boolean }) {
  const { t } = useTranslation();
  const { variables, filter } = useStatusFilter('OPEN', FORM_STATUSES, (s) => t(`backoffice.queues.formStatus.${s}`));
  const queue = useQueue(FormsQuery, 'forms', variables);
  const loadBytes = queue.bytesReader((node) => node.message.attachments);
  return (
    <QueueView
      queue="forms"
      canChange={canChange}
      filter={filter}
      headers={[t('backoffice.queues.receivedAt'), t('backoffice.queues.kind'), t('backoffice.queues.status')]}
      rows={queue.rows(
        (node) => nameOf(node.member),
        (node) => [formatLocalDateTime(node.submittedAt), t(`backoffice.queues.formKind.${node.kind}`), t(`backoffice.queues.formStatus.${node.status}`)],
      )}
      {...queue.view}
      panel={(open) => ({
        heading: `${t(`backoffice.queues.formKind.${open.kind}`)} – ${nameOf(open.member)}`,
        facts: [
          [t('backoffice.queues.svnr'), open.member.svnr],
          [t('backoffice.queues.receivedAt'), formatLocalDateTime(open.submittedAt)],
          [t('backoffice.queues.status'), t(`backoffice.queues.formStatus.${open.status}`)],
        ],
        steps: (
          <>
            <QueueFiles files={open.message.attachments} loadBytes={loadBytes} />
            <p>{t('backoffice.queues.formAnswer')}</p>
          </>
        ),
      })}
    />
  );
}
