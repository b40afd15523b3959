import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useParams } from 'react-router-dom';
import { ErrorState } from '../../../components/ui/error-state';
import { LoadingState } from '../../../components/ui/loading-state';
import { Notice } from '../../../components/ui/notice';
import { paths } from '../../../config/paths';
import { formatDate } from '@contract/format';
import { CASH_ORDER_EXTRA_WORKING_DAYS } from '@contract/claims';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { useClaimForm } from '../api/get-claim-form';
import { ChooseStep } from './choose-step';
import { ConfirmStep } from './confirm-step';
import { DataStep } from './data-step';
import type { ClaimAccount, ClaimAddress, ClaimDraft, SentClaim } from './claim-draft';
import { useClaimDocuments } from './claim-documents';
import { PayoutAmounts } from './payout-amounts';
import '../claim.css';
import '../../../components/ui/step-list.css';

/** The steps of `/gm[/{step}]` (spec 001 section 2: choose, enter data, confirm and send, success). */
export const CLAIM_STEPS = ['auswahl', 'daten', 'bestaetigen', 'erfolg'] as const;
type Step = (typeof CLAIM_STEPS)[number];
const STEP_LABEL: Record<Step, 'choose' | 'data' | 'confirm' | 'success'> = { auswahl: 'choose', daten: 'data', bestaetigen: 'confirm', erfolg: 'success' };

/**
 * `/gm[/{step}]`: the severance claim in 4 steps (decision 0015). The accounts with a right to decide come from
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
  const documents = useClaimDocuments();
  const requested = (CLAIM_STEPS as readonly string[]).includes(params.step ?? '') ? (params.step as Step) : 'auswahl';
  // A later step needs the earlier ones' data (a reload or a typed URL starts again).
  const step: Step = requested === 'erfolg' ? (sent ? 'erfolg' : 'auswahl') : requested !== 'auswahl' && !draft.option ? 'auswahl' : requested;
  const go = (next: Step) => void navigate(paths.severanceClaims.getHref(next === 'auswahl' ? undefined : next));

  if (decidable.length === 0) {
    return (
      <Notice tone="info">
        <p className="state__title">{t('claim.none.title')}</p>
        {/* The 36 contribution months explain a Vorsorgekasse account not yet decidable, not the lack of one. */}
        <p>{accounts.length === 0 ? t('claim.none.noAccount') : t('claim.none.text')}</p>
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
          documents={documents}
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
          documents={documents}
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
    <ol className="step-list claim-steps" aria-label={t('claim.steps.label')}>
      {CLAIM_STEPS.map((s, i) => {
        const label = t(`claim.steps.${STEP_LABEL[s]}`);
        const state = i < index ? 'done' : i === index ? 'current' : 'todo';
        return (
          <li key={s} className={`step-list__step step-list__step--${state}`} aria-current={state === 'current' ? 'step' : undefined}>
            <span className="step-list__number" aria-hidden="true">
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
      {/* A cash order takes up to 10 working days longer: the claim confirmation PDF's sentence (spec 001 section 9). */}
      {claim.payoutType === 'CASH_ORDER' ? <p>{t('claim.success.cashOrderLonger', { days: CASH_ORDER_EXTRA_WORKING_DAYS })}</p> : null}
      {/* The amounts the fund stored with the payout, as the claim confirmation names them (spec 001 section 9). */}
      {claim.amounts ? <PayoutAmounts amounts={claim.amounts} payoutType={claim.payoutType} /> : null}
      <p>
        <Link to={paths.dashboard.getHref()}>{t('claim.toDashboard')}</Link>
      </p>
    </section>
  );
}
