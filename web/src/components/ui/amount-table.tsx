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

/**
 * The head of a table of labelled figures: the rows' label column, then the figure columns, right-aligned like their
 * cells (`amount-table__amount`). Shared by the amount tables of the account, the calculator and the investment pages.
 */
export function AmountTableHead({ label, amounts }: { label: string; amounts: readonly string[] }) {
  return (
    <thead>
      <tr>
        <th scope="col">{label}</th>
        {amounts.map((amount) => (
          <th key={amount} scope="col" className="amount-table__amount">
            {amount}
          </th>
        ))}
      </tr>
    </thead>
  );
}

/** A two-column table of labelled amounts; amounts right-aligned in tabular numerals, deductions with a minus. */
export function AmountTable({ caption, labelHeader, amountHeader, rows }: { caption: string; labelHeader: string; amountHeader: string; rows: readonly AmountRow[] }) {
  return (
    <table className="amount-table">
      <caption>{caption}</caption>
      <AmountTableHead label={labelHeader} amounts={[amountHeader]} />
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
