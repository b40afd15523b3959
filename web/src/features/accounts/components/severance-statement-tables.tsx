import { useTranslation } from 'react-i18next';
import { graphql } from '../../../gql';
import type { SeveranceStatementTables_SeveranceStatementFragmentFragment } from '../../../gql/graphql';
import { StatementAmountTables } from './statement-amount-tables';

export const SeveranceStatementTablesFragment = graphql(`
  fragment SeveranceStatementTables_SeveranceStatementFragment on SeveranceStatement {
    stichtag
    totalEntitlement
    guaranteedCapital
    paidOutTotal
    contributions
    transfersIn
    investmentResult
    loyaltyBonus
    surplusShare
    administrationCosts
    svCarrierCosts
    payout
    document {
      id
      title
      downloadUrl
    }
  }
`);

/**
 * Every field of a Vorsorgekasse statement (server/modules/statements/statements.graphql `SeveranceStatement`): the balances at the
 * Stichtag and the movements of its year, deductions (costs, payout) with a minus as in the PDF.
 */
export function SeveranceStatementTables({ statement: s }: { statement: SeveranceStatementTables_SeveranceStatementFragmentFragment }) {
  const { t } = useTranslation();
  return (
    <StatementAmountTables
      statement={s}
      balances={[
        {
          key: 'totalEntitlement',
          label: t('accountInfo.severanceStatement.totalEntitlement'),
          cents: s.totalEntitlement,
          total: true,
        },
        {
          key: 'guaranteedCapital',
          label: t('accountInfo.severanceStatement.guaranteedCapital'),
          cents: s.guaranteedCapital,
        },
        { key: 'paidOutTotal', label: t('accountInfo.severanceStatement.paidOutTotal'), cents: s.paidOutTotal },
      ]}
      movements={[
        { key: 'contributions', label: t('accountInfo.severanceStatement.contributions'), cents: s.contributions },
        { key: 'transfersIn', label: t('accountInfo.severanceStatement.transfersIn'), cents: s.transfersIn },
        {
          key: 'investmentResult',
          label: t('accountInfo.severanceStatement.investmentResult'),
          cents: s.investmentResult,
        },
        { key: 'loyaltyBonus', label: t('accountInfo.severanceStatement.loyaltyBonus'), cents: s.loyaltyBonus },
        { key: 'surplusShare', label: t('accountInfo.severanceStatement.surplusShare'), cents: s.surplusShare },
        {
          key: 'administrationCosts',
          label: t('accountInfo.severanceStatement.administrationCosts'),
          cents: s.administrationCosts,
          deduction: true,
        },
        {
          key: 'svCarrierCosts',
          label: t('accountInfo.severanceStatement.svCarrierCosts'),
          cents: s.svCarrierCosts,
          deduction: true,
        },
        { key: 'payout', label: t('accountInfo.severanceStatement.payout'), cents: s.payout, deduction: true },
      ]}
    />
  );
}
