import { useId, useState } from 'react';
import { useMutation } from '@apollo/client/react';
import { useTranslation } from 'react-i18next';
import { formatLocalDateTime } from '@contract/format';
import { graphql } from './gql';
import type { PublicUploadStatus } from './gql/graphql';
import { QueueFiles, QueueView, stepRefetch } from './queue-parts';
import { nameOf } from './queue-shared';
import { useStepOutcome } from './queue-step';
import { useQueue, useStatusFilter } from './use-queue';

/*
 * One of the five queues of the workbench besides the claims (decision 0058). Each reads its connection of the fund's API
 * (decision 0055) oldest first, 50 at a time, with the status filter, the item's `assignee`, and opens the item's
 * panel: facts, "Mir zuweisen", files, and the next steps its API offers. A file's bytes are read only when shown,
 * with the same connection after the previous row's cursor (`first: 1`): the item itself, without a by-id read.
 */

/**
 * What the queue's row and panel show of a public upload (decision 0068). `assignPublicUpload` answers it, so the
 * cache updates the open panel; its files with their bytes stay in the list query (`$withBytes`, decision 0055).
 */
graphql(`
  fragment UploadsQueue_PublicUploadFragment on PublicUpload {
    ...QueueItemFields
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
  }
`);

const UploadsQuery = graphql(`
  query BackofficeUploads($status: [PublicUploadStatus!], $after: String, $first: Int! = 50, $withBytes: Boolean! = false) {
    publicUploads(status: $status, first: $first, after: $after) {
      edges {
        cursor
        node {
          ...UploadsQueue_PublicUploadFragment
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

const AssignPublicUploadMutation = graphql(`
  mutation BackofficeAssignPublicUpload($input: AssignPublicUploadInput!) {
    assignPublicUpload(input: $input) {
      ok {
        upload {
          ...UploadsQueue_PublicUploadFragment
        }
      }
      error {
        code
      }
    }
  }
`);

const UPLOAD_STATUSES: readonly PublicUploadStatus[] = ['UNASSIGNED', 'ASSIGNED'];
const UPLOAD_ERRORS = ['ALREADY_ASSIGNED', 'SVNR_INVALID', 'MEMBER_NOT_FOUND', 'NAME_MISMATCH'] as const;

/** Public uploads and public merge requests (decisions 0023, 0024): filed with a member by SVNR and last name. */
export function UploadsQueue({ canChange }: { canChange: boolean }) {
  const { t } = useTranslation();
  const { variables, filter } = useStatusFilter('UNASSIGNED', UPLOAD_STATUSES, (s) => t(`backoffice.queues.uploadStatus.${s}`));
  const queue = useQueue(UploadsQuery, 'publicUploads', variables);
  const loadBytes = queue.bytesReader((node) => node.files);
  const kindText = (upload: { kind: string }) => t(`backoffice.queues.uploadKind.${upload.kind === 'MERGE' ? 'MERGE' : 'UPLOAD_FORM'}`);
  return (
    <QueueView
      queue="uploads"
      canChange={canChange}
      filter={filter}
      headers={[t('backoffice.queues.receivedAt'), t('backoffice.queues.kind'), t('backoffice.queues.status')]}
      rows={queue.rows(
        (node) => (node.member ? nameOf(node.member) : `${node.lastName} ${node.firstName}`),
        (node) => [formatLocalDateTime(node.createdAt), kindText(node), t(`backoffice.queues.uploadStatus.${node.status}`)],
      )}
      {...queue.view}
      panel={(open) => ({
        heading: `${kindText(open)} – ${open.lastName} ${open.firstName}`,
        facts: [
          [t('backoffice.queues.svnr'), open.svnr],
          [t('backoffice.queues.email'), open.email],
          [t('backoffice.queues.receivedAt'), formatLocalDateTime(open.createdAt)],
          [t('backoffice.queues.uploadMessage'), open.message || '–'],
          [t('backoffice.queues.member'), open.member ? `${nameOf(open.member)} (${open.member.svnr})` : t('backoffice.queues.noMember')],
        ],
        steps: (
          <>
            <QueueFiles files={open.files} loadBytes={loadBytes} />
            <FileWithMember key={queue.opened} uploadId={open.id} offered={canChange && open.status === 'UNASSIGNED'} />
          </>
        ),
      })}
    />
  );
}

/**
 * The upload's step: filing it with a member by SVNR and last name (the server finds the member and checks the name),
 * offered while it is UNASSIGNED; then the outcome.
 */
function FileWithMember({ uploadId, offered }: { uploadId: string; offered: boolean }) {
  const { t } = useTranslation();
  const svnrId = useId();
  const lastNameId = useId();
  const [svnr, setSvnr] = useState('');
  const [lastName, setLastName] = useState('');
  const { run, notice } = useStepOutcome({ known: UPLOAD_ERRORS, text: (code) => t(`backoffice.queues.uploadError.${code}`) });
  const [assign, assigning] = useMutation(AssignPublicUploadMutation, { refetchQueries: stepRefetch('uploads') });
  const onAssign = () =>
    run(
      assign({ variables: { input: { uploadId, svnr, lastName } } }).then(({ data }) => data?.assignPublicUpload),
      (ok) => t('backoffice.queues.uploadDone', { name: nameOf(ok.upload.member) }),
    );
  return (
    <>
      {notice}
      {offered ? (
        <form
          onSubmit={(event) => {
            event.preventDefault();
            void onAssign();
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
    </>
  );
}
