import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { formatDate } from '@contract/format';
import { ErrorState } from '../../../components/ui/error-state';
import { LoadingState } from '../../../components/ui/loading-state';
import { Notice } from '../../../components/ui/notice';
import { paths, routeAvailable, tenantIdOf } from '../../../config/paths';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { useMergePage } from '../api/get-merge-page';
import { EligibilityPanel } from './eligibility-panel';
import { MergeForm, type SentMerge } from './merge-form';
import '../merge.css';

/**
 * `/abfertigungsbeitraege-zusammenlegen` (decision 0023; spec 000 section 2, main tenant): merging contribution-free
 * Vorsorgekasse accounts into the current one. The eligibility is explained first; the form follows only when the
 * member may merge, and after sending the screen confirms the request (its PDF confirmation is in the inbox).
 */
export function MergePage() {
  const { t } = useTranslation();
  useDocumentTitle(t('merge.pageTitle'));
  const { data, loading, error, refetch } = useMergePage();
  const [sent, setSent] = useState<SentMerge | null>(null);
  const me = data?.me;
  let body;
  if (error && !me) body = <ErrorState onRetry={() => void refetch()} />;
  else if (loading && !me) body = <LoadingState />;
  else if (me && data) {
    const tenant = tenantIdOf(data.clientConfig.tenant);
    body = sent ? (
      <section className="card merge-card" aria-labelledby="merge-success">
        <h2 id="merge-success">{t('merge.success.heading')}</h2>
        <Notice tone="success">
          <p>{t('merge.success.text', { date: formatDate(sent.submittedOn), accounts: sent.accountNumbers.join(', '), target: sent.targetAccountNumber })}</p>
          <p>{t('merge.success.confirmation')}</p>
        </Notice>
        <p className="merge-actions">
          {routeAvailable(tenant, 'inboxMessages') ? <Link to={paths.inboxMessages.getHref()}>{t('merge.success.toInbox')}</Link> : null}
          <Link to={paths.dashboard.getHref()}>{t('merge.success.toDashboard')}</Link>
        </p>
      </section>
    ) : (
      <>
        <EligibilityPanel eligibility={me.mergeEligibility} />
        {me.mergeEligibility.eligible ? <MergeForm sender={{ kind: 'member', person: me, onSent: setSent }} /> : null}
      </>
    );
  }
  return (
    <div className="merge-page">
      <h1 tabIndex={-1}>{t('merge.heading')}</h1>
      <p className="lead">{t('merge.intro')}</p>
      {body}
    </div>
  );
}
