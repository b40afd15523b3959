import { useTranslation } from 'react-i18next';
import { DescriptionList } from '../../../components/ui/description-list';
import { Money } from '../../../components/ui/money';
import { paths } from '../../../config/paths';
import { graphql } from '../../../gql';
import type { Gender, PensionContractPanel_PensionContractFragmentFragment } from '../../../gql/graphql';
import { formatDate, formatPercent } from '@contract/format';
import { BalanceWaterfall } from './balance-waterfall';
import { HistoryChart } from './history-chart';
import { PensionStatementTables } from './pension-statement-tables';
import { StatementMissing } from './statement-missing';
import { StichtagSelect } from './stichtag-select';

export const PensionContractPanelFragment = graphql(`
  fragment PensionContractPanel_PensionContractFragment on PensionContract {
    contractNumber
    vrgName
    employer {
      id
      name
      city
    }
    customer {
      id
      name
      city
    }
    calculationInterestRate
    widowTransitionPercent
    partnerRule
    role
    startDate
    pensionStartDate
    monthlyPension
    stichtage
    statement(stichtag: $stichtag) {
      ...PensionStatementTables_PensionStatementFragment
      balanceChange {
        ...BalanceWaterfall_BalanceChangeFragment
      }
    }
    statements {
      stichtag
      totalCapital
    }
  }
`);

interface PensionContractPanelProps {
  contract: PensionContractPanel_PensionContractFragmentFragment;
  /** The member's gender: the role reads "Anwartschaftsberechtigte" or "Anwartschaftsberechtigter". */
  gender: Gender;
  /** The Stichtag from the address; undefined shows the newest statement. */
  stichtag: string | undefined;
  onSelectStichtag: (stichtag: string) => void;
}

/** One Pensionskasse contract: Stichtag selector, contract details and the statement at the Stichtag. */
export function PensionContractPanel({ contract, gender, stichtag, onSelectStichtag }: PensionContractPanelProps) {
  const { t } = useTranslation();
  const c = contract;
  const shown = c.statement?.stichtag ?? stichtag ?? c.stichtage[0];
  const headingId = `pension-contract-${c.contractNumber}`;
  const details = [
    { key: 'contractNumber', term: t('accountInfo.contract.contractNumber'), value: c.contractNumber },
    { key: 'vrg', term: t('accountInfo.contract.vrg'), value: c.vrgName },
    { key: 'employer', term: t('accountInfo.contract.employer'), value: `${c.employer.name}, ${c.employer.city}` },
    { key: 'customer', term: t('accountInfo.contract.customer'), value: `${c.customer.name}, ${c.customer.city}` },
    {
      key: 'calculationInterestRate',
      term: t('accountInfo.contract.calculationInterestRate'),
      value: t('accountInfo.contract.perYear', { rate: formatPercent(c.calculationInterestRate) }),
    },
    {
      key: 'widowTransition',
      term: t('accountInfo.contract.widowTransition'),
      value:
        c.widowTransitionPercent > 0
          ? t('accountInfo.contract.widowTransitionValue', { percent: formatPercent(c.widowTransitionPercent, 0) })
          : t('accountInfo.contract.widowTransitionNone'),
    },
    { key: 'partnerRule', term: t('accountInfo.contract.partnerRule'), value: t(`enums.PartnerRule.${c.partnerRule}`) },
    { key: 'role', term: t('accountInfo.contract.role'), value: t(`enums.ContractRoleByGender.${c.role}.${gender}`) },
    { key: 'startDate', term: t('accountInfo.contract.startDate'), value: formatDate(c.startDate) },
    ...(c.pensionStartDate ? [{ key: 'pensionStartDate', term: t('accountInfo.contract.pensionStartDate'), value: formatDate(c.pensionStartDate) }] : []),
    ...(c.monthlyPension != null ? [{ key: 'monthlyPension', term: t('accountInfo.contract.monthlyPension'), value: <Money cents={c.monthlyPension} /> }] : []),
  ];

  return (
    <section className="card account-panel" aria-labelledby={headingId}>
      <div className="account-panel__head">
        <h2 id={headingId}>{t('accountInfo.pension.contractHeading', { number: c.contractNumber })}</h2>
        {shown ? <StichtagSelect stichtage={c.stichtage} value={shown} onChange={onSelectStichtag} /> : null}
      </div>
      <h3 className="account-panel__subheading">{t('accountInfo.pension.detailsHeading')}</h3>
      <DescriptionList items={details} />
      {c.statement ? (
        <PensionStatementTables statement={c.statement} drawingPension={c.role === 'BENEFICIARY'} />
      ) : (
        <StatementMissing stichtag={stichtag} latestHref={paths.pensionAccount.getHref()} />
      )}
      {c.statement ? <BalanceWaterfall change={c.statement.balanceChange} ownerHeadingId={headingId} /> : null}
      <HistoryChart
        title={t('accountInfo.history.pensionTitle')}
        amountHeader={t('accountInfo.pensionStatement.totalCapital')}
        points={c.statements.map((s) => ({ stichtag: s.stichtag, cents: s.totalCapital }))}
        selected={c.statement?.stichtag}
        ownerHeadingId={headingId}
      />
    </section>
  );
}
