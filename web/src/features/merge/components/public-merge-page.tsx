import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { formatDate } from '@contract/format';
import { useCaptcha } from '../../../components/ui/captcha';
import { Notice } from '../../../components/ui/notice';
import { paths } from '../../../config/paths';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { MergeForm, type SentPublicMerge } from './merge-form';
import '../merge.css';

/**
 * `/abfertigungsbeitraege-zusammenlegen-upload` (decision 0023; spec 000 routes table, spec 001 section 5 "merge with
 * upload"; main tenant): the merge request without a login. The eligibility cannot be shown without a login, so the
 * screen says that the fund checks it (decision 0023 "Without a login") and points to the logged-in variant; the form
 * is the logged-in one with the e-mail confirmation and the captcha (solved in the browser when the page opens).
 */
export function PublicMergePage() {
  const { t } = useTranslation();
  useDocumentTitle(t('merge.public.pageTitle'));
  const captcha = useCaptcha();
  const [sent, setSent] = useState<SentPublicMerge | null>(null);
  const doneHeading = useRef<HTMLHeadingElement>(null);

  useEffect(() => {
    if (sent) doneHeading.current?.focus();
  }, [sent]);

  return (
    <div className="merge-page">
      <h1 tabIndex={-1}>{t('merge.public.heading')}</h1>
      <p className="lead">{t('merge.public.intro')}</p>
      {sent ? (
        <section className="card merge-card" aria-labelledby="public-merge-success">
          <h2 id="public-merge-success" ref={doneHeading} tabIndex={-1}>
            {t('merge.public.success.heading')}
          </h2>
          <Notice tone="success">{t('merge.public.success.text', { date: formatDate(sent.submittedOn), email: sent.email })}</Notice>
          <p>{t('merge.public.success.files', { count: sent.fileCount })}</p>
          <p className="merge-actions">
            <Link to={paths.root.getHref()}>{t('merge.public.success.again')}</Link>
          </p>
        </section>
      ) : (
        <>
          <Notice tone="info">
            <p>{t('merge.public.eligibility')}</p>
            <p>
              {t('merge.public.withLogin')} <Link to={paths.login.getHref()}>{t('merge.public.toLogin')}</Link>
            </p>
          </Notice>
          <MergeForm sender={{ kind: 'public', captcha, onSent: setSent }} />
        </>
      )}
    </div>
  );
}
