import { useTranslation } from 'react-i18next';
import { DescriptionList } from '../../../components/ui/description-list';
import { graphql } from '../../../gql';
import type { VrgInvestmentPanel_VrgInvestmentFragmentFragment } from '../../../gql/graphql';
import { formatPercent } from '@contract/format';
import { AssetAllocationTable } from './asset-allocation-table';
import { performanceSummary } from './performance-summary';
import { PerformanceChart } from './performance-chart';
import { VrgPerformanceTable } from './vrg-performance-table';
import { VrgReports } from './vrg-report';

export const VrgInvestmentPanelFragment = graphql(`
  fragment VrgInvestmentPanel_VrgInvestmentFragment on VrgInvestment {
    vrg
    name
    equityTargetPercent
    fiveYears: annualisedReturnPercent(years: 5)
    tenYears: annualisedReturnPercent(years: 10)
    performance {
      ...VrgPerformanceTable_VrgYearPerformanceFragment
    }
    allocation {
      ...AssetAllocationTable_AssetAllocationFragment
    }
    reports {
      ...VrgReport_VrgReportFragment
    }
  }
`);

interface VrgInvestmentPanelProps {
  investment: VrgInvestmentPanel_VrgInvestmentFragmentFragment;
  /** Numbers of the member's contracts in this VRG, when known. */
  contractNumbers?: readonly string[];
}

/**
 * The investment information of one VRG (spec 001 section 2 "Investment"): key figures, the yearly performance as
 * a chart and as a table with the same figures, the asset allocation at the latest 31.12. and the reports.
 */
export function VrgInvestmentPanel({ investment, contractNumbers }: VrgInvestmentPanelProps) {
  const { t } = useTranslation();
  const v = investment;
  const base = `vrg-${v.vrg}`;
  const latest = v.performance.at(-1);
  const first = v.performance[0];
  const allocationYear = v.allocation[0]?.year;
  const percentOrUnknown = (value: number | null | undefined) =>
    value === null || value === undefined ? t('investment.notKnown') : t('investment.perYear', { percent: formatPercent(value) });
  const figures = [
    ...(latest ? [{ key: 'latest', term: t('investment.keyFigures.returnOfYear', { year: latest.year }), value: formatPercent(latest.returnPercent) }] : []),
    { key: 'five', term: t('investment.keyFigures.fiveYears'), value: percentOrUnknown(v.fiveYears) },
    { key: 'ten', term: t('investment.keyFigures.tenYears'), value: percentOrUnknown(v.tenYears) },
    { key: 'equity', term: t('investment.keyFigures.equityTarget'), value: formatPercent(v.equityTargetPercent, 0) },
  ];
  return (
    <section className="card investment-panel" aria-labelledby={`${base}-heading`}>
      <h2 id={`${base}-heading`}>{v.name}</h2>
      {contractNumbers && contractNumbers.length > 0 ? (
        <p className="muted">{t('investment.pension.contracts', { count: contractNumbers.length, numbers: contractNumbers.join(', ') })}</p>
      ) : null}
      <DescriptionList items={figures} className="investment-figures" />

      <section className="investment-section" aria-labelledby={`${base}-performance`}>
        <h3 id={`${base}-performance`}>{t('investment.performance.heading')}</h3>
        {latest && first ? (
          <div className="investment-performance">
            <PerformanceChart
              title={t('investment.performance.chartTitle', { from: first.year, to: latest.year })}
              summary={performanceSummary(
                t,
                v.performance.map((p) => ({ year: p.year, value: p.returnPercent })),
              )}
              points={v.performance.map((p) => ({ label: String(p.year), value: p.returnPercent }))}
            />
            <VrgPerformanceTable caption={t('investment.performance.tableCaption')} performance={v.performance} />
          </div>
        ) : (
          <p className="muted">{t('investment.performance.none')}</p>
        )}
      </section>

      <section className="investment-section" aria-labelledby={`${base}-allocation`}>
        <h3 id={`${base}-allocation`}>{t('investment.allocation.heading')}</h3>
        {allocationYear ? (
          <AssetAllocationTable caption={t('investment.allocation.caption', { year: allocationYear })} allocation={v.allocation} />
        ) : (
          <p className="muted">{t('investment.allocation.none')}</p>
        )}
      </section>

      <VrgReports reports={v.reports} headingId={`${base}-report`} />
    </section>
  );
}
