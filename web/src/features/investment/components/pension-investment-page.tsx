import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router-dom';
import { EmptyState } from '../../../components/ui/empty-state';
import { ErrorState } from '../../../components/ui/error-state';
import { LoadingState } from '../../../components/ui/loading-state';
import { Notice } from '../../../components/ui/notice';
import { paths } from '../../../config/paths';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { usePensionInvestment } from '../api/get-pension-investment';
import { useVrgInvestment } from '../api/get-vrg-investment';
import '../investment.css';
import { VrgInvestmentPanel } from './vrg-investment-panel';
import { parseVrgSegment } from './vrg-route';

/**
 * /veranlagung/pensionskasse[/vrg{vrg}] (spec 001 section 2 "Investment", main tenant): without a VRG, the VRG of
 * each of the member's contracts; with one, that VRG, if the member has a contract in it. A VRG the member does not
 * belong to, an unknown one and a malformed segment all show the same message, so the page never tells whether a
 * VRG exists.
 */
export function PensionInvestmentPage() {
  const { t } = useTranslation();
  const { vrg: segment } = useParams();
  const vrg = parseVrgSegment(segment);
  useDocumentTitle(t('investment.pension.pageTitle'));
  let body: ReactNode;
  if (vrg === undefined) body = <PensionInvestmentOverview />;
  else if (vrg === null) body = <VrgNotAvailable />;
  else body = <SingleVrg vrg={vrg} />;
  return (
    <div className="investment-page">
      <h1 tabIndex={-1}>{t('investment.pension.heading')}</h1>
      <p className="lead">{t('investment.pension.intro')}</p>
      {body}
    </div>
  );
}

function VrgNotAvailable() {
  const { t } = useTranslation();
  return (
    <Notice tone="warning">
      <p className="state__title">{t('investment.pension.notAvailableTitle')}</p>
      <p>
        {t('investment.pension.notAvailable')} <Link to={paths.pensionInvestment.getHref()}>{t('investment.pension.toOverview')}</Link>
      </p>
    </Notice>
  );
}

function PensionInvestmentOverview() {
  const { t } = useTranslation();
  const { data, loading, error, refetch } = usePensionInvestment(false);
  const me = data?.me;
  if (error || (data && !me)) return <ErrorState onRetry={() => void refetch()} />;
  if (loading || !me) return <LoadingState />;
  // Each VRG once, in the order of the contracts, with the numbers of the contracts in it.
  const byVrg = new Map<number, { investment: NonNullable<(typeof me.pensionContracts)[number]['investment']>; contracts: string[] }>();
  for (const contract of me.pensionContracts) {
    if (!contract.investment) continue;
    const entry = byVrg.get(contract.investment.vrg);
    if (entry) entry.contracts.push(contract.contractNumber);
    else byVrg.set(contract.investment.vrg, { investment: contract.investment, contracts: [contract.contractNumber] });
  }
  if (byVrg.size === 0) return <EmptyState>{t('investment.pension.empty')}</EmptyState>;
  return (
    <div className="investment-panels">
      {byVrg.size > 1 ? (
        <nav aria-label={t('investment.pension.vrgNav')} className="investment-vrg-nav">
          <ul className="link-list">
            {[...byVrg.values()].map(({ investment }) => (
              <li key={investment.vrg}>
                <Link to={paths.pensionInvestment.getHref(String(investment.vrg))}>{investment.name}</Link>
              </li>
            ))}
          </ul>
        </nav>
      ) : null}
      {[...byVrg.values()].map(({ investment, contracts }) => (
        <VrgInvestmentPanel key={investment.vrg} investment={investment} contractNumbers={contracts} />
      ))}
    </div>
  );
}

function SingleVrg({ vrg }: { vrg: number }) {
  const { t } = useTranslation();
  const { data, loading, error, refetch } = useVrgInvestment(vrg);
  if (error) return <ErrorState onRetry={() => void refetch()} />;
  if (loading || !data) return <LoadingState />;
  if (!data.vrgInvestment) return <VrgNotAvailable />;
  return (
    <div className="investment-panels">
      <p>
        <Link to={paths.pensionInvestment.getHref()}>{t('investment.pension.toOverview')}</Link>
      </p>
      <VrgInvestmentPanel investment={data.vrgInvestment} />
    </div>
  );
}
