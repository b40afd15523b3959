import { useTranslation } from 'react-i18next';
import { DescriptionList } from '../../../components/ui/description-list';
import { Money } from '../../../components/ui/money';
import { graphql } from '../../../gql';
import type { SeveranceAccountSummary_SeveranceAccountFragmentFragment } from '../../../gql/graphql';
import { formatDate } from '@contract/format';
import { Link } from 'react-router-dom';
import { paths, routeAvailable, type TenantId } from '../../../config/paths';

export const SeveranceAccountSummaryFragment = graphql(`
  fragment SeveranceAccountSummary_SeveranceAccountFragment on SeveranceAccount {
    accountNumber
    status
    pendingRequest
    employer {
      id
      name
    }
    statement {
      stichtag
      totalEntitlement
    }
  }
`);

/**
 * A Vorsorgekasse account on the dashboard: account data and the latest total entitlement; a contribution-free
 * (DORMANT) account links to the merge screen where the tenant has it (`routeAvailable`, decision 0019), which
 * explains whether and from when it may be merged; not while a claim or merge request for the account is in progress
 * (`pendingRequest`, spec 001 sections 2 and 5).
 */
export function SeveranceAccountSummary({ account, tenant }: { account: SeveranceAccountSummary_SeveranceAccountFragmentFragment; tenant: TenantId }) {
  const { t } = useTranslation();
  return (
    <article className="card summary-card">
      <h3>{t('dashboard.severance.account', { number: account.accountNumber })}</h3>
      <DescriptionList
        className="description-list--compact"
        items={[
          { key: 'employer', term: t('dashboard.severance.employer'), value: account.employer.name },
          {
            key: 'status',
            term: t('dashboard.severance.status'),
            value: t(`enums.SeveranceAccountStatus.${account.status}`),
          },
        ]}
      />
      {account.statement ? (
        <p className="key-figure">
          <span className="key-figure__label">{t('dashboard.severance.totalEntitlement')}</span>
          <span className="key-figure__value">
            <Money cents={account.statement.totalEntitlement} />
          </span>
          <span className="key-figure__date">{t('dashboard.asOf', { date: formatDate(account.statement.stichtag) })}</span>
        </p>
      ) : (
        <p className="muted">{t('dashboard.noStatement')}</p>
      )}
      {account.status === 'DORMANT' && !account.pendingRequest && routeAvailable(tenant, 'mergeSeverance') ? (
        <p>
          <Link to={paths.mergeSeverance.getHref()}>{t('dashboard.severance.merge')}</Link>
        </p>
      ) : null}
    </article>
  );
}
