import { Money } from './money';
import { TermHint } from './term-hint';

export interface AmountRow {
  key: string;
  label: string;
  cents: number;
  /** Emphasised row, for example a total. */
  total?: boolean;
  /**
   * An outflow (costs, payments): the stored positive amount is shown with a minus, as in the statement PDF
   * (server/modules/documents/pdf/templates.ts `minus`); zero stays `0,00 €`.
   */
  deduction?: boolean;
  /** Explanation of the row's term, offered as a tooltip beside the label (`TermHint`). */
  hint?: string;
}

/** A two-column table of labelled amounts; amounts right-aligned in tabular numerals, deductions with a minus. */
export function AmountTable({ caption, labelHeader, amountHeader, rows }: { caption: string; labelHeader: string; amountHeader: string; rows: readonly AmountRow[] }) {
  return (
    <table className="amount-table">
      <caption>{caption}</caption>
      <thead>
        <tr>
          <th scope="col">{labelHeader}</th>
          <th scope="col" className="amount-table__amount">
            {amountHeader}
          </th>
        </tr>
      </thead>
      <tbody>
        {rows.map((row) => (
          <tr key={row.key} className={row.total ? 'amount-table__total' : undefined}>
            {/* With a hint, the header is still named by its term alone (not "… Erklärung: …"). */}
            <th scope="row" aria-label={row.hint ? row.label : undefined}>
              {row.label}
              {row.hint ? <TermHint term={row.label} text={row.hint} /> : null}
            </th>
            <td className="amount-table__amount">
              <Money cents={row.deduction && row.cents !== 0 ? -row.cents : row.cents} />
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
