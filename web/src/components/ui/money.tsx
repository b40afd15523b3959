import { formatMoney } from '@contract/format';

/** An amount of euro cents as `1.234,56 €`, in tabular numerals; negative amounts are marked for styling. */
export function Money({ cents }: { cents: number }) {
  return <span className={cents < 0 ? 'money money--negative' : 'money'}>{formatMoney(cents)}</span>;
}
