import { useTranslation } from 'react-i18next';
import { DescriptionList } from '../../../components/ui/description-list';
import { graphql } from '../../../gql';
import type { SeveranceFundPanel_SeveranceFundInvestmentFragmentFragment } from '../../../gql/graphql';
import { formatPercent } from '@contract/format';
import { PerformanceChart } from './performance-chart';
import { performanceSummary } from './performance-summary';
import { AmountTableHead } from '../../../components/ui/amount-table';

export const SeveranceFundPanelFragment = graphql(`
  fragment SeveranceFundPanel_SeveranceFundInvestmentFragment on SeveranceFundInvestment {
    managementFeePercent
    fiveYears: annualisedReturnPercent(years: 5)
    tenYears: annualisedReturnPercent(years: 10)
    results {
      year
      returnPercent
      managementFeePercent
    }
  }
`);

/**
 * The Vorsorgekasse's investment information: the current management fee, the latest and the average results, and
 * the result of every year as a chart and as a table with the same figures (server/modules/investment/investment.graphql).
 */
export function SeveranceFundPanel({ fund }: { fund: SeveranceFundPanel_SeveranceFundInvestmentFragmentFragment }) {
  const { t } = useTranslation();
  const latest = fund.results.at(-1);
  const first = fund.results[0];
  const perYear = (value: number | null | undefined) =>
    value === null || value === undefined ? t('investment.notKnown') : t('investment.perYear', { percent: formatPercent(value) });
  const figures = [
    { key: 'fee', term: t('investment.severance.managementFee'), value: perYear(fund.managementFeePercent) },
    ...(latest ? [{ key: 'latest', term: t('investment.severance.resultOfYear', { year: latest.year }), value: formatPercent(latest.returnPercent) }] : []),
    { key: 'five', term: t('investment.keyFigures.fiveYears'), value: perYear(fund.fiveYears) },
    { key: 'ten', term: t('investment.keyFigures.tenYears'), value: perYear(fund.tenYears) },
  ];
  const rows = [...fund.results].sort((a, b) => b.year - a.year);
  return (
    <section className="card investment-panel" aria-labelledby="severance-fund-heading">
      <h2 id="severance-fund-heading">{t('investment.severance.panelHeading')}</h2>
      <DescriptionList items={figures} className="investment-figures" />
      <p className="muted">{t('investment.severance.feeExplanation')}</p>
      <section className="investment-section" aria-labelledby="severance-fund-results">
        <h3 id="severance-fund-results">{t('investment.severance.resultsHeading')}</h3>
        {latest && first ? (
          <div className="investment-performance">
            <PerformanceChart
              title={t('investment.severance.chartTitle', { from: first.year, to: latest.year })}
              summary={performanceSummary(
                t,
                fund.results.map((r) => ({ year: r.year, value: r.returnPercent })),
              )}
              points={fund.results.map((r) => ({ label: String(r.year), value: r.returnPercent }))}
            />
            <table className="amount-table investment-table">
              <caption>{t('investment.severance.tableCaption')}</caption>
              <AmountTableHead label={t('investment.performance.year')} amounts={[t('investment.severance.result'), t('investment.severance.fee')]} />
              <tbody>
                {rows.map((row) => (
                  <tr key={row.year}>
                    <th scope="row">{row.year}</th>
                    <td className="amount-table__amount">{formatPercent(row.returnPercent)}</td>
                    <td className="amount-table__amount">{formatPercent(row.managementFeePercent)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        ) : (
          <p className="muted">{t('investment.severance.none')}</p>
        )}
      </section>
    </section>
  );
}
