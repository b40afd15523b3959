import type { PayoutType } from '@contract/claims';
import { formatMoney } from '@contract/format';
import { useTranslation } from 'react-i18next';
import type { ClaimAccount } from './claim-draft';

/** Tax, cash-order cost and the net amount of a payout (cents), shown before sending (spec 001 section 9). */
export function payoutAmounts(account: ClaimAccount, payoutType: PayoutType | null) {
  const entitlement = account.entitlement ?? 0;
  const cost = payoutType === 'CASH_ORDER' ? account.cashOrderCost : 0;
  return { entitlement, tax: account.payoutTax, cost, net: Math.max(0, entitlement - account.payoutTax - cost) };
}

/** The amounts table of a payout. */
export function PayoutAmounts({ account, payoutType }: { account: ClaimAccount; payoutType: PayoutType | null }) {
  const { t } = useTranslation();
  const a = payoutAmounts(account, payoutType);
  return (
    <section className="claim-amounts" aria-labelledby="claim-amounts-heading">
      <h3 id="claim-amounts-heading">{t('claim.amounts.heading')}</h3>
      <dl className="claim-amounts__list">
        <dt>{t('claim.amounts.entitlement')}</dt>
        <dd>{formatMoney(a.entitlement)}</dd>
        <dt>{t('claim.amounts.tax')}</dt>
        <dd>− {formatMoney(a.tax)}</dd>
        {payoutType === 'CASH_ORDER' ? (
          <>
            <dt>{t('claim.amounts.cashOrderCost')}</dt>
            <dd>− {formatMoney(a.cost)}</dd>
          </>
        ) : null}
        <dt className="claim-amounts__net">{t('claim.amounts.net')}</dt>
        <dd className="claim-amounts__net">{formatMoney(a.net)}</dd>
      </dl>
      <p className="muted">{t('claim.amounts.note')}</p>
    </section>
  );
}
