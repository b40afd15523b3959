import { useTranslation } from 'react-i18next';
import { graphql } from '../../../gql';
import type { VrgPerformanceTable_VrgYearPerformanceFragmentFragment } from '../../../gql/graphql';
import { formatPercent } from '@contract/format';
import { AmountTableHead } from '../../../components/ui/amount-table';

export const VrgPerformanceTableFragment = graphql(`
  fragment VrgPerformanceTable_VrgYearPerformanceFragment on VrgYearPerformance {
    year
    returnPercent
    volatilityPercent
    fluctuationReservePercent
  }
`);

/**
 * The yearly performance of a VRG as a table, newest year first: net return after costs, volatility of the five years
 * up to the year, and the fluctuation reserve at 31.12. (server/modules/investment/investment.graphql `VrgYearPerformance`).
 */
export function VrgPerformanceTable({ caption, performance }: { caption: string; performance: readonly VrgPerformanceTable_VrgYearPerformanceFragmentFragment[] }) {
  const { t } = useTranslation();
  const rows = [...performance].sort((a, b) => b.year - a.year);
  return (
    <table className="amount-table investment-table">
      <caption>{caption}</caption>
      <AmountTableHead
        label={t('investment.performance.year')}
        amounts={[t('investment.performance.return'), t('investment.performance.volatility'), t('investment.performance.fluctuationReserve')]}
      />
      <tbody>
        {rows.map((row) => (
          <tr key={row.year}>
            <th scope="row">{row.year}</th>
            <td className="amount-table__amount">{formatPercent(row.returnPercent)}</td>
            <td className="amount-table__amount">
              {row.volatilityPercent === null || row.volatilityPercent === undefined ? t('investment.notKnown') : formatPercent(row.volatilityPercent)}
            </td>
            <td className="amount-table__amount">{formatPercent(row.fluctuationReservePercent)}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
