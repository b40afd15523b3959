import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Money } from '../../../components/ui/money';
import { formatDate } from '@contract/format';
import { AmountTableHead } from '../../../components/ui/amount-table';

export interface CapitalPoint {
  date: string;
  /** Cents. */
  pensionFund: number;
  /** Cents. */
  severance: number;
}

/** Whole euros with thousands dots, `12.345 €` (the table shows cents). */
function compactEuros(cents: number): string {
  return `${new Intl.NumberFormat('de-DE', { maximumFractionDigits: 0 }).format(Math.round(cents / 100))}\u00A0€`;
}

const ROW = 20;
const BAR = 13;
const WIDTH = 300;
const YEAR_WIDTH = 40;
const VALUE_WIDTH = 74;

/**
 * The capital of pension fund and severance fund until retirement as a horizontal stacked SVG bar chart (one row per
 * year end and the retirement date), followed by every figure in a table; the same approach as the account
 * information's history chart: one `role="img"` with heading and summary as its name, nothing only a mouse can
 * reach, legible at 390 px.
 */
export function CapitalChart({ points }: { points: readonly CapitalPoint[] }) {
  const { t } = useTranslation();
  const id = useId();
  if (points.length === 0) return null;
  const max = Math.max(1, ...points.map((p) => p.pensionFund + p.severance));
  const plot = WIDTH - YEAR_WIDTH - VALUE_WIDTH;
  const first = points[0]!;
  const last = points[points.length - 1]!;
  return (
    <section className="capital-chart" aria-labelledby={`${id}-title`}>
      <h3 id={`${id}-title`}>{t('calculator.chart.heading')}</h3>
      <p id={`${id}-summary`} className="capital-chart__summary">
        {t('calculator.chart.summary', {
          from: first.date.slice(0, 4),
          to: last.date.slice(0, 4),
          pensionFund: compactEuros(last.pensionFund),
          severance: compactEuros(last.severance),
        })}
      </p>
      <ul className="capital-chart__legend" aria-hidden="true">
        <li>
          <span className="capital-chart__swatch capital-chart__swatch--pk" /> {t('calculator.chart.legendPensionFund')}
        </li>
        <li>
          <span className="capital-chart__swatch capital-chart__swatch--vk" /> {t('calculator.chart.legendSeverance')}
        </li>
      </ul>
      <svg className="capital-chart__svg" role="img" aria-labelledby={`${id}-title ${id}-summary`} viewBox={`0 0 ${WIDTH} ${points.length * ROW + 4}`}>
        {points.map((p, i) => {
          const y = i * ROW + 2;
          const pk = (p.pensionFund / max) * plot;
          const vk = (Math.max(0, p.severance) / max) * plot;
          return (
            <g key={p.date}>
              <text x={YEAR_WIDTH - 6} y={y + BAR / 2} textAnchor="end" dominantBaseline="central" className="capital-chart__label">
                {p.date.slice(0, 4)}
              </text>
              <rect x={YEAR_WIDTH} y={y} width={Math.max(0, pk)} height={BAR} className="capital-chart__pk" />
              <rect x={YEAR_WIDTH + Math.max(0, pk)} y={y} width={vk} height={BAR} className="capital-chart__vk" />
              <text x={YEAR_WIDTH + Math.max(0, pk) + vk + 4} y={y + BAR / 2} dominantBaseline="central" className="capital-chart__label">
                {compactEuros(p.pensionFund + p.severance)}
              </text>
            </g>
          );
        })}
      </svg>
      <details className="capital-chart__details">
        <summary>{t('calculator.chart.showTable')}</summary>
        <div className="table-scroll">
          <table className="amount-table">
            <caption>{t('calculator.chart.tableCaption')}</caption>
            <AmountTableHead label={t('calculator.chart.date')} amounts={[t('calculator.chart.legendPensionFund'), t('calculator.chart.legendSeverance')]} />
            <tbody>
              {points.map((p) => (
                <tr key={p.date}>
                  <th scope="row">{formatDate(p.date)}</th>
                  <td className="amount-table__amount">
                    <Money cents={p.pensionFund} />
                  </td>
                  <td className="amount-table__amount">
                    <Money cents={p.severance} />
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </details>
    </section>
  );
}
