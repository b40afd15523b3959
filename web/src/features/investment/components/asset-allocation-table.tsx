import { useTranslation } from 'react-i18next';
import { graphql } from '../../../gql';
import type { AssetAllocationTable_AssetAllocationFragmentFragment } from '../../../gql/graphql';
import { formatPercent } from '@contract/format';

export const AssetAllocationTableFragment = graphql(`
  fragment AssetAllocationTable_AssetAllocationFragment on AssetAllocation {
    year
    assetClass
    percent
  }
`);

/**
 * The asset allocation of a VRG at 31.12. of a year: one row per asset class with its share, a bar that shows the
 * share (decoration; the number is the information) and the sum of the shares as the last row.
 */
export function AssetAllocationTable({ caption, allocation }: { caption: string; allocation: readonly AssetAllocationTable_AssetAllocationFragmentFragment[] }) {
  const { t } = useTranslation();
  const sum = allocation.reduce((total, entry) => total + entry.percent, 0);
  return (
    <table className="amount-table investment-table allocation-table">
      <caption>{caption}</caption>
      <thead>
        <tr>
          <th scope="col">{t('investment.allocation.assetClass')}</th>
          <th scope="col" className="amount-table__amount">
            {t('investment.allocation.share')}
          </th>
          <th scope="col" className="allocation-table__bar-cell">
            <span className="visually-hidden">{t('investment.allocation.barHeader')}</span>
          </th>
        </tr>
      </thead>
      <tbody>
        {allocation.map((entry) => (
          <tr key={entry.assetClass}>
            <th scope="row">{t(`investment.assetClass.${entry.assetClass}`)}</th>
            <td className="amount-table__amount">{formatPercent(entry.percent)}</td>
            <td className="allocation-table__bar-cell" aria-hidden="true">
              <span className="allocation-table__bar" style={{ width: `${Math.max(0, Math.min(100, entry.percent))}%` }} />
            </td>
          </tr>
        ))}
        <tr className="amount-table__total">
          <th scope="row">{t('investment.allocation.total')}</th>
          <td className="amount-table__amount">{formatPercent(sum)}</td>
          <td className="allocation-table__bar-cell" aria-hidden="true" />
        </tr>
      </tbody>
    </table>
  );
}
