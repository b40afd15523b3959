import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router-dom';
import { ErrorState } from '../../../components/ui/error-state';
import { LoadingState } from '../../../components/ui/loading-state';
import { Notice } from '../../../components/ui/notice';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { useOwnContributions } from '../api/own-contributions';
import '../own-contributions.css';
import '../../../components/ui/step-list.css';
import { type Data, STEPS, type Step, STEP_LABEL, type Draft, href } from './model';
import { ContractStep, TypeStep, DataStep, CheckStep } from './flow-steps';
import { ApplicationStep } from './application-step';
import { ChangeView, CancelView } from './mandate-changes';

/**
 * `/eigenbeitraege[/{step}[/{param}]]` (decision 0016): own contributions by SEPA mandate in five steps (contract,
 * payment type, data, check, § 108a application), the premium gauge on the first step, and the change
 * (`/aendern/{id}`) and cancel (`/kuendigen/{id}`) views. Rules: @contract/own-contributions; the server checks again.
 */
export function OwnContributionsPage() {
  const { t } = useTranslation();
  useDocumentTitle(t('ownContributions.pageTitle'));
  const { data, loading, error, refetch } = useOwnContributions();
  const me = data?.me;
  let body;
  if (error && !me) body = <ErrorState onRetry={() => void refetch()} />;
  else if (loading && !me) body = <LoadingState />;
  else if (me) body = <Flow me={me} />;
  return (
    <div className="own-contributions-page">
      <h1 tabIndex={-1}>{t('ownContributions.heading')}</h1>
      <p className="lead">{t('ownContributions.intro')}</p>
      {body}
    </div>
  );
}

function Flow({ me }: { me: Data }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const params = useParams();
  const o = me.ownContributions;
  const [draft, setDraft] = useState<Draft>(() => ({
    contractId: o.contracts[0]?.id ?? '',
    type: null,
    amount: '',
    iban: '',
    accountOwner: '',
    startDate: '',
    phone: '',
    confirmed: false,
  }));
  const [done, setDone] = useState<string | null>(null);
  const go = (step?: string, param?: string) => void navigate(href(step, param));

  if (params.step === 'aendern' || params.step === 'kuendigen') {
    const mandate = o.mandates.find((m) => m.id === params.param && m.changeable);
    if (!mandate) return <Notice tone="error">{t('ownContributions.errors.ERROR_NOT_FOUND')}</Notice>;
    return params.step === 'aendern' ? (
      <ChangeView o={o} mandate={mandate} onDone={(text) => (setDone(text), go())} />
    ) : (
      <CancelView mandate={mandate} onDone={(text) => (setDone(text), go())} />
    );
  }
  const requested = (STEPS as readonly string[]).includes(params.step ?? '') ? (params.step as Step) : 'vertrag';
  // A later step needs the earlier steps' data; the application step stands alone (needed once).
  const step: Step =
    requested === 'antrag'
      ? 'antrag'
      : requested !== 'vertrag' && !draft.contractId
        ? 'vertrag'
        : (requested === 'daten' || requested === 'pruefen') && !draft.type
          ? 'zahlungsart'
          : requested;
  const pruefenReady = step !== 'pruefen' || draft.confirmed;
  const current: Step = pruefenReady ? step : 'daten';

  return (
    <>
      <ol className="step-list" aria-label={t('ownContributions.steps.label')}>
        {STEPS.map((s, i) => (
          <li key={s} className={s === current ? 'step-list__step step-list__step--current' : 'step-list__step'} aria-current={s === current ? 'step' : undefined}>
            <span className="step-list__number">{i + 1}</span> {t(`ownContributions.steps.${STEP_LABEL[s]}`)}
          </li>
        ))}
      </ol>
      {done ? (
        <div role="status">
          <Notice tone="success">{done}</Notice>
        </div>
      ) : null}
      {current === 'vertrag' ? (
        <ContractStep o={o} draft={draft} onNext={(contractId) => (setDraft({ ...draft, contractId }), setDone(null), go('zahlungsart'))} />
      ) : current === 'zahlungsart' ? (
        <TypeStep o={o} draft={draft} onBack={() => go()} onNext={(type) => (setDraft({ ...draft, type }), go('daten'))} />
      ) : current === 'daten' ? (
        <DataStep o={o} draft={draft} onBack={() => go('zahlungsart')} onNext={(values) => (setDraft({ ...values, confirmed: true }), go('pruefen'))} />
      ) : current === 'pruefen' ? (
        <CheckStep
          o={o}
          draft={draft}
          onBack={() => go('daten')}
          onDone={(text) => {
            setDraft({ ...draft, type: null, amount: '', confirmed: false });
            setDone(text);
            go(o.premiumApplicationFiled ? undefined : 'antrag');
          }}
        />
      ) : (
        <ApplicationStep me={me} onDone={(text) => (setDone(text), go())} />
      )}
    </>
  );
}
