import '../account-info.css';
import { useId, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Money } from '../../../components/ui/money';
import { graphql } from '../../../gql';
import type { BalanceWaterfall_BalanceChangeFragmentFragment } from '../../../gql/graphql';
import { type BalanceChangeRow, balanceChangeRows } from '@contract/balance-steps';
import { formatDate } from '@contract/format';
import { useElementWidth } from '../../../lib/use-element-width';

export const BalanceWaterfallFragment = graphql(`
  fragment BalanceWaterfall_BalanceChangeFragment on BalanceChange {
    openingDate
    opening
    closingDate
    closing
    firstStatement
    steps {
      kind
      amount
    }
  }
`);

/** Whole euros with a sign for movements, `+1.234 €` / `−56 €`: the chart's labels (the table shows cents). */
function compactEuros(cents: number, signed: boolean): string {
  const euros = new Intl.NumberFormat('de-DE', { maximumFractionDigits: 0, signDisplay: signed ? 'exceptZero' : 'auto' }).format(Math.round(cents / 100));
  return `${euros}\u00A0€`;
}

/**
 * Each bar spans from the running balance before its line to the one after it; the opening and closing balances
 * are bars from zero.
 */
function barSpans(rows: readonly BalanceChangeRow[]): { row: BalanceChangeRow; from: number; to: number; isBalance: boolean }[] {
  let running = 0;
  return rows.map((row) => {
    const isBalance = row.key === 'OPENING' || row.key === 'CLOSING';
    const from = isBalance ? 0 : running;
    const to = isBalance ? row.amountCents : running + row.amountCents;
    running = to;
    return { row, from, to, isBalance };
  });
}

const ROW_HEIGHT = 36;
const BAR_HEIGHT = 14;
const LABEL_HEIGHT = 16;
const WIDTH = 300;

/**
 * "Warum sich Ihr Guthaben verändert hat" (decision 0049): the opening balance, each movement of the statement and
 * the closing balance as a waterfall (horizontal bars, one per line, each starting where the one before ended) and as
 * a captioned table with one plain-language sentence per line. The rows come from `balanceChangeRows` in the contract
 * module, the same function the statement PDF uses; the amounts are the server's (`balanceChange`, cents).
 *
 * The drawing repeats the table and is hidden from assistive technology (`aria-hidden`): the table is the accessible
 * version. Horizontal bars with the label above each keep every text legible at 390 px without horizontal scrolling.
 */
export function BalanceWaterfall({ change, ownerHeadingId }: { change: BalanceWaterfall_BalanceChangeFragmentFragment; ownerHeadingId: string }) {
  const { t } = useTranslation();
  const titleId = `${useId()}-title`;
  const sectionRef = useRef<HTMLElement>(null);
  const width = Math.max(WIDTH, useElementWidth(sectionRef, WIDTH));
  const rows = balanceChangeRows({
    openingDate: change.openingDate,
    openingCents: change.opening,
    closingDate: change.closingDate,
    closingCents: change.closing,
    firstStatement: change.firstStatement,
    steps: change.steps.map((s) => ({ kind: s.kind, amountCents: s.amount })),
  });

  const spans = barSpans(rows);
  const low = Math.min(0, ...spans.map((s) => Math.min(s.from, s.to)));
  const high = Math.max(1, ...spans.map((s) => Math.max(s.from, s.to)));
  const x = (cents: number) => ((cents - low) / (high - low)) * width;

  return (
    <section ref={sectionRef} className="balance-waterfall" aria-labelledby={`${titleId} ${ownerHeadingId}`} data-testid="balance-waterfall">
      <h3 id={titleId} className="account-panel__subheading">
        {t('accountInfo.balanceChange.title')}
      </h3>
      <svg className="balance-waterfall__svg" aria-hidden="true" focusable="false" viewBox={`0 0 ${width} ${rows.length * ROW_HEIGHT}`} preserveAspectRatio="xMinYMin meet">
        {spans.map(({ row, from, to, isBalance }, index) => {
          const y = index * ROW_HEIGHT;
          const kind = isBalance ? 'balance' : to >= from ? 'up' : 'down';
          return (
            <g key={row.key} className={`balance-waterfall__row balance-waterfall__row--${kind}`}>
              <text x={0} y={y + LABEL_HEIGHT - 4} className="balance-waterfall__label">
                {row.label}
              </text>
              <text x={width} y={y + LABEL_HEIGHT - 4} textAnchor="end" className="balance-waterfall__value">
                {compactEuros(row.amountCents, !isBalance)}
              </text>
              <rect x={x(Math.min(from, to))} y={y + LABEL_HEIGHT} width={Math.max(1, Math.abs(x(to) - x(from)))} height={BAR_HEIGHT} rx={2} className="balance-waterfall__bar" />
            </g>
          );
        })}
      </svg>
      <table className="amount-table balance-waterfall__table">
        <caption>{t('accountInfo.balanceChange.caption', { from: formatDate(change.openingDate), to: formatDate(change.closingDate) })}</caption>
        <thead>
          <tr>
            <th scope="col">{t('accountInfo.balanceChange.stepHeader')}</th>
            <th scope="col" className="amount-table__amount">
              {t('accountInfo.balanceChange.amountHeader')}
            </th>
            <th scope="col">{t('accountInfo.balanceChange.explanationHeader')}</th>
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={row.key} data-step={row.key} className={row.key === 'CLOSING' ? 'balance-waterfall__closing' : undefined}>
              <th scope="row">{row.label}</th>
              <td className="amount-table__amount">
                <Money cents={row.amountCents} />
              </td>
              <td className="balance-waterfall__sentence">{row.sentence}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </section>
  );
}
