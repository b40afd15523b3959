import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { paths, routeAvailable, type TenantId } from '../../../config/paths';
import { graphql } from '../../../gql';
import type { DecisionDeadline_ClaimableSeveranceAccountFragmentFragment } from '../../../gql/graphql';
import { formatDate } from '@contract/format';

export const DecisionDeadlineFragment = graphql(`
  fragment DecisionDeadline_ClaimableSeveranceAccountFragment on ClaimableSeveranceAccount {
    id
    accountNumber
    rightToDecide
    rightToDecideReason
    decisionDeadline
    decisionMonths
    decisionDaysLeft
    claimOpen
    pendingRequest
  }
`);

type Account = DecisionDeadline_ClaimableSeveranceAccountFragmentFragment;

/** Which text the deadline card shows (keys under `dashboard.decision`). */
export function decisionTextKey(account: Account): 'open' | 'openPension' | 'passed' | 'passedPension' | null {
  // A claim or merge request in progress for the account ends the countdown (spec 001 sections 2 and 5).
  if (!account.rightToDecide || account.claimOpen || account.pendingRequest || account.decisionDeadline === null || account.decisionDaysLeft === null) return null;
  const pension = account.rightToDecideReason === 'PENSION_START';
  if (account.decisionDaysLeft >= 0) return pension ? 'openPension' : 'open';
  return pension ? 'passedPension' : 'passed';
}

/**
 * The decision deadline of each account with a right to decide and no claim or merge request in progress (decision 0015; DOMAIN.md
 * "Deadlines"): the days left of the 6-month window (3 at pension start) and what happens when it ends; a link to the
 * claim where the tenant has the screen.
 */
export function DecisionDeadlines({ accounts, tenant }: { accounts: Account[]; tenant: TenantId }) {
  const { t } = useTranslation();
  const shown = accounts.map((a) => ({ account: a, key: decisionTextKey(a) })).filter((x) => x.key !== null);
  if (shown.length === 0) return null;
  return (
    <section className="card decision-deadline" aria-labelledby="decision-deadline-title">
      <h2 id="decision-deadline-title">{t('dashboard.decision.heading')}</h2>
      {shown.map(({ account, key }) => (
        <p key={account.id}>
          {t(`dashboard.decision.${key!}`, {
            account: account.accountNumber,
            date: formatDate(account.decisionDeadline!),
            count: Math.abs(account.decisionDaysLeft!),
            months: account.decisionMonths,
          })}
        </p>
      ))}
      {routeAvailable(tenant, 'severanceClaims') ? (
        <p>
          <Link to={paths.severanceClaims.getHref()}>{t('dashboard.decision.toClaim')}</Link>
        </p>
      ) : null}
    </section>
  );
}
