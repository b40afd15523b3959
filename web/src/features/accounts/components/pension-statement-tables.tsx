import { useTranslation } from 'react-i18next';
import { graphql } from '../../../gql';
import type { PensionStatementTables_PensionStatementFragmentFragment } from '../../../gql/graphql';
import { StatementAmountTables } from './statement-amount-tables';

export const PensionStatementTablesFragment = graphql(`
  fragment PensionStatementTables_PensionStatementFragment on PensionStatement {
    stichtag
    reserve
    fluctuationReserve
    totalCapital
    shortfall
    projectedYearlyPension
    employerContributions
    employeeContributions
    employerTransfers
    employeeTransfers
    premium108a
    investmentResult
    costs
    pensionPayments
    document {
      id
      title
      downloadUrl
    }
  }
`);

/**
 * Every field of a Pensionskasse statement (server/modules/statements/statements.graphql `PensionStatement`): the balances at the Stichtag
 * and the movements of its year, deductions (costs, pension payments) with a minus as in the PDF.
 */
export function PensionStatementTables({
  statement: s,
  drawingPension,
}: {
  statement: PensionStatementTables_PensionStatementFragmentFragment;
  /** A beneficiary already drawing the pension: no projected yearly pension (as in the PDF). */
  drawingPension: boolean;
}) {
  const { t } = useTranslation();
  return (
    <StatementAmountTables
      statement={s}
      balances={[
        { key: 'reserve', label: t('accountInfo.pensionStatement.reserve'), cents: s.reserve, hint: t('accountInfo.pensionStatement.reserveHint') },
        {
          key: 'fluctuationReserve',
          label: t('accountInfo.pensionStatement.fluctuationReserve'),
          cents: s.fluctuationReserve,
          hint: t('accountInfo.pensionStatement.fluctuationReserveHint'),
        },
        {
          key: 'totalCapital',
          label: t('accountInfo.pensionStatement.totalCapital'),
          cents: s.totalCapital,
          total: true,
        },
        { key: 'shortfall', label: t('accountInfo.pensionStatement.shortfall'), cents: s.shortfall },
        ...(drawingPension
          ? []
          : [
              {
                key: 'projectedYearlyPension',
                label: t('accountInfo.pensionStatement.projectedYearlyPension'),
                cents: s.projectedYearlyPension,
              },
            ]),
      ]}
      movements={[
        {
          key: 'employerContributions',
          label: t('accountInfo.pensionStatement.employerContributions'),
          cents: s.employerContributions,
        },
        {
          key: 'employeeContributions',
          label: t('accountInfo.pensionStatement.employeeContributions'),
          cents: s.employeeContributions,
        },
        {
          key: 'employerTransfers',
          label: t('accountInfo.pensionStatement.employerTransfers'),
          cents: s.employerTransfers,
        },
        {
          key: 'employeeTransfers',
          label: t('accountInfo.pensionStatement.employeeTransfers'),
          cents: s.employeeTransfers,
        },
        { key: 'premium108a', label: t('accountInfo.pensionStatement.premium108a'), cents: s.premium108a },
        {
          key: 'investmentResult',
          label: t('accountInfo.pensionStatement.investmentResult'),
          cents: s.investmentResult,
        },
        { key: 'costs', label: t('accountInfo.pensionStatement.costs'), cents: s.costs, deduction: true },
        {
          key: 'pensionPayments',
          label: t('accountInfo.pensionStatement.pensionPayments'),
          cents: s.pensionPayments,
          deduction: true,
        },
      ]}
    />
  );
}
