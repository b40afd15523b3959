import type { PayoutType } from '@contract/claims';
import { formatMoney } from '@contract/format';
import { useTranslation } from 'react-i18next';
import type { ClaimAccount, PayoutFigures } from './claim-draft';

/** The net amount of a payout (cents, never below 0): the entitlement less the tax and the cash order's cost. */
function withNet(entitlement: number, tax: number, cost: number): PayoutFigures {
  return { entitlement, tax, cost, net: Math.max(0, entitlement - tax - cost) };
}

/** Tax, cash-order cost and the net amount of a payout (cents), shown before sending (spec 001 section 9). */
export function payoutAmounts(account: ClaimAccount, payoutType: PayoutType | null): PayoutFigures {
  return withNet(account.entitlement ?? 0, account.payoutTax, payoutType === 'CASH_ORDER' ? account.cashOrderCost : 0);
}

/**
 * The figures the fund stored with a sent payout claim (`SeveranceClaim.entitlement`, `tax`, `cashOrderCost`, cents;
 * null counts as 0), which the claim confirmation names (spec 001 section 9).
 */
export function sentPayoutAmounts(claim: { entitlement?: number | null; tax?: number | null; cashOrderCost?: number | null }): PayoutFigures {
  return withNet(claim.entitlement ?? 0, claim.tax ?? 0, claim.cashOrderCost ?? 0);
}

/** The amounts table of a payout; the cash order's cost is a row of its own for a cash order only. */
export function PayoutAmounts({ amounts, payoutType }: { amounts: PayoutFigures; payoutType: PayoutType | null }) {
  const { t } = useTranslation();
  return (
    <section className="claim-amounts" aria-labelledby="claim-amounts-heading">
      <h3 id="claim-amounts-heading">{t('claim.amounts.heading')}</h3>
      <dl className="claim-amounts__list">
        <dt>{t('claim.amounts.entitlement')}</dt>
        <dd>{formatMoney(amounts.entitlement)}</dd>
        <dt>{t('claim.amounts.tax')}</dt>
        <dd>− {formatMoney(amounts.tax)}</dd>
        {payoutType === 'CASH_ORDER' ? (
          <>
            <dt>{t('claim.amounts.cashOrderCost')}</dt>
            <dd>− {formatMoney(amounts.cost)}</dd>
          </>
        ) : null}
        <dt className="claim-amounts__net">{t('claim.amounts.net')}</dt>
        <dd className="claim-amounts__net">{formatMoney(amounts.net)}</dd>
      </dl>
      <p className="muted">{t('claim.amounts.note')}</p>
    </section>
  );
}
