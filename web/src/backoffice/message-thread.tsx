import { useId, useState, type FormEvent } from 'react';
import { useLazyQuery, useMutation } from '@apollo/client/react';
import { useTranslation } from 'react-i18next';
import { formatLocalDateTime } from '@contract/format';
import { Notice } from '../components/ui/notice';
import { AssignToMe } from './assign-to-me';
import { graphql } from './gql';
import type { InboxMessageStatus, MessageThread_InboxMessageFragmentFragment as ThreadMessage } from './gql/graphql';

/** The message again with the bytes of its files: one item after the cursor of the edge before it (decision 0055). */
const MessageFilesQuery = graphql(`
  query BackofficeMessageFiles($status: [InboxMessageStatus!], $after: String) {
    messages(status: $status, first: 1, after: $after) {
      edges {
        node {
          id
          attachments {
            id
            fileName
            contentType
            contentBase64
          }
        }
      }
    }
  }
`);

const ReplyMutation = graphql(`
  mutation BackofficeReplyToMessage($input: ReplyToMessageInput!) {
    replyToMessage(input: $input) {
      ok {
        noticeSent
        message {
          id
          subject
          text
          sentAt
          attachments {
            id
            fileName
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

/** What the thread shows of a member's message: the messages screen's list selects it for each row. */
export const MessageThreadMessage = graphql(`
  fragment MessageThread_InboxMessageFragment on InboxMessage {
    ...QueueItemFields
    member {
      ...QueueMemberFields
    }
    customerDesignation
    mailbox
    counterpart
    subject
    text
    sentAt
    status
    answeredAt
    attachments {
      ...QueueFileFields
    }
  }
`);

/** The refusals of `replyToMessage` the catalogue names (messages.graphql `MessageSentResult`). */
const KNOWN_ERRORS = new Set([
  'TEXT_REQUIRED',
  'TEXT_TOO_LONG',
  'TOO_MANY_ATTACHMENTS',
  'ATTACHMENT_INVALID',
  'NOT_A_MEMBER_MESSAGE',
  'MEMBER_NOT_FOUND',
  'NO_BOARD_SEAT',
] as const);
type KnownError = typeof KNOWN_ERRORS extends Set<infer T> ? T : never;

/** The types a member may receive (spec 001 section 5), by extension when the browser names none. */
const ACCEPT = '.pdf,.jpg,.jpeg,.tif,.tiff,application/pdf,image/jpeg,image/tiff';
function contentTypeOf(file: File): string {
  if (file.type) return file.type;
  const ext = file.name.toLowerCase().split('.').pop();
  return ext === 'pdf' ? 'application/pdf' : ext === 'tif' || ext === 'tiff' ? 'image/tiff' : 'image/jpeg';
}

/** A file's bytes base64-encoded (RFC 4648 section 4), as `FundFileInput.contentBase64` expects. */
async function base64Of(file: File): Promise<string> {
  const bytes = new Uint8Array(await file.arrayBuffer());
  let binary = '';
  for (let i = 0; i < bytes.length; i += 0x8000) binary += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  return btoa(binary);
}

/**
 * A member's message opened as its thread (spec 001 sections 3 and 5; decisions 0054, 0055): member, mailbox,
 * recipient, subject and text; the member's attachments, whose bytes the API hands out in `contentBase64` only (no
 * download route, decision 0055) — loaded on request, each offered for download and an image shown in the page; and,
 * for roles with messages:write, the answer with text and up to 5 PDF, JPG or TIFF files (`replyToMessage`, its
 * refusals shown from the catalogue). `listed` is the queue's filter and the cursor of the edge before this message.
 */
export function MessageThread({
  message,
  listed,
  canAnswer,
  onClose,
}: {
  message: ThreadMessage;
  listed: { status: InboxMessageStatus[] | null; after: string | null };
  canAnswer: boolean;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const id = useId();
  const [text, setText] = useState('');
  const [files, setFiles] = useState<File[]>([]);
  const [refusal, setRefusal] = useState<string | null>(null);
  const [loadFiles, loaded] = useLazyQuery(MessageFilesQuery, { fetchPolicy: 'network-only' });
  const [reply, replied] = useMutation(ReplyMutation, {
    refetchQueries: ['BackofficeOpenMessages'],
    // The message stays in the list as answered until the list is loaded again (the filter may be "unanswered").
    update(cache, { data }) {
      const sent = data?.replyToMessage.ok?.message;
      if (!sent) return;
      cache.modify({
        id: cache.identify({ __typename: 'InboxMessage', id: message.id }),
        fields: { status: () => 'ANSWERED', answeredAt: (v: string | null) => v ?? sent.sentAt },
      });
    },
  });
  const name = `${message.member.firstName} ${message.member.lastName}`;
  const fetched = loaded.data?.messages.edges[0]?.node;
  const withBytes = fetched?.id === message.id ? fetched.attachments : null;
  const answer = replied.data?.replyToMessage.ok;

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setRefusal(null);
    const attachments = await Promise.all(files.map(async (file) => ({ fileName: file.name, contentType: contentTypeOf(file), contentBase64: await base64Of(file) })));
    const { data } = await reply({ variables: { input: { messageId: message.id, text, attachments } } });
    const error = data?.replyToMessage.error;
    if (error)
      setRefusal(KNOWN_ERRORS.has(error.code as KnownError) ? t(`backoffice.messages.reply.error.${error.code as KnownError}`) : t('backoffice.messages.reply.error.other'));
    else if (data?.replyToMessage.ok) {
      setText('');
      setFiles([]);
    }
  };

  return (
    <section className="card backoffice-claim" aria-labelledby={`${id}-heading`}>
      <h2 id={`${id}-heading`}>{t('backoffice.messages.thread.heading', { name })}</h2>
      <dl className="backoffice-claim__facts">
        <dt>{t('backoffice.messages.thread.svnr')}</dt>
        <dd>{message.member.svnr}</dd>
        {message.customerDesignation ? (
          <>
            <dt>{t('backoffice.messages.thread.customer')}</dt>
            <dd>{message.customerDesignation}</dd>
          </>
        ) : null}
        <dt>{t('backoffice.messages.thread.mailbox')}</dt>
        <dd>{t(`backoffice.messages.mailbox.${message.mailbox}`)}</dd>
        <dt>{t('backoffice.messages.thread.to')}</dt>
        <dd>{t(`backoffice.messages.counterpart.${message.counterpart}`)}</dd>
        <dt>{t('backoffice.messages.thread.sentAt')}</dt>
        <dd>{formatLocalDateTime(message.sentAt)}</dd>
        <dt>{t('backoffice.messages.thread.answeredAt')}</dt>
        <dd>{message.answeredAt ? formatLocalDateTime(message.answeredAt) : '–'}</dd>
        <dt>{t('backoffice.messages.thread.subject')}</dt>
        <dd>{message.subject}</dd>
      </dl>
      <AssignToMe kind="MESSAGE" id={message.id} assignee={message.assignee} canChange={canAnswer} refetchQueries={['BackofficeMessages']} />
      <h3>{t('backoffice.messages.thread.text')}</h3>
      <p className="backoffice-thread__text">{message.text}</p>
      <h3>{t('backoffice.messages.thread.attachments')}</h3>
      {message.attachments.length === 0 ? <p>{t('backoffice.messages.thread.noAttachments')}</p> : null}
      {message.attachments.length > 0 && !withBytes ? (
        <>
          <ul>
            {message.attachments.map((file) => (
              <li key={file.id}>
                {file.fileName} ({t('backoffice.messages.thread.size', { size: Math.max(1, Math.round(file.sizeBytes / 1024)) })})
              </li>
            ))}
          </ul>
          {fetched && fetched.id !== message.id ? <Notice tone="warning">{t('backoffice.messages.thread.attachmentsChanged')}</Notice> : null}
          <button type="button" className="button button--secondary" disabled={loaded.loading} onClick={() => void loadFiles({ variables: listed })}>
            {t('backoffice.messages.thread.loadAttachments')}
          </button>
        </>
      ) : null}
      {withBytes ? (
        <ul className="backoffice-documents">
          {withBytes.map((file) => {
            const href = file.contentBase64 ? `data:${file.contentType};base64,${file.contentBase64}` : null;
            return (
              <li key={file.id} className="backoffice-documents__item">
                {href && file.contentType === 'image/jpeg' ? (
                  <img className="backoffice-documents__image" src={href} alt={t('backoffice.messages.thread.imageAlt', { fileName: file.fileName })} />
                ) : null}
                {href ? (
                  <a href={href} download={file.fileName}>
                    {t('backoffice.messages.thread.download', { fileName: file.fileName })}
                  </a>
                ) : (
                  file.fileName
                )}
              </li>
            );
          })}
        </ul>
      ) : null}
      {answer ? (
        <>
          <Notice tone="success">{answer.noticeSent ? t('backoffice.messages.reply.sentNotice') : t('backoffice.messages.reply.sent')}</Notice>
          <h3>{t('backoffice.messages.reply.answer')}</h3>
          <p className="backoffice-thread__text">{answer.message.text}</p>
          {answer.message.attachments.length > 0 ? (
            <ul>
              {answer.message.attachments.map((file) => (
                <li key={file.id}>{file.fileName}</li>
              ))}
            </ul>
          ) : null}
        </>
      ) : null}
      {canAnswer && !answer ? (
        <form onSubmit={(event) => void submit(event)} noValidate>
          <h3>{t('backoffice.messages.reply.heading')}</h3>
          {refusal ? <Notice tone="error">{refusal}</Notice> : null}
          <div className="field">
            <label htmlFor={`${id}-text`} className="field__label">
              {t('backoffice.messages.reply.text')}
            </label>
            <textarea id={`${id}-text`} className="field__input" rows={6} maxLength={10000} value={text} onChange={(event) => setText(event.target.value)} />
          </div>
          <div className="field">
            <label htmlFor={`${id}-files`} className="field__label">
              {t('backoffice.messages.reply.files')}
            </label>
            <input id={`${id}-files`} type="file" multiple accept={ACCEPT} onChange={(event) => setFiles([...(event.target.files ?? [])])} />
          </div>
          {files.length > 0 ? (
            <ul aria-label={t('backoffice.messages.reply.chosen')}>
              {files.map((file) => (
                <li key={`${file.name}-${file.size}`}>{file.name}</li>
              ))}
            </ul>
          ) : null}
          <button type="submit" className="button button--primary" disabled={replied.loading}>
            {t('backoffice.messages.reply.send')}
          </button>
        </form>
      ) : null}
      <button type="button" className="button button--secondary" onClick={onClose}>
        {t('backoffice.messages.thread.close')}
      </button>
    </section>
  );
}
