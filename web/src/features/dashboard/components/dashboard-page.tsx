import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router-dom';
import { EmptyState } from '../../../components/ui/empty-state';
import { ErrorState } from '../../../components/ui/error-state';
import { LoadingState } from '../../../components/ui/loading-state';
import { Notice } from '../../../components/ui/notice';
import { paths, tenantIdOf } from '../../../config/paths';
import { DASHBOARD_NOTICES, noticeOf } from '../../../lib/navigation-state';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { useDashboard } from '../api/get-dashboard';
import '../dashboard.css';
import { ClaimTeaser } from './claim-teaser';
import { DecisionDeadlines } from './decision-deadline';
import { DashboardWelcome } from './dashboard-welcome';
import { PensionContractSummary } from './pension-contract-summary';
import { quickLinksFor } from './quick-link-rules';
import { QuickLinks } from './quick-links';
import { SeveranceAccountSummary } from './severance-account-summary';
import { UnreadSummary } from './unread-summary';

/**
 * The dashboard (spec 001 section 2): greeting, unread messages and documents, the latest severance claim's status
 * (only when there is one, section 4), contracts and accounts with their latest figures, quick links by fund and
 * tenant. All of it comes from one query (one GraphQL round trip). After
 * a login answered with UPDATE_REGISTRATION it asks the member to review the stored data (the settings screen that
 * spec 000 section 4 sends them to is not built yet).
 */
export function DashboardPage() {
  const { t } = useTranslation();
  const location = useLocation();
  const notice = noticeOf(location.state, DASHBOARD_NOTICES);
  const { data, error, refetch } = useDashboard();
  useDocumentTitle(t('dashboard.pageTitle'));

  if (!data) {
    return error ? <ErrorState onRetry={() => void refetch()} /> : <LoadingState />;
  }
  if (!data.me) return <ErrorState onRetry={() => void refetch()} />;

  const { me } = data;
  const tenant = tenantIdOf(data.clientConfig.tenant);
  const hasPension = me.pensionContracts.length > 0;
  const hasSeverance = me.severanceAccounts.length > 0;
  // A supervisory-board member without own contract or account (spec 001 section 1; decision 0026).
  const boardOnly = me.supervisoryBoardSeats.length > 0 && !hasPension && !hasSeverance;
  const quickLinks = quickLinksFor({
    boardOnly,
    tenant,
    hasPension,
    hasPensionMembership: me.pensionContracts.some((contract) => contract.role === 'MEMBER'),
    hasSeverance,
    calculator: data.pensionCalculator.access !== 'NONE',
  });

  return (
    <div className="dashboard">
      <DashboardWelcome person={me} />
      {notice === 'reviewRegistration' ? (
        <Notice tone="info">
          {t('dashboard.reviewRegistration')} <Link to={paths.settings.getHref()}>{t('dashboard.reviewRegistrationLink')}</Link>
        </Notice>
      ) : null}
      <UnreadSummary person={me} tenant={tenant} boardOnly={boardOnly} />
      {me.latestSeveranceClaim ? <ClaimTeaser claim={me.latestSeveranceClaim} tenant={tenant} /> : null}
      <DecisionDeadlines accounts={me.claimableSeveranceAccounts} tenant={tenant} />
      {!hasPension && !hasSeverance ? <EmptyState>{boardOnly ? t('dashboard.boardOnly') : t('dashboard.empty')}</EmptyState> : null}
      <div className="dashboard__funds">
        {hasPension ? (
          <section aria-labelledby="dashboard-pension">
            <h2 id="dashboard-pension">{t('dashboard.pension.heading')}</h2>
            <div className="card-grid">
              {me.pensionContracts.map((contract) => (
                <PensionContractSummary key={contract.id} contract={contract} gender={me.gender} />
              ))}
            </div>
          </section>
        ) : null}
        {hasSeverance ? (
          <section aria-labelledby="dashboard-severance">
            <h2 id="dashboard-severance">{t('dashboard.severance.heading')}</h2>
            <div className="card-grid">
              {me.severanceAccounts.map((account) => (
                <SeveranceAccountSummary key={account.id} account={account} tenant={tenant} />
              ))}
            </div>
          </section>
        ) : null}
      </div>
      <QuickLinks links={quickLinks} />
    </div>
  );
}
