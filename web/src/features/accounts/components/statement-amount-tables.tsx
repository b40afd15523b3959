import { useTranslation } from 'react-i18next';
import { AmountTable, type AmountRow } from '../../../components/ui/amount-table';
import { formatDate } from '@contract/format';
import { AnnualStatementLink } from './annual-statement-link';

/**
 * The two tables of a statement (Pensionskasse or Vorsorgekasse, spec 001 section 2 "Account information"): the
 * balances at the Stichtag and the movements of its year, under the same "Position" / "Betrag" headers, then the link
 * to the annual statement's PDF.
 */
export function StatementAmountTables({
  statement: { stichtag, document },
  balances,
  movements,
}: {
  /** The statement: its date (`stichtag`, ISO) names the balances' day and the movements' year; its PDF is linked. */
  statement: { stichtag: string; document: { title: string; downloadUrl: string } | null | undefined };
  balances: readonly AmountRow[];
  movements: readonly AmountRow[];
}) {
  const { t } = useTranslation();
  const position = t('accountInfo.statement.position');
  const amount = t('accountInfo.statement.amount');
  return (
    <>
      <div className="statement-tables">
        <AmountTable caption={t('accountInfo.statement.balancesCaption', { date: formatDate(stichtag) })} labelHeader={position} amountHeader={amount} rows={balances} />
        <AmountTable caption={t('accountInfo.statement.movementsCaption', { year: stichtag.slice(0, 4) })} labelHeader={position} amountHeader={amount} rows={movements} />
      </div>
      <AnnualStatementLink document={document} />
    </>
  );
}
