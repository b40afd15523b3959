import { useTranslation } from 'react-i18next';
import { DescriptionList } from '../../../components/ui/description-list';
import { paths } from '../../../config/paths';
import { graphql } from '../../../gql';
import type { SeveranceAccountPanel_SeveranceAccountFragmentFragment } from '../../../gql/graphql';
import { formatDate } from '@contract/format';
import { BalanceWaterfall } from './balance-waterfall';
import { HistoryChart } from './history-chart';
import { SeveranceStatementTables } from './severance-statement-tables';
import { StatementMissing } from './statement-missing';
import { StichtagSelect } from './stichtag-select';

export const SeveranceAccountPanelFragment = graphql(`
  fragment SeveranceAccountPanel_SeveranceAccountFragment on SeveranceAccount {
    accountNumber
    employer {
      id
      name
      city
    }
    startDate
    endDate
    status
    rightToDecideSince
    stichtage
    statement(stichtag: $stichtag) {
      ...SeveranceStatementTables_SeveranceStatementFragment
      balanceChange {
        ...BalanceWaterfall_BalanceChangeFragment
      }
    }
    statements {
      stichtag
      totalEntitlement
    }
  }
`);

interface SeveranceAccountPanelProps {
  account: SeveranceAccountPanel_SeveranceAccountFragmentFragment;
  /** The Stichtag from the address; undefined shows the newest statement. */
  stichtag: string | undefined;
  onSelectStichtag: (stichtag: string) => void;
}

/** One Vorsorgekasse account: Stichtag selector, account details and the statement at the Stichtag. */
export function SeveranceAccountPanel({ account, stichtag, onSelectStichtag }: SeveranceAccountPanelProps) {
  const { t } = useTranslation();
  const a = account;
  const shown = a.statement?.stichtag ?? stichtag ?? a.stichtage[0];
  const headingId = `severance-account-${a.accountNumber}`;
  const details = [
    { key: 'accountNumber', term: t('accountInfo.account.accountNumber'), value: a.accountNumber },
    { key: 'employer', term: t('accountInfo.account.employer'), value: `${a.employer.name}, ${a.employer.city}` },
    { key: 'startDate', term: t('accountInfo.account.startDate'), value: formatDate(a.startDate) },
    {
      key: 'endDate',
      term: t('accountInfo.account.endDate'),
      value: a.endDate ? formatDate(a.endDate) : t('accountInfo.account.endDateOpen'),
    },
    { key: 'status', term: t('accountInfo.account.status'), value: t(`enums.SeveranceAccountStatus.${a.status}`) },
    {
      key: 'rightToDecide',
      term: t('accountInfo.account.rightToDecide'),
      value: a.rightToDecideSince ? t('accountInfo.account.rightToDecideSince', { date: formatDate(a.rightToDecideSince) }) : t('accountInfo.account.rightToDecideNone'),
    },
  ];

  return (
    <section className="card account-panel" aria-labelledby={headingId}>
      <div className="account-panel__head">
        <h2 id={headingId}>{t('accountInfo.severance.accountHeading', { number: a.accountNumber })}</h2>
        {shown ? <StichtagSelect stichtage={a.stichtage} value={shown} onChange={onSelectStichtag} /> : null}
      </div>
      <h3 className="account-panel__subheading">{t('accountInfo.severance.detailsHeading')}</h3>
      <DescriptionList items={details} />
      {a.statement ? <SeveranceStatementTables statement={a.statement} /> : <StatementMissing stichtag={stichtag} latestHref={paths.severanceAccount.getHref()} />}
      {a.statement ? <BalanceWaterfall change={a.statement.balanceChange} ownerHeadingId={headingId} /> : null}
      <HistoryChart
        title={t('accountInfo.history.severanceTitle')}
        amountHeader={t('accountInfo.severanceStatement.totalEntitlement')}
        points={a.statements.map((s) => ({ stichtag: s.stichtag, cents: s.totalEntitlement }))}
        selected={a.statement?.stichtag}
        ownerHeadingId={headingId}
      />
    </section>
  );
}
