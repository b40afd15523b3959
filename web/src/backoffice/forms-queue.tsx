import { useState } from 'react';
import { useApolloClient, useQuery } from '@apollo/client/react';
import { useTranslation } from 'react-i18next';
import { formatLocalDateTime } from '@contract/format';
import { AssignToMe } from './assign-to-me';
import { graphql } from './gql';
import type { InboxMessageStatus } from './gql/graphql';
import { QueueFiles, QueuePanel, QueueView } from './queue-parts';
import { cursorBefore, merged, nameOf } from './queue-shared';

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
            id
            firstName
            lastName
            svnr
          }
          message {
            id
            subject
            attachments {
              id
              fileName
              contentType
              sizeBytes
            }
          }
          assignee {
            name
          }
        }
      }
      pageInfo {
        hasNextPage
        endCursor
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
  const client = useApolloClient();
  const [status, setStatus] = useState<InboxMessageStatus | ''>('OPEN');
  const variables = { status: status === '' ? null : [status], after: null };
  const { data, loading, error, fetchMore } = useQuery(FormsQuery, { variables, notifyOnNetworkStatusChange: true });
  const [openId, setOpenId] = useState<string | null>(null);
  const edges = data?.forms.edges ?? [];
  const open = edges.find((edge) => edge.node.id === openId)?.node;
  const loadBytes = async () => {
    const after = cursorBefore(edges, openId!, (edge: (typeof edges)[number]) => edge.node.id);
    const { data: files } = await client.query({ query: FormFilesQuery, variables: { status: variables.status, after }, fetchPolicy: 'no-cache' });
    const node = files?.forms.edges.find((edge) => edge.node.id === openId)?.node;
    return new Map((node?.message.attachments ?? []).map((file) => [file.id, file.contentBase64 ?? null]));
  };
  return (
    <QueueView
      queue="forms"
      filter={{
        value: status,
        onChange: (value) => setStatus(value as InboxMessageStatus | ''),
        options: [{ value: '', label: t('backoffice.queues.all') }, ...FORM_STATUSES.map((s) => ({ value: s, label: t(`backoffice.queues.formStatus.${s}`) }))],
      }}
      headers={[t('backoffice.queues.receivedAt'), t('backoffice.queues.kind'), t('backoffice.queues.status'), t('backoffice.queues.assignee')]}
      rows={data?.forms.edges.map(({ node }) => ({
        id: node.id,
        member: nameOf(node.member),
        cells: [formatLocalDateTime(node.submittedAt), t(`backoffice.queues.formKind.${node.kind}`), t(`backoffice.queues.formStatus.${node.status}`), node.assignee?.name ?? '–'],
      }))}
      loading={loading}
      failed={Boolean(error)}
      hasMore={Boolean(data?.forms.pageInfo.hasNextPage)}
      onMore={() =>
        void fetchMore({
          variables: { ...variables, after: data?.forms.pageInfo.endCursor ?? null },
          updateQuery: (previous, { fetchMoreResult }) => ({ ...fetchMoreResult, forms: merged(previous.forms, fetchMoreResult.forms) }),
        })
      }
      openId={openId}
      onOpen={setOpenId}
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
            onClose={() => setOpenId(null)}
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
