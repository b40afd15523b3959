import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useParams } from 'react-router-dom';
import type { ClaimOption, PayoutType } from '@contract/claim';
import { ErrorState } from '../../../components/ui/error-state';
import { LoadingState } from '../../../components/ui/loading-state';
import { Notice } from '../../../components/ui/notice';
import { paths } from '../../../config/paths';
import type { ClaimPage_QueryQuery } from '../../../gql/graphql';
import { formatDate, formatMoney } from '@contract/format';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { useClaimForm } from '../api/get-claim-form';
import { ChooseStep } from './choose-step';
import { ConfirmStep } from './confirm-step';
import { DataStep } from './data-step';
import '../claim.css';

type Me = NonNullable<ClaimPage_QueryQuery['me']>;
export type ClaimAccount = Me['claimableSeveranceAccounts'][number];
export type ClaimAddress = Me['address'];

/** What the member entered so far; kept by the page while the steps change. */
export interface ClaimDraft {
  accountId: string;
  option: ClaimOption | null;
  institutionName: string;
  policyNumber: string;
  payoutType: PayoutType | null;
  iban: string;
  bic: string;
  street: string;
  postcode: string;
  city: string;
}

/** The sent claim as step 4 shows it. */
export interface SentClaim {
  option: ClaimOption;
  submittedOn: string;
  dueDate: string;
}

/** The steps of `/gm[/{step}]` (spec 001 section 2: choose, enter data, confirm and send, success). */
export const CLAIM_STEPS = ['auswahl', 'daten', 'bestaetigen', 'erfolg'] as const;
type Step = (typeof CLAIM_STEPS)[number];
const STEP_LABEL: Record<Step, 'choose' | 'data' | 'confirm' | 'success'> = { auswahl: 'choose', daten: 'data', bestaetigen: 'confirm', erfolg: 'success' };

/**
 * `/gm[/{step}]`: the severance claim in 4 steps (issue 15 item 1). The accounts with a right to decide come from
 * `claimableSeveranceAccounts`; a step opened without the earlier steps' data goes back to the first.
 */
export function ClaimPage() {
  const { t } = useTranslation();
  useDocumentTitle(t('claim.pageTitle'));
  const { data, loading, error, refetch } = useClaimForm();
  const me = data?.me;
  let body;
  if (error && !me) body = <ErrorState onRetry={() => void refetch()} />;
  else if (loading && !me) body = <LoadingState />;
  else if (me) body = <ClaimSteps accounts={me.claimableSeveranceAccounts} address={me.address} />;
  return (
    <div className="claim-page">
      <h1 tabIndex={-1}>{t('claim.heading')}</h1>
      <p className="lead">{t('claim.intro')}</p>
      {body}
    </div>
  );
}

function emptyDraft(accountId: string, address: ClaimAddress): ClaimDraft {
  const austrian = address.country === 'AT';
  return {
    accountId,
    option: null,
    institutionName: '',
    policyNumber: '',
    payoutType: null,
    iban: '',
    bic: '',
    street: austrian ? (address.street ?? '') : '',
    postcode: austrian ? (address.postcode ?? '') : '',
    city: austrian ? (address.city ?? '') : '',
  };
}

function ClaimSteps({ accounts, address }: { accounts: ClaimAccount[]; address: ClaimAddress }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const params = useParams();
  const decidable = accounts.filter((a) => a.rightToDecide);
  const [draft, setDraft] = useState<ClaimDraft>(() => emptyDraft(decidable.find((a) => !a.claimOpen)?.id ?? decidable[0]?.id ?? '', address));
  const [sent, setSent] = useState<SentClaim | null>(null);
  const requested = (CLAIM_STEPS as readonly string[]).includes(params.step ?? '') ? (params.step as Step) : 'auswahl';
  // A later step needs the earlier ones' data (a reload or a typed URL starts again).
  const step: Step = requested === 'erfolg' ? (sent ? 'erfolg' : 'auswahl') : requested !== 'auswahl' && !draft.option ? 'auswahl' : requested;
  const go = (next: Step) => void navigate(paths.severanceClaims.getHref(next === 'auswahl' ? undefined : next));

  if (decidable.length === 0) {
    return (
      <Notice tone="info">
        <p className="state__title">{t('claim.none.title')}</p>
        <p>{t('claim.none.text')}</p>
        <p>
          <Link to={paths.dashboard.getHref()}>{t('claim.toDashboard')}</Link>
        </p>
      </Notice>
    );
  }
  const account = decidable.find((a) => a.id === draft.accountId) ?? decidable[0]!;
  return (
    <>
      <StepList current={step} />
      {step === 'auswahl' ? (
        <ChooseStep
          accounts={decidable}
          draft={draft}
          onNext={(chosen) => {
            setDraft((d) => ({ ...d, ...chosen }));
            go('daten');
          }}
        />
      ) : null}
      {step === 'daten' ? (
        <DataStep
          account={account}
          draft={draft}
          onBack={(values) => {
            setDraft(values);
            go('auswahl');
          }}
          onNext={(values) => {
            setDraft(values);
            go('bestaetigen');
          }}
        />
      ) : null}
      {step === 'bestaetigen' ? (
        <ConfirmStep
          account={account}
          draft={draft}
          onBack={() => go('daten')}
          onSent={(claim) => {
            setSent(claim);
            go('erfolg');
          }}
        />
      ) : null}
      {step === 'erfolg' && sent ? <SuccessStep claim={sent} /> : null}
    </>
  );
}

function StepList({ current }: { current: Step }) {
  const { t } = useTranslation();
  const index = CLAIM_STEPS.indexOf(current);
  return (
    <ol className="claim-steps" aria-label={t('claim.steps.label')}>
      {CLAIM_STEPS.map((s, i) => {
        const label = t(`claim.steps.${STEP_LABEL[s]}`);
        const state = i < index ? 'done' : i === index ? 'current' : 'todo';
        return (
          <li key={s} className={`claim-steps__step claim-steps__step--${state}`} aria-current={state === 'current' ? 'step' : undefined}>
            <span className="claim-steps__number" aria-hidden="true">
              {i + 1}
            </span>
            <span className="claim-steps__label">{label}</span>
          </li>
        );
      })}
    </ol>
  );
}

function SuccessStep({ claim }: { claim: SentClaim }) {
  const { t } = useTranslation();
  return (
    <section className="card claim-card" aria-labelledby="claim-success-heading">
      <h2 id="claim-success-heading" tabIndex={-1}>
        {t('claim.success.heading')}
      </h2>
      <p>{t('claim.success.received', { date: formatDate(claim.submittedOn) })}</p>
      <p>
        {claim.option === 'KEEP'
          ? t('claim.success.keep')
          : t(claim.option === 'PAYOUT' ? 'claim.success.dueDatePayout' : 'claim.success.dueDate', { date: formatDate(claim.dueDate) })}
      </p>
      <p>
        <Link to={paths.dashboard.getHref()}>{t('claim.toDashboard')}</Link>
      </p>
    </section>
  );
}

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
