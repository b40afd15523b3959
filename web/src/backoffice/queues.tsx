import { useId, useState } from 'react';
import { useApolloClient, useMutation, useQuery } from '@apollo/client/react';
import { useTranslation } from 'react-i18next';
import { formatDate, formatLocalDateTime, formatMoney } from '@contract/format';
import { Notice } from '../components/ui/notice';
import { AssignToMe } from './assign-to-me';
import { graphql } from './gql';
import type { InboxMessageStatus, MandateStatus, MergeRequestStatus, PublicUploadStatus } from './gql/graphql';
import { QueueFiles, QueuePanel, QueueView, isKnownCode } from './queue-parts';

/*
 * The five queues of the workbench besides the claims (decision 0058). Each reads its connection of the fund's API
 * (decision 0055) oldest first, 50 at a time, with the status filter, the item's `assignee`, and opens the item's
 * panel: facts, "Mir zuweisen", files, and the next steps its API offers. A file's bytes are read only when shown,
 * with the same connection after the previous row's cursor (`first: 1`): the item itself, without a by-id read.
 */

const PAGE_REFETCH = ['BackofficeQueueCounts'];
const merged = <T extends { edges: unknown[] }>(previous: T, next: T): T => ({ ...next, edges: [...previous.edges, ...next.edges] });
const nameOf = (member: { firstName: string; lastName: string } | null | undefined) => (member ? `${member.lastName} ${member.firstName}` : '');
/** The cursor before row `index` of `edges` (null for the first): `first: 1` after it reads that row again. */
const cursorBefore = (edges: { cursor: string }[], id: string, idOf: (edge: never) => string) => {
  const index = edges.findIndex((edge) => idOf(edge as never) === id);
  return index > 0 ? edges[index - 1]!.cursor : null;
};

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

const MergesQuery = graphql(`
  query BackofficeMerges($status: [MergeRequestStatus!], $after: String) {
    mergeRequests(status: $status, first: 50, after: $after) {
      edges {
        cursor
        node {
          id
          status
          member {
            id
            firstName
            lastName
            svnr
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
  const client = useApolloClient();
  const noteId = useId();
  const [status, setStatus] = useState<MergeRequestStatus | ''>('PENDING');
  const variables = { status: status === '' ? null : [status], after: null };
  const { data, loading, error, fetchMore } = useQuery(MergesQuery, { variables, notifyOnNetworkStatusChange: true });
  const [openId, setOpenId] = useState<string | null>(null);
  const [note, setNote] = useState('');
  const [outcome, setOutcome] = useState<{ tone: 'success' | 'error'; text: string } | null>(null);
  const [resolve, resolving] = useMutation(ResolveMergeMutation, { refetchQueries: ['BackofficeMerges', ...PAGE_REFETCH] });
  const edges = data?.mergeRequests.edges ?? [];
  const open = edges.find((edge) => edge.node.id === openId)?.node;
  const loadBytes = async () => {
    const after = cursorBefore(edges, openId!, (edge: (typeof edges)[number]) => edge.node.id);
    const { data: files } = await client.query({ query: MergeFilesQuery, variables: { status: variables.status, after }, fetchPolicy: 'no-cache' });
    const node = files?.mergeRequests.edges.find((edge) => edge.node.id === openId)?.node;
    return new Map((node?.files ?? []).map((file) => [file.id, file.contentBase64 ?? null]));
  };
  const onResolve = async (mergeRequestId: string, to: 'DONE' | 'DECLINED') => {
    const { data: answer } = await resolve({ variables: { input: { mergeRequestId, status: to, note: note.trim() === '' ? null : note } } }).catch(() => ({ data: undefined }));
    const result = answer?.resolveMergeRequest;
    if (result?.ok) setOutcome({ tone: 'success', text: t('backoffice.queues.mergeResolved', { status: t(`backoffice.queues.mergeStatus.${result.ok.status}`) }) });
    else {
      const code = result?.error?.code ?? '';
      setOutcome({ tone: 'error', text: isKnownCode(MERGE_ERRORS, code) ? t(`backoffice.queues.mergeError.${code}`) : t('backoffice.queues.errorOther') });
    }
  };
  const openItem = (id: string) => {
    setOpenId(id);
    setOutcome(null);
    setNote('');
  };
  return (
    <QueueView
      queue="merges"
      filter={{
        value: status,
        onChange: (value) => setStatus(value as MergeRequestStatus | ''),
        options: [{ value: '', label: t('backoffice.queues.all') }, ...MERGE_STATUSES.map((s) => ({ value: s, label: t(`backoffice.queues.mergeStatus.${s}`) }))],
      }}
      headers={[t('backoffice.queues.receivedAt'), t('backoffice.queues.mergeAccounts'), t('backoffice.queues.status'), t('backoffice.queues.assignee')]}
      rows={data?.mergeRequests.edges.map(({ node }) => ({
        id: node.id,
        member: nameOf(node.member),
        cells: [
          formatLocalDateTime(node.submittedAt),
          `${node.accountNumbers.join(', ')} → ${node.targetAccountNumber}`,
          t(`backoffice.queues.mergeStatus.${node.status}`),
          node.assignee?.name ?? '–',
        ],
      }))}
      loading={loading}
      failed={Boolean(error)}
      hasMore={Boolean(data?.mergeRequests.pageInfo.hasNextPage)}
      onMore={() =>
        void fetchMore({
          variables: { ...variables, after: data?.mergeRequests.pageInfo.endCursor ?? null },
          updateQuery: (previous, { fetchMoreResult }) => ({ ...fetchMoreResult, mergeRequests: merged(previous.mergeRequests, fetchMoreResult.mergeRequests) }),
        })
      }
      openId={openId}
      onOpen={openItem}
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
            onClose={() => setOpenId(null)}
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

const MandatesQuery = graphql(`
  query BackofficeMandates($status: [MandateStatus!], $after: String) {
    mandates(status: $status, first: 50, after: $after) {
      edges {
        cursor
        node {
          id
          member {
            id
            firstName
            lastName
            svnr
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
        hasNextPage
        endCursor
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
  const { data, loading, error, fetchMore } = useQuery(MandatesQuery, { variables, notifyOnNetworkStatusChange: true });
  const [openId, setOpenId] = useState<string | null>(null);
  const [note, setNote] = useState('');
  const [outcome, setOutcome] = useState<{ tone: 'success' | 'error'; text: string } | null>(null);
  const [change, changing] = useMutation(SetMandateStatusMutation, { refetchQueries: ['BackofficeMandates', ...PAGE_REFETCH] });
  const open = data?.mandates.edges.find((edge) => edge.node.id === openId)?.node;
  const onChange = async (mandateId: string, to: 'LAPSED' | 'COLLECTED') => {
    const { data: answer } = await change({ variables: { input: { mandateId, status: to, note: note.trim() === '' ? null : note } } }).catch(() => ({ data: undefined }));
    const result = answer?.setMandateStatus;
    if (result?.ok) setOutcome({ tone: 'success', text: t('backoffice.queues.mandateChanged', { status: t(`backoffice.queues.mandateStatus.${result.ok.status}`) }) });
    else {
      const code = result?.error?.code ?? '';
      setOutcome({ tone: 'error', text: isKnownCode(MANDATE_ERRORS, code) ? t(`backoffice.queues.mandateError.${code}`) : t('backoffice.queues.errorOther') });
    }
  };
  const openItem = (id: string) => {
    setOpenId(id);
    setOutcome(null);
    setNote('');
  };
  const offered = (m: { status: MandateStatus; type: string }): ('LAPSED' | 'COLLECTED')[] =>
    m.status !== 'ACTIVE' ? [] : m.type === 'ONE_OFF' ? ['COLLECTED', 'LAPSED'] : ['LAPSED'];
  return (
    <QueueView
      queue="mandates"
      filter={{
        value: status,
        onChange: (value) => setStatus(value as MandateStatus | ''),
        options: [{ value: '', label: t('backoffice.queues.all') }, ...MANDATE_STATUSES.map((s) => ({ value: s, label: t(`backoffice.queues.mandateStatus.${s}`) }))],
      }}
      headers={[
        t('backoffice.queues.receivedAt'),
        t('backoffice.queues.kind'),
        t('backoffice.queues.mandateAmount'),
        t('backoffice.queues.status'),
        t('backoffice.queues.assignee'),
      ]}
      rows={data?.mandates.edges.map(({ node }) => ({
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
      loading={loading}
      failed={Boolean(error)}
      hasMore={Boolean(data?.mandates.pageInfo.hasNextPage)}
      onMore={() =>
        void fetchMore({
          variables: { ...variables, after: data?.mandates.pageInfo.endCursor ?? null },
          updateQuery: (previous, { fetchMoreResult }) => ({ ...fetchMoreResult, mandates: merged(previous.mandates, fetchMoreResult.mandates) }),
        })
      }
      openId={openId}
      onOpen={openItem}
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
            onClose={() => setOpenId(null)}
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

const PremiumsQuery = graphql(`
  query BackofficePremiums($signedSince: DateTime, $after: String) {
    premiumApplications(signedSince: $signedSince, first: 50, after: $after) {
      edges {
        cursor
        node {
          id
          member {
            id
            firstName
            lastName
            svnr
          }
          street
          postcode
          city
          country
          birthDate
          signatureKind
          signature
          signedAt
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

/** Thirty days in milliseconds: the "recent" filter of the premium applications. */
const RECENT_MS = 30 * 24 * 3_600_000;

/** § 108a EStG premium applications: no status of their own (the fund forwards them); filtered by the signing time. */
export function PremiumsQueue({ canChange }: { canChange: boolean }) {
  const { t } = useTranslation();
  const [recent, setRecent] = useState('');
  const [since] = useState(() => new Date(Date.now() - RECENT_MS).toISOString());
  const variables = { signedSince: recent === 'RECENT' ? since : null, after: null };
  const { data, loading, error, fetchMore } = useQuery(PremiumsQuery, { variables, notifyOnNetworkStatusChange: true });
  const [openId, setOpenId] = useState<string | null>(null);
  const open = data?.premiumApplications.edges.find((edge) => edge.node.id === openId)?.node;
  const signatureText = (a: { signatureKind: string; signature: string }) => (a.signatureKind === 'TYPED' ? a.signature : t('backoffice.queues.premiumSignature'));
  return (
    <QueueView
      queue="premiums"
      filter={{
        value: recent,
        onChange: setRecent,
        options: [
          { value: '', label: t('backoffice.queues.premiumAll') },
          { value: 'RECENT', label: t('backoffice.queues.premiumRecent') },
        ],
      }}
      headers={[t('backoffice.queues.receivedAt'), t('backoffice.queues.premiumBirthDate'), t('backoffice.queues.assignee')]}
      rows={data?.premiumApplications.edges.map(({ node }) => ({
        id: node.id,
        member: nameOf(node.member),
        cells: [formatLocalDateTime(node.signedAt), formatDate(node.birthDate), node.assignee?.name ?? '–'],
      }))}
      loading={loading}
      failed={Boolean(error)}
      hasMore={Boolean(data?.premiumApplications.pageInfo.hasNextPage)}
      onMore={() =>
        void fetchMore({
          variables: { ...variables, after: data?.premiumApplications.pageInfo.endCursor ?? null },
          updateQuery: (previous, { fetchMoreResult }) => ({ ...fetchMoreResult, premiumApplications: merged(previous.premiumApplications, fetchMoreResult.premiumApplications) }),
        })
      }
      openId={openId}
      onOpen={setOpenId}
      panel={
        open ? (
          <QueuePanel
            key={open.id}
            heading={`${t('backoffice.queues.item.premiums')} – ${nameOf(open.member)}`}
            facts={[
              [t('backoffice.queues.svnr'), open.member.svnr],
              [t('backoffice.queues.premiumAddress'), `${open.street}, ${open.postcode} ${open.city}, ${open.country}`],
              [t('backoffice.queues.premiumBirthDate'), formatDate(open.birthDate)],
              [t('backoffice.queues.receivedAt'), formatLocalDateTime(open.signedAt)],
              [t('backoffice.queues.premiumSignature'), signatureText(open)],
            ]}
            onClose={() => setOpenId(null)}
          >
            {open.signatureKind === 'DRAWN' && open.signature.startsWith('data:image/png;base64,') ? (
              <img className="backoffice-files__image" src={open.signature} alt={t('backoffice.queues.premiumSignatureImage', { name: nameOf(open.member) })} />
            ) : null}
            <AssignToMe kind="PREMIUM_APPLICATION" id={open.id} assignee={open.assignee} canChange={canChange} refetchQueries={['BackofficePremiums']} />
            <p>{t('backoffice.queues.premiumNoStatus')}</p>
          </QueuePanel>
        ) : null
      }
    />
  );
}
