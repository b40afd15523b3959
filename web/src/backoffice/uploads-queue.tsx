import { useId, useState } from 'react';
import { useApolloClient, useMutation, useQuery } from '@apollo/client/react';
import { useTranslation } from 'react-i18next';
import { formatLocalDateTime } from '@contract/format';
import { Notice } from '../components/ui/notice';
import { AssignToMe } from './assign-to-me';
import { graphql } from './gql';
import type { PublicUploadStatus } from './gql/graphql';
import { QueueFiles, QueuePanel, QueueView, isKnownCode } from './queue-parts';
import { cursorBefore, merged, nameOf, PAGE_REFETCH } from './queue-shared';

/*
 * One of the five queues of the workbench besides the claims (decision 0058). Each reads its connection of the fund's API
 * (decision 0055) oldest first, 50 at a time, with the status filter, the item's `assignee`, and opens the item's
 * panel: facts, "Mir zuweisen", files, and the next steps its API offers. A file's bytes are read only when shown,
 * with the same connection after the previous row's cursor (`first: 1`): the item itself, without a by-id read.
 */

const UploadsQuery = graphql(`
  query BackofficeUploads($status: [PublicUploadStatus!], $after: String) {
    publicUploads(status: $status, first: 50, after: $after) {
      edges {
        cursor
        node {
          id
          kind
          status
          member {
            id
            firstName
            lastName
            svnr
          }
          firstName
          lastName
          svnr
          email
          message
          createdAt
          files {
            id
            fileName
            contentType
            sizeBytes
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

const UploadFilesQuery = graphql(`
  query BackofficeUploadFiles($status: [PublicUploadStatus!], $after: String) {
    publicUploads(status: $status, first: 1, after: $after) {
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

const AssignPublicUploadMutation = graphql(`
  mutation BackofficeAssignPublicUpload($input: AssignPublicUploadInput!) {
    assignPublicUpload(input: $input) {
      ok {
        upload {
          id
          status
          member {
            id
            firstName
            lastName
          }
        }
      }
      error {
        code
        message
      }
    }
  }
`);

const UPLOAD_STATUSES: readonly PublicUploadStatus[] = ['UNASSIGNED', 'ASSIGNED'];
const UPLOAD_ERRORS = ['ALREADY_ASSIGNED', 'SVNR_INVALID', 'MEMBER_NOT_FOUND', 'NAME_MISMATCH'] as const;

/** Public uploads and public merge requests (decisions 0023, 0024): filed with a member by SVNR and last name. */
export function UploadsQueue({ canChange }: { canChange: boolean }) {
  const { t } = useTranslation();
  const client = useApolloClient();
  const svnrId = useId();
  const lastNameId = useId();
  const [status, setStatus] = useState<PublicUploadStatus | ''>('UNASSIGNED');
  const variables = { status: status === '' ? null : [status], after: null };
  const { data, loading, error, fetchMore } = useQuery(UploadsQuery, { variables, notifyOnNetworkStatusChange: true });
  const [openId, setOpenId] = useState<string | null>(null);
  const [svnr, setSvnr] = useState('');
  const [lastName, setLastName] = useState('');
  const [outcome, setOutcome] = useState<{ tone: 'success' | 'error'; text: string } | null>(null);
  const [assign, assigning] = useMutation(AssignPublicUploadMutation, { refetchQueries: ['BackofficeUploads', ...PAGE_REFETCH] });
  const edges = data?.publicUploads.edges ?? [];
  const open = edges.find((edge) => edge.node.id === openId)?.node;
  const loadBytes = async () => {
    const after = cursorBefore(edges, openId!, (edge: (typeof edges)[number]) => edge.node.id);
    const { data: files } = await client.query({ query: UploadFilesQuery, variables: { status: variables.status, after }, fetchPolicy: 'no-cache' });
    const node = files?.publicUploads.edges.find((edge) => edge.node.id === openId)?.node;
    return new Map((node?.files ?? []).map((file) => [file.id, file.contentBase64 ?? null]));
  };
  const onAssign = async (uploadId: string) => {
    const { data: answer } = await assign({ variables: { input: { uploadId, svnr, lastName } } }).catch(() => ({ data: undefined }));
    const result = answer?.assignPublicUpload;
    if (result?.ok) setOutcome({ tone: 'success', text: t('backoffice.queues.uploadDone', { name: nameOf(result.ok.upload.member) }) });
    else {
      const code = result?.error?.code ?? '';
      setOutcome({ tone: 'error', text: isKnownCode(UPLOAD_ERRORS, code) ? t(`backoffice.queues.uploadError.${code}`) : t('backoffice.queues.errorOther') });
    }
  };
  const openItem = (id: string) => {
    setOpenId(id);
    setOutcome(null);
    setSvnr('');
    setLastName('');
  };
  return (
    <QueueView
      queue="uploads"
      filter={{
        value: status,
        onChange: (value) => setStatus(value as PublicUploadStatus | ''),
        options: [{ value: '', label: t('backoffice.queues.all') }, ...UPLOAD_STATUSES.map((s) => ({ value: s, label: t(`backoffice.queues.uploadStatus.${s}`) }))],
      }}
      headers={[t('backoffice.queues.receivedAt'), t('backoffice.queues.kind'), t('backoffice.queues.status'), t('backoffice.queues.assignee')]}
      rows={data?.publicUploads.edges.map(({ node }) => ({
        id: node.id,
        member: node.member ? nameOf(node.member) : `${node.lastName} ${node.firstName}`,
        cells: [
          formatLocalDateTime(node.createdAt),
          t(`backoffice.queues.uploadKind.${node.kind === 'MERGE' ? 'MERGE' : 'UPLOAD_FORM'}`),
          t(`backoffice.queues.uploadStatus.${node.status}`),
          node.assignee?.name ?? '–',
        ],
      }))}
      loading={loading}
      failed={Boolean(error)}
      hasMore={Boolean(data?.publicUploads.pageInfo.hasNextPage)}
      onMore={() =>
        void fetchMore({
          variables: { ...variables, after: data?.publicUploads.pageInfo.endCursor ?? null },
          updateQuery: (previous, { fetchMoreResult }) => ({ ...fetchMoreResult, publicUploads: merged(previous.publicUploads, fetchMoreResult.publicUploads) }),
        })
      }
      openId={openId}
      onOpen={openItem}
      panel={
        open ? (
          <QueuePanel
            key={open.id}
            heading={`${t(`backoffice.queues.uploadKind.${open.kind === 'MERGE' ? 'MERGE' : 'UPLOAD_FORM'}`)} – ${open.lastName} ${open.firstName}`}
            facts={[
              [t('backoffice.queues.svnr'), open.svnr],
              [t('backoffice.queues.email'), open.email],
              [t('backoffice.queues.receivedAt'), formatLocalDateTime(open.createdAt)],
              [t('backoffice.queues.uploadMessage'), open.message || '–'],
              [t('backoffice.queues.member'), open.member ? `${nameOf(open.member)} (${open.member.svnr})` : t('backoffice.queues.noMember')],
            ]}
            onClose={() => setOpenId(null)}
          >
            <AssignToMe kind="PUBLIC_UPLOAD" id={open.id} assignee={open.assignee} canChange={canChange} refetchQueries={['BackofficeUploads']} />
            <QueueFiles files={open.files} loadBytes={loadBytes} />
            {outcome ? <Notice tone={outcome.tone}>{outcome.text}</Notice> : null}
            {canChange && open.status === 'UNASSIGNED' ? (
              <form
                onSubmit={(event) => {
                  event.preventDefault();
                  void onAssign(open.id);
                }}
              >
                <h3>{t('backoffice.queues.uploadAssign')}</h3>
                <div className="field">
                  <label htmlFor={svnrId} className="field__label">
                    {t('backoffice.queues.uploadSvnr')}
                  </label>
                  <input
                    id={svnrId}
                    className="field__input field__input--narrow"
                    inputMode="numeric"
                    autoComplete="off"
                    maxLength={14}
                    value={svnr}
                    onChange={(event) => setSvnr(event.target.value)}
                  />
                </div>
                <div className="field">
                  <label htmlFor={lastNameId} className="field__label">
                    {t('backoffice.queues.uploadLastName')}
                  </label>
                  <input id={lastNameId} className="field__input" autoComplete="off" maxLength={100} value={lastName} onChange={(event) => setLastName(event.target.value)} />
                </div>
                <button type="submit" className="button button--primary" disabled={assigning.loading}>
                  {t('backoffice.queues.uploadSubmit')}
                </button>
              </form>
            ) : null}
          </QueuePanel>
        ) : null
      }
    />
  );
}
