import { useTranslation } from 'react-i18next';
import { Notice } from '../../../components/ui/notice';
import { formatDate } from '@contract/format';
import type { MergePage_QueryQuery } from '../../../gql/graphql';

export type MergeEligibility = NonNullable<MergePage_QueryQuery['me']>['mergeEligibility'];

/**
 * The eligibility before the form (decision 0023; § 17 (2a) BMSVG): whether the member may merge now and why (not),
 * with each contribution-free account, the end of its last contribution month and the day it has been
 * contribution-free for 3 years, and the account the money goes into.
 */
export function EligibilityPanel({ eligibility }: { eligibility: MergeEligibility }) {
  const { t } = useTranslation();
  const e = eligibility;
  const earliest = e.dormantAccounts.map((a) => a.eligibleFrom).sort()[0];
  const date = e.reason === 'REQUEST_PENDING' ? e.pendingSince : earliest;
  const reason = t(`merge.eligibility.reason.${e.reason}`, { date: date ? formatDate(date) : '' });
  return (
    <section className="card merge-card" aria-labelledby="merge-eligibility">
      <h2 id="merge-eligibility">{t('merge.eligibility.heading')}</h2>
      {e.dormantAccounts.length > 0 ? (
        <ul className="merge-accounts">
          {e.dormantAccounts.map((a) => (
            <li key={a.id} className="merge-accounts__item">
              <span className="merge-accounts__number">{t('merge.eligibility.account', { account: a.accountNumber })}</span>
              <span>{t('merge.eligibility.endDate', { date: formatDate(a.endDate) })}</span>
              <span>{t('merge.eligibility.eligibleFrom', { date: formatDate(a.eligibleFrom) })}</span>
              <strong>
                {a.eligible ? t('merge.eligibility.accountEligible') : a.claimOpen ? t('merge.eligibility.accountClaimOpen') : t('merge.eligibility.accountTooRecent')}
              </strong>
            </li>
          ))}
        </ul>
      ) : null}
      <Notice tone={e.eligible ? 'success' : 'info'}>
        <p className="state__title">{e.eligible ? t('merge.eligibility.title.eligible') : t('merge.eligibility.title.notEligible')}</p>
        <p>{reason}</p>
        {e.eligible && e.targetAccountNumber ? <p>{t('merge.eligibility.target', { account: e.targetAccountNumber })}</p> : null}
      </Notice>
    </section>
  );
}
