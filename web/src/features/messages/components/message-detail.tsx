import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { formatLocalDateTime } from '@contract/format';
import { ErrorState } from '../../../components/ui/error-state';
import { formatFileSize } from '../../../components/ui/file-upload';
import { LoadingState } from '../../../components/ui/loading-state';
import { Notice } from '../../../components/ui/notice';
import { paths } from '../../../config/paths';
import { withLng } from '../../../lib/url-params';
import { useMarkMessageRead, useMessageDetail } from '../api/inbox';
import { BOARD_STEP } from './inbox-steps';

/** One message: sender or recipient, date, subject, the text in paragraphs and the attachments as downloads. Opening an unread message marks it read. */
export function MessageDetail({ id, step }: { id: string; step: string }) {
  const { t } = useTranslation();
  const { data, loading, error, refetch } = useMessageDetail(id);
  const me = data?.me;
  const message = me?.message;
  const [markRead] = useMarkMessageRead(me?.id);
  const marked = useRef<string | null>(null);
  useEffect(() => {
    if (message?.unread && marked.current !== message.id) {
      marked.current = message.id;
      void markRead({ variables: { input: { id: message.id } } }).catch(() => undefined);
    }
  }, [message, markRead]);
  if (error && !data) return <ErrorState onRetry={() => void refetch()} />;
  if (loading && !data) return <LoadingState />;
  const back = (
    <p>
      <Link to={paths.inbox.getHref(step)}>
        {step === 'gesendet' ? t('inbox.detail.backSent') : step === BOARD_STEP ? t('inbox.detail.backBoard') : t('inbox.detail.backReceived')}
      </Link>
    </p>
  );
  if (!message)
    return (
      <>
        <Notice tone="warning">{t('inbox.detail.notFound')}</Notice>
        {back}
      </>
    );
  return (
    <article className="message-detail" aria-labelledby="message-subject">
      <h2 id="message-subject">{message.subject}</h2>
      <dl className="message-detail__meta">
        <dt>{message.folder === 'SENT' ? t('inbox.detail.to') : t('inbox.detail.from')}</dt>
        <dd>{t(`inbox.counterpart.${message.counterpart}`)}</dd>
        <dt>{t('inbox.detail.date')}</dt>
        <dd>
          <time dateTime={message.sentAt}>{formatLocalDateTime(message.sentAt)}</time>
        </dd>
      </dl>
      <div className="message-detail__body">
        {message.body.split(/\n{2,}/).map((paragraph, index) => (
          <p key={index}>{paragraph}</p>
        ))}
      </div>
      {message.attachments.length > 0 ? (
        <section aria-labelledby="message-attachments">
          <h3 id="message-attachments">{t('inbox.detail.attachments')}</h3>
          <ul className="message-detail__attachments">
            {message.attachments.map((attachment) => (
              <li key={attachment.id}>
                <a href={withLng(attachment.downloadUrl)} download={attachment.fileName}>
                  {attachment.fileName}
                </a>{' '}
                <span className="muted">({formatFileSize(attachment.size)})</span>
              </li>
            ))}
          </ul>
        </section>
      ) : null}
      {back}
    </article>
  );
}
