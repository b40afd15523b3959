import { useId, useState } from 'react';
import { useMutation } from '@apollo/client/react';
import { useTranslation } from 'react-i18next';
import { formatLocalDateTime } from '@contract/format';
import { Notice } from '../components/ui/notice';
import { AssignToMe } from './assign-to-me';
import { graphql } from './gql';
import type { PublicUploadStatus } from './gql/graphql';
import { QueueFiles, QueuePanel, QueueView, isKnownCode } from './queue-parts';
import { nameOf, PAGE_REFETCH } from './queue-shared';
import { statusOptions, useQueue } from './use-queue';

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
            ...QueueMemberFields
          }
          firstName
          lastName
          svnr
          email
          message
          createdAt
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
  const svnrId = useId();
  const lastNameId = useId();
  const [status, setStatus] = useState<PublicUploadStatus | ''>('UNASSIGNED');
  const variables = { status: status === '' ? null : [status], after: null };
  const [svnr, setSvnr] = useState('');
  const [lastName, setLastName] = useState('');
  const [outcome, setOutcome] = useState<{ tone: 'success' | 'error'; text: string } | null>(null);
  const queue = useQueue(UploadsQuery, 'publicUploads', variables, clearStep);
  const open = queue.open;
  const loadBytes = queue.bytesReader(UploadFilesQuery, (data, id) => data?.publicUploads.edges.find((edge) => edge.node.id === id)?.node.files);
  const [assign, assigning] = useMutation(AssignPublicUploadMutation, { refetchQueries: ['BackofficeUploads', ...PAGE_REFETCH] });
  const onAssign = async (uploadId: string) => {
    const { data: answer } = await assign({ variables: { input: { uploadId, svnr, lastName } } }).catch(() => ({ data: undefined }));
    const result = answer?.assignPublicUpload;
    if (result?.ok) setOutcome({ tone: 'success', text: t('backoffice.queues.uploadDone', { name: nameOf(result.ok.upload.member) }) });
    else {
      const code = result?.error?.code ?? '';
      setOutcome({ tone: 'error', text: isKnownCode(UPLOAD_ERRORS, code) ? t(`backoffice.queues.uploadError.${code}`) : t('backoffice.queues.errorOther') });
    }
  };
  /** Clears the step's form and outcome when another item opens. */
  function clearStep() {
    setOutcome(null);
    setSvnr('');
    setLastName('');
  }
  return (
    <QueueView
      queue="uploads"
      filter={{
        value: status,
        onChange: (value) => setStatus(value as PublicUploadStatus | ''),
        options: statusOptions(t('backoffice.queues.all'), UPLOAD_STATUSES, (s) => t(`backoffice.queues.uploadStatus.${s}`)),
      }}
      headers={[t('backoffice.queues.receivedAt'), t('backoffice.queues.kind'), t('backoffice.queues.status'), t('backoffice.queues.assignee')]}
      rows={queue.rows((node) => ({
        id: node.id,
        member: node.member ? nameOf(node.member) : `${node.lastName} ${node.firstName}`,
        cells: [
          formatLocalDateTime(node.createdAt),
          t(`backoffice.queues.uploadKind.${node.kind === 'MERGE' ? 'MERGE' : 'UPLOAD_FORM'}`),
          t(`backoffice.queues.uploadStatus.${node.status}`),
          node.assignee?.name ?? '–',
        ],
      }))}
      {...queue.view}
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
            onClose={queue.close}
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
