import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { paths, routeAvailable, type TenantId } from '../../../config/paths';
import { graphql } from '../../../gql';
import type { ClaimTeaser_SeveranceClaimFragmentFragment } from '../../../gql/graphql';
import { formatDate } from '@contract/format';

export const ClaimTeaserFragment = graphql(`
  fragment ClaimTeaser_SeveranceClaimFragment on SeveranceClaim {
    id
    option
    status
    accountNumber
    submittedOn
    dueDate
    dueDateExceeded
    definiteDate
  }
`);

type Claim = ClaimTeaser_SeveranceClaimFragmentFragment;
type Wording = 'payout' | 'transfer' | 'keep';
type DatedStatus = 'NEW' | 'CHECKING';
type DefiniteStatus = 'CHECKED' | 'PRE_TRANSFER' | 'POST_TRANSFER';
/** Keys under `dashboard.claim.text` (schema/contract/i18n/de/dashboard.json). */
export type ClaimTextKey = `${Wording}.${DatedStatus}` | `${Wording}.${DatedStatus}_noDate` | `${Wording}.${DefiniteStatus}` | 'INFORMATION_NEEDED' | 'INFORMATION_NEEDED_noInbox';

/** Payout and transfer have their own wording (spec 001 section 4); keeping the money invested a third one. */
function wordingOf(option: Claim['option']): Wording {
  if (option === 'PAYOUT') return 'payout';
  if (option === 'KEEP') return 'keep';
  return 'transfer';
}

/**
 * The text key and date of a claim's status (spec 001 section 4): NEW and CHECKING name the expected date, the
 * legal deadline (2 full calendar months plus 5 working days), and drop it once it has passed; CHECKED,
 * PRE_TRANSFER and POST_TRANSFER name the definite date; INFORMATION_NEEDED points to the inbox.
 */
export function claimText(claim: Claim): { key: ClaimTextKey; date: string | null } {
  const wording = wordingOf(claim.option);
  switch (claim.status) {
    case 'NEW':
    case 'CHECKING':
      return claim.dueDateExceeded ? { key: `${wording}.${claim.status}_noDate`, date: null } : { key: `${wording}.${claim.status}`, date: claim.dueDate };
    case 'CHECKED':
    case 'PRE_TRANSFER':
    case 'POST_TRANSFER':
      return { key: `${wording}.${claim.status}`, date: claim.definiteDate ?? claim.dueDate };
    case 'INFORMATION_NEEDED':
      return { key: 'INFORMATION_NEEDED', date: null };
  }
}

/**
 * The status of the member's latest severance claim, shown on the dashboard only when a claim exists. Missing
 * documents point to the inbox only where the tenant's inbox screen exists (`routeAvailable`).
 */
export function ClaimTeaser({ claim, tenant }: { claim: Claim; tenant: TenantId }) {
  const { t } = useTranslation();
  const withInbox = routeAvailable(tenant, 'inboxMessages');
  const claimed = claimText(claim);
  const text = claimed.key === 'INFORMATION_NEEDED' && !withInbox ? { ...claimed, key: 'INFORMATION_NEEDED_noInbox' as const } : claimed;
  return (
    <section className="card claim-teaser" aria-labelledby="claim-teaser-title">
      <h2 id="claim-teaser-title">{t('dashboard.claim.heading')}</h2>
      <p className="claim-teaser__status">
        <span className="claim-teaser__label">{t('dashboard.claim.statusLabel')}</span>{' '}
        <strong className={`claim-teaser__badge claim-teaser__badge--${claim.status.toLowerCase()}`}>{t(`dashboard.claim.status.${claim.status}`)}</strong>
      </p>
      <p className="muted">
        {t('dashboard.claim.meta', {
          option: t(`dashboard.claim.option.${claim.option}`),
          account: claim.accountNumber,
          date: formatDate(claim.submittedOn),
        })}
      </p>
      <p>{t(`dashboard.claim.text.${text.key}`, { date: text.date ? formatDate(text.date) : '' })}</p>
      {claim.status === 'INFORMATION_NEEDED' && withInbox ? (
        <p>
          <Link to={paths.inboxMessages.getHref()}>{t('dashboard.claim.toInbox')}</Link>
        </p>
      ) : null}
    </section>
  );
}
