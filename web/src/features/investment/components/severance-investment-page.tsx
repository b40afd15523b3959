import { useTranslation } from 'react-i18next';
import { EmptyState } from '../../../components/ui/empty-state';
import { ErrorState } from '../../../components/ui/error-state';
import { LoadingState } from '../../../components/ui/loading-state';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { useSeveranceInvestment } from '../api/get-severance-investment';
import '../investment.css';
import { SeveranceFundPanel } from './severance-fund-panel';

/** /veranlagung/vorsorgekasse (spec 001 section 2 "Investment", main tenant): the Vorsorgekasse's investment result and fee. */
export function SeveranceInvestmentPage() {
  const { t } = useTranslation();
  useDocumentTitle(t('investment.severance.pageTitle'));
  const { data, loading, error, refetch } = useSeveranceInvestment();
  let body;
  if (error) body = <ErrorState onRetry={() => void refetch()} />;
  else if (loading || !data) body = <LoadingState />;
  else if (!data.severanceFundInvestment) body = <EmptyState>{t('investment.severance.unavailable')}</EmptyState>;
  else body = <SeveranceFundPanel fund={data.severanceFundInvestment} />;
  return (
    <div className="investment-page">
      <h1 tabIndex={-1}>{t('investment.severance.heading')}</h1>
      <p className="lead">{t('investment.severance.intro')}</p>
      {body}
    </div>
  );
}
