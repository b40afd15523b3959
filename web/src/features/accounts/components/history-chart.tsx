import '../account-info.css';
import { useId, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Money } from '../../../components/ui/money';
import { formatDate } from '@contract/format';
import { useElementWidth } from '../../../lib/use-element-width';
import { AmountTableHead } from '../../../components/ui/amount-table';

export interface HistoryPoint {
  /** ISO date of the statement (31.12. of its year). */
  stichtag: string;
  /** The amount at the Stichtag, in euro cents. */
  cents: number;
}

interface HistoryChartProps {
  /** Heading of the chart and caption of its table, e.g. "Entwicklung des Gesamtanspruchs". */
  title: string;
  /** Column header of the amounts. */
  amountHeader: string;
  /** The statements, oldest first. */
  points: readonly HistoryPoint[];
  /** The Stichtag shown on the page; its bar is emphasised. */
  selected: string | undefined;
  /**
   * Id of the heading that names the contract or account: joins the chart region's name, so two accounts' charts on
   * one page are two distinct landmarks (axe `landmark-unique`).
   */
  ownerHeadingId: string;
}

/** Whole euros with thousands dots, `12.345 €`: the chart's bar labels (the table shows cents). */
function compactEuros(cents: number): string {
  const euros = new Intl.NumberFormat('de-DE', { maximumFractionDigits: 0 }).format(Math.round(cents / 100));
  return `${euros}\u00A0€`;
}

const ROW_HEIGHT = 24;
const BAR_HEIGHT = 15;
/** Width before the first measurement, and the narrowest drawing (below it the text would shrink under 12 px). */
const WIDTH = 300;
const YEAR_WIDTH = 40;
const VALUE_WIDTH = 74;

/**
 * The entitlement over the years as a horizontal SVG bar chart (one bar per statement, oldest on top), followed by
 * the same figures as a table in a disclosure.
 *
 * Hand-made SVG instead of recharts: the chart is static (no hover or tooltip that a keyboard could not reach), it
 * adds no library to the bundle, and one `role="img"` element with `aria-labelledby` (heading plus a text summary)
 * is exactly what assistive technology needs; the table carries every figure for screen readers and for anyone who
 * wants the cents. Horizontal bars keep the year labels legible at 390 px width, where a column chart of 18 years
 * would shrink its text below reading size.
 */
export function HistoryChart({ title, amountHeader, points, selected, ownerHeadingId }: HistoryChartProps) {
  const { t } = useTranslation();
  const id = useId();
  const titleId = `${id}-title`;
  const summaryId = `${id}-summary`;
  const sectionRef = useRef<HTMLElement>(null);
  const drawingWidth = Math.max(WIDTH, useElementWidth(sectionRef, WIDTH));
  if (points.length === 0) return null;

  const max = Math.max(1, ...points.map((p) => p.cents));
  const plotWidth = drawingWidth - YEAR_WIDTH - VALUE_WIDTH;
  const height = points.length * ROW_HEIGHT + 4;
  const first = points[0]!;
  const last = points[points.length - 1]!;

  return (
    <section ref={sectionRef} className="history-chart" aria-labelledby={`${titleId} ${ownerHeadingId}`}>
      <h3 id={titleId} className="account-panel__subheading">
        {title}
      </h3>
      <p id={summaryId} className="history-chart__summary">
        {t('accountInfo.history.summary', {
          count: points.length,
          fromYear: first.stichtag.slice(0, 4),
          from: compactEuros(first.cents),
          toYear: last.stichtag.slice(0, 4),
          to: compactEuros(last.cents),
        })}
      </p>
      <svg className="history-chart__svg" role="img" aria-labelledby={`${titleId} ${summaryId}`} viewBox={`0 0 ${drawingWidth} ${height}`} preserveAspectRatio="xMinYMin meet">
        {points.map((point, index) => {
          const y = index * ROW_HEIGHT + 2;
          const width = Math.max(0, (point.cents / max) * plotWidth);
          const isSelected = point.stichtag === selected;
          return (
            <g key={point.stichtag} className={isSelected ? 'history-chart__row history-chart__row--selected' : 'history-chart__row'}>
              <text x={YEAR_WIDTH - 6} y={y + BAR_HEIGHT / 2} textAnchor="end" dominantBaseline="central" className="history-chart__year">
                {point.stichtag.slice(0, 4)}
              </text>
              <rect x={YEAR_WIDTH} y={y} width={width} height={BAR_HEIGHT} rx={2} className="history-chart__bar" />
              <text x={YEAR_WIDTH + width + 4} y={y + BAR_HEIGHT / 2} dominantBaseline="central" className="history-chart__value">
                {compactEuros(point.cents)}
              </text>
            </g>
          );
        })}
      </svg>
      <details className="history-chart__details">
        <summary>{t('accountInfo.history.showTable')}</summary>
        <table className="amount-table">
          <caption>{t('accountInfo.history.tableCaption', { title })}</caption>
          <AmountTableHead label={t('accountInfo.stichtag.label')} amounts={[amountHeader]} />
          <tbody>
            {[...points].reverse().map((point) => (
              <tr key={point.stichtag}>
                <th scope="row">{formatDate(point.stichtag)}</th>
                <td className="amount-table__amount">
                  <Money cents={point.cents} />
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </details>
    </section>
  );
}
