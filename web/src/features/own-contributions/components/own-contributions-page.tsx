import type { TFunction } from 'i18next';
import { useState } from 'react';
import { Controller, useForm, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useParams } from 'react-router-dom';
import { Checkbox } from '../../../components/ui/checkbox';
import { ChoiceGroup } from '../../../components/ui/choice-group';
import { ErrorState } from '../../../components/ui/error-state';
import { IbanInput } from '../../../components/ui/iban-input';
import { LoadingState } from '../../../components/ui/loading-state';
import { Notice } from '../../../components/ui/notice';
import { SignaturePad } from '../../../components/ui/signature-pad';
import { TextField } from '../../../components/ui/text-field';
import { paths } from '../../../config/paths';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { formatDate, formatMoney, formatPercentBp } from '@contract/format';
import { exceedsEmployerContribution, mandateInput, premiumApplicationInput, type MandateType } from '@contract/own-contributions';
import type { SignatureValue } from '@contract/signature';
import { useApplyForPremium, useCancelMandate, useChangeMandate, useCreateMandate, useOwnContributions } from '../api/own-contributions';
import { centsOfEuroText, euroTextOfCents, isoToday } from './amount';
import '../own-contributions.css';

type Data = NonNullable<NonNullable<ReturnType<typeof useOwnContributions>['data']>['me']>;
type Overview = Data['ownContributions'];
type Mandate = Overview['mandates'][number];

/** The five steps of `/eigenbeitraege` (spec 001 section 2) and the edit and cancel views. */
const STEPS = ['vertrag', 'zahlungsart', 'daten', 'pruefen', 'antrag'] as const;
type Step = (typeof STEPS)[number];
const STEP_LABEL: Record<Step, 'contract' | 'type' | 'data' | 'check' | 'application'> = {
  vertrag: 'contract',
  zahlungsart: 'type',
  daten: 'data',
  pruefen: 'check',
  antrag: 'application',
};

interface Draft {
  contractId: string;
  type: MandateType | null;
  amount: string;
  iban: string;
  accountOwner: string;
  startDate: string;
  phone: string;
  confirmed: boolean;
}

const href = (step?: string, param?: string) => paths.ownContributions.getHref(step, param);

/**
 * `/eigenbeitraege[/{step}[/{param}]]` (issue 16 item 1): own contributions by SEPA mandate in five steps (contract,
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
      <ChangeView mandate={mandate} onDone={(text) => (setDone(text), go())} />
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
      <ol className="oc-steps" aria-label={t('ownContributions.steps.label')}>
        {STEPS.map((s, i) => (
          <li key={s} className={s === current ? 'oc-steps__step oc-steps__step--current' : 'oc-steps__step'} aria-current={s === current ? 'step' : undefined}>
            <span className="oc-steps__number">{i + 1}</span> {t(`ownContributions.steps.${STEP_LABEL[s]}`)}
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
        <DataStep draft={draft} onBack={() => go('zahlungsart')} onNext={(values) => (setDraft({ ...values, confirmed: true }), go('pruefen'))} />
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

function Gauge({ o }: { o: Overview }) {
  const { t } = useTranslation();
  const g = o.gauge;
  const percent = Math.min(100, Math.round((g.used / g.eligible) * 100));
  return (
    <section className="card oc-gauge" aria-labelledby="oc-gauge-title">
      <h2 id="oc-gauge-title">{t('ownContributions.gauge.heading', { year: g.year })}</h2>
      <meter className="oc-gauge__meter" min={0} max={g.eligible} value={Math.min(g.used, g.eligible)} aria-label={t('ownContributions.gauge.meter')}>
        {percent} %
      </meter>
      <p className="oc-gauge__left">{t('ownContributions.gauge.left', { amount: formatMoney(g.left), eligible: formatMoney(g.eligible) })}</p>
      <ul className="oc-gauge__facts">
        <li>{t('ownContributions.gauge.used', { amount: formatMoney(g.used) })}</li>
        <li>{t('ownContributions.gauge.collected', { amount: formatMoney(g.collected) })}</li>
        <li>{t('ownContributions.gauge.monthly', { amount: formatMoney(g.eligibleMonthly) })}</li>
        <li>{t('ownContributions.gauge.premium', { rate: formatPercentBp(g.rateBp), amount: formatMoney(g.expectedPremium), max: formatMoney(g.maxPremium) })}</li>
        <li>
          {g.daysToDeadline >= 0 ? t('ownContributions.gauge.deadline', { year: g.year, count: g.daysToDeadline }) : t('ownContributions.gauge.deadlinePassed', { year: g.year })}
        </li>
      </ul>
      <p>
        <Link to={paths.documents.getHref()}>{t('ownContributions.gauge.documents')}</Link>
      </p>
    </section>
  );
}

function MandateList({ o }: { o: Overview }) {
  const { t } = useTranslation();
  const shown = o.mandates.filter((m) => m.status === 'ACTIVE');
  return (
    <section className="card" aria-labelledby="oc-mandates-title">
      <h2 id="oc-mandates-title">{t('ownContributions.mandates.heading')}</h2>
      {shown.length === 0 ? <p>{t('ownContributions.mandates.none')}</p> : null}
      <ul className="oc-mandates">
        {shown.map((m) => (
          <li key={m.id} className="oc-mandates__item">
            <p className="oc-mandates__title">
              {t('ownContributions.mandates.entry', { type: t(`ownContributions.type.short.${m.type}`), amount: formatMoney(m.amount), date: formatDate(m.startDate) })}
            </p>
            <p className="muted">{t('ownContributions.mandates.reference', { reference: m.mandateReference })}</p>
            {m.nextDebitDate ? <p>{t('ownContributions.mandates.next', { date: formatDate(m.nextDebitDate) })}</p> : null}
            {m.endDate ? <p>{t('ownContributions.mandates.ends', { date: formatDate(m.endDate) })}</p> : null}
            {m.changeable ? (
              <p className="oc-mandates__actions">
                <Link to={href('aendern', m.id)}>{t('ownContributions.actions.change')}</Link>
                <Link to={href('kuendigen', m.id)}>{t('ownContributions.actions.cancel')}</Link>
              </p>
            ) : null}
          </li>
        ))}
      </ul>
    </section>
  );
}

function ContractStep({ o, draft, onNext }: { o: Overview; draft: Draft; onNext: (contractId: string) => void }) {
  const { t } = useTranslation();
  const [contractId, setContractId] = useState(draft.contractId);
  return (
    <>
      <Gauge o={o} />
      <MandateList o={o} />
      <section className="card">
        <h2>{t('ownContributions.mandates.new')}</h2>
        {o.contracts.length === 0 ? (
          <p>{t('ownContributions.contract.none')}</p>
        ) : (
          <>
            <ChoiceGroup
              legend={t('ownContributions.contract.legend')}
              choices={o.contracts.map((c) => ({ value: c.id, label: t('ownContributions.contract.label', { number: c.contractNumber }) }))}
              value={contractId || null}
              onChange={setContractId}
            />
            <div className="oc-actions">
              <button type="button" className="button button--primary" onClick={() => onNext(contractId)} disabled={!contractId}>
                {t('ownContributions.actions.next')}
              </button>
            </div>
          </>
        )}
      </section>
    </>
  );
}

function TypeStep({ o, draft, onBack, onNext }: { o: Overview; draft: Draft; onBack: () => void; onNext: (type: MandateType) => void }) {
  const { t } = useTranslation();
  const [type, setType] = useState<MandateType | null>(draft.type);
  const monthlyRunning = o.mandates.some((m) => m.type === 'MONTHLY' && m.status === 'ACTIVE' && !m.endDate);
  return (
    <section className="card">
      <h2>{t('ownContributions.steps.type')}</h2>
      <ChoiceGroup
        legend={t('ownContributions.type.legend')}
        choices={[
          { value: 'MONTHLY' as const, label: t('ownContributions.type.MONTHLY'), hint: monthlyRunning ? t('ownContributions.type.monthlyBlocked') : undefined },
          { value: 'ONE_OFF' as const, label: t('ownContributions.type.ONE_OFF') },
        ]}
        value={type}
        onChange={setType}
      />
      <div className="oc-actions">
        <button type="button" className="button" onClick={onBack}>
          {t('ownContributions.actions.back')}
        </button>
        <button type="button" className="button button--primary" onClick={() => type && onNext(type)} disabled={!type}>
          {t('ownContributions.actions.next')}
        </button>
      </div>
    </section>
  );
}

/** The catalogue text of an error code. */
function errorText(t: TFunction, code: string): string {
  return t(`ownContributions.errors.${code}`, { defaultValue: t('ownContributions.errors.ERROR_INTERNAL') });
}

/** The catalogue text of a field code. */
function fieldText(t: TFunction, code: string | undefined): string | undefined {
  return code ? t(`ownContributions.fieldErrors.${code}`, { defaultValue: t('ownContributions.fieldErrors.INVALID') }) : undefined;
}

const FIELD_OF: Record<string, keyof Draft> = { amountCents: 'amount', amount: 'amount', iban: 'iban', accountOwner: 'accountOwner', startDate: 'startDate', phone: 'phone' };

function DataStep({ draft, onBack, onNext }: { draft: Draft; onBack: () => void; onNext: (values: Draft) => void }) {
  const { t } = useTranslation();
  const { register, control, handleSubmit, setError, formState } = useForm<Draft>({ defaultValues: draft });
  const { errors } = formState;
  const onSubmit = (values: Draft) => {
    const amountCents = centsOfEuroText(values.amount);
    const checked = mandateInput(isoToday()).safeParse({ ...values, type: draft.type, amountCents: amountCents ?? -1, confirmed: true });
    let first = true;
    if (amountCents === null) {
      setError('amount', { type: 'rule', message: 'INVALID' }, { shouldFocus: true });
      first = false;
    }
    if (!checked.success) {
      for (const issue of checked.error.issues) {
        const field = FIELD_OF[String(issue.path[0])];
        if (!field || (field === 'amount' && amountCents === null)) continue;
        setError(field, { type: 'rule', message: issue.message }, { shouldFocus: first });
        first = false;
      }
    }
    if (first) onNext(values);
  };
  return (
    <form className="card" noValidate onSubmit={handleSubmit(onSubmit)}>
      <h2>{t('ownContributions.steps.data')}</h2>
      <p className="muted">{t(`ownContributions.type.${draft.type!}`)}</p>
      <TextField
        label={t('ownContributions.fields.amount')}
        registration={register('amount')}
        error={fieldText(t, errors.amount?.message)}
        inputMode="text"
        narrow
        maxLength={12}
      />
      <Controller
        control={control}
        name="iban"
        render={({ field }) => (
          <IbanInput
            label={t('ownContributions.fields.iban')}
            hint={t('ownContributions.fields.ibanHint')}
            value={field.value}
            onChange={field.onChange}
            onBlur={field.onBlur}
            inputRef={field.ref}
            error={fieldText(t, errors.iban?.message)}
          />
        )}
      />
      <TextField
        label={t('ownContributions.fields.accountOwner')}
        registration={register('accountOwner')}
        error={fieldText(t, errors.accountOwner?.message)}
        autoComplete="name"
        maxLength={70}
      />
      <TextField label={t('ownContributions.fields.startDate')} type="date" registration={register('startDate')} error={fieldText(t, errors.startDate?.message)} narrow />
      <TextField
        label={t('ownContributions.fields.phone')}
        type="tel"
        inputMode="tel"
        autoComplete="tel"
        registration={register('phone')}
        error={fieldText(t, errors.phone?.message)}
        maxLength={30}
      />
      <div className="oc-actions">
        <button type="button" className="button" onClick={onBack}>
          {t('ownContributions.actions.back')}
        </button>
        <button type="submit" className="button button--primary">
          {t('ownContributions.actions.next')}
        </button>
      </div>
    </form>
  );
}

function CheckStep({ o, draft, onBack, onDone }: { o: Overview; draft: Draft; onBack: () => void; onDone: (text: string) => void }) {
  const { t } = useTranslation();
  const [create, { loading }] = useCreateMandate();
  const [confirmed, setConfirmed] = useState(false);
  const [refusal, setRefusal] = useState<string | null>(null);
  const amountCents = centsOfEuroText(draft.amount) ?? 0;
  const contract = o.contracts.find((c) => c.id === draft.contractId);
  const warn = exceedsEmployerContribution(draft.type!, amountCents, contract?.lastYearEmployerContributions ?? null);
  const rows: [string, string][] = [
    [t('ownContributions.contract.label', { number: contract?.contractNumber ?? '' }), t(`ownContributions.type.${draft.type!}`)],
    [t('ownContributions.fields.amount'), formatMoney(amountCents)],
    [t('ownContributions.fields.iban'), draft.iban],
    [t('ownContributions.fields.accountOwner'), draft.accountOwner],
    [t('ownContributions.fields.startDate'), draft.startDate ? formatDate(draft.startDate) : ''],
    [t('ownContributions.check.creditorId'), o.creditorId],
  ];
  const submit = async () => {
    if (!confirmed) return setRefusal(t('ownContributions.fieldErrors.NOT_CONFIRMED'));
    const answer = (
      await create({
        variables: {
          input: {
            contractId: draft.contractId,
            type: draft.type!,
            amount: amountCents,
            iban: draft.iban,
            startDate: draft.startDate,
            phone: draft.phone || null,
            accountOwner: draft.accountOwner,
            confirmed: true,
          },
        },
      })
    ).data?.createMandate;
    if (answer?.ok) return onDone(t('ownContributions.mandates.created'));
    const field = answer?.error?.fieldErrors[0];
    setRefusal(field ? (fieldText(t, field.code) ?? '') : errorText(t, answer?.error?.code ?? 'ERROR_INTERNAL'));
  };
  return (
    <section className="card">
      <h2>{t('ownContributions.check.heading')}</h2>
      <dl className="oc-summary">
        {rows.map(([label, value]) => (
          <div key={label}>
            <dt>{label}</dt>
            <dd>{value}</dd>
          </div>
        ))}
      </dl>
      {warn ? <Notice tone="warning">{t('ownContributions.warning.employerExceeded')}</Notice> : null}
      <p>{t('ownContributions.check.refund')}</p>
      <p>{t('ownContributions.check.preNotification')}</p>
      <Checkbox label={t('ownContributions.fields.confirmed')} checked={confirmed} onChange={setConfirmed} />
      {refusal ? (
        <div role="alert">
          <Notice tone="error">{refusal}</Notice>
        </div>
      ) : null}
      <div className="oc-actions">
        <button type="button" className="button" onClick={onBack}>
          {t('ownContributions.actions.back')}
        </button>
        <button type="button" className="button button--primary" disabled={loading} onClick={() => void submit()}>
          {t('ownContributions.actions.submit')}
        </button>
      </div>
    </section>
  );
}

interface ApplicationValues {
  street: string;
  postcode: string;
  city: string;
  country: string;
  birthDate: string;
  confirmed: boolean;
  signature: SignatureValue | null;
}

function ApplicationStep({ me, onDone }: { me: Data; onDone: (text: string) => void }) {
  const { t } = useTranslation();
  const [apply, { loading }] = useApplyForPremium();
  const [refusal, setRefusal] = useState<string | null>(null);
  const { register, control, handleSubmit, setError, formState } = useForm<ApplicationValues>({
    defaultValues: {
      street: me.address?.street ?? '',
      postcode: me.address?.postcode ?? '',
      city: me.address?.city ?? '',
      country: me.address?.country ?? 'AT',
      birthDate: '',
      confirmed: false,
      signature: null,
    },
  });
  const { errors } = formState;
  if (me.ownContributions.premiumApplicationFiled) {
    return (
      <section className="card">
        <h2>{t('ownContributions.application.heading')}</h2>
        <p>{t('ownContributions.application.alreadyFiled')}</p>
        <Link to={href()}>{t('ownContributions.actions.toOverview')}</Link>
      </section>
    );
  }
  const onSubmit = async (values: ApplicationValues) => {
    const checked = premiumApplicationInput(isoToday()).safeParse(values);
    if (!checked.success) {
      let first = true;
      for (const issue of checked.error.issues) {
        setError(String(issue.path[0]) as keyof ApplicationValues, { type: 'rule', message: issue.message }, { shouldFocus: first });
        first = false;
      }
      return;
    }
    const s = values.signature!;
    const answer = (
      await apply({
        variables: {
          input: {
            street: values.street,
            postcode: values.postcode,
            city: values.city,
            country: values.country,
            birthDate: values.birthDate,
            confirmed: true,
            signature: s.kind === 'DRAWN' ? { kind: 'DRAWN', png: s.png } : { kind: 'TYPED', name: s.name },
          },
        },
      })
    ).data?.applyForPremium;
    if (answer?.ok) return onDone(t('ownContributions.application.filed'));
    for (const e of answer?.error?.fieldErrors ?? []) setError(e.field as keyof ApplicationValues, { type: 'server', message: e.code });
    setRefusal(errorText(t, answer?.error?.code ?? 'ERROR_INTERNAL'));
  };
  return (
    <form className="card" noValidate onSubmit={handleSubmit(onSubmit)}>
      <h2>{t('ownContributions.application.heading')}</h2>
      <p>{t('ownContributions.application.intro')}</p>
      <TextField
        label={t('ownContributions.fields.street')}
        registration={register('street')}
        error={fieldText(t, errors.street?.message)}
        autoComplete="street-address"
        maxLength={100}
      />
      <TextField
        label={t('ownContributions.fields.postcode')}
        registration={register('postcode')}
        error={fieldText(t, errors.postcode?.message)}
        autoComplete="postal-code"
        narrow
        maxLength={12}
      />
      <TextField
        label={t('ownContributions.fields.city')}
        registration={register('city')}
        error={fieldText(t, errors.city?.message)}
        autoComplete="address-level2"
        maxLength={60}
      />
      <TextField label={t('ownContributions.fields.country')} registration={register('country')} error={fieldText(t, errors.country?.message)} narrow maxLength={60} />
      <TextField
        label={t('ownContributions.fields.birthDate')}
        registration={register('birthDate')}
        error={fieldText(t, errors.birthDate?.message)}
        inputMode="numeric"
        narrow
        maxLength={6}
      />
      <Controller
        control={control}
        name="signature"
        render={({ field }) => (
          <SignaturePad
            legend={t('ownContributions.fields.signature')}
            texts={{
              canvasLabel: t('claim.signature.canvasLabel'),
              clear: t('claim.signature.clear'),
              typeInstead: t('claim.signature.typeInstead'),
              drawInstead: t('claim.signature.drawInstead'),
              typedLabel: t('claim.signature.typedLabel'),
              typedHint: t('claim.signature.typedHint'),
            }}
            value={field.value}
            onChange={field.onChange}
            error={fieldText(t, errors.signature?.message)}
          />
        )}
      />
      <Controller
        control={control}
        name="confirmed"
        render={({ field }) => <Checkbox label={t('ownContributions.fields.applicationConfirmed')} checked={field.value} onChange={field.onChange} />}
      />
      {errors.confirmed ? (
        <p className="field__error" role="alert">
          {fieldText(t, errors.confirmed.message)}
        </p>
      ) : null}
      {refusal ? (
        <div role="alert">
          <Notice tone="error">{refusal}</Notice>
        </div>
      ) : null}
      <div className="oc-actions">
        <Link to={href()} className="button">
          {t('ownContributions.actions.toOverview')}
        </Link>
        <button type="submit" className="button button--primary" disabled={loading}>
          {t('ownContributions.actions.apply')}
        </button>
      </div>
    </form>
  );
}

interface ChangeValues {
  amount: string;
  iban: string;
  currentPassword: string;
}

function ChangeView({ mandate, onDone }: { mandate: Mandate; onDone: (text: string) => void }) {
  const { t } = useTranslation();
  const [change, { loading }] = useChangeMandate();
  const [refusal, setRefusal] = useState<string | null>(null);
  const { register, control, handleSubmit, setError, formState } = useForm<ChangeValues>({
    defaultValues: { amount: euroTextOfCents(mandate.amount), iban: mandate.iban.replace(/(.{4})/g, '$1 ').trim(), currentPassword: '' },
  });
  const { errors } = formState;
  const ibanChanged = useWatch({ control, name: 'iban' }).replace(/\s+/g, '').toUpperCase() !== mandate.iban;
  const onSubmit = async (values: ChangeValues) => {
    const amount = centsOfEuroText(values.amount);
    if (amount === null) return setError('amount', { type: 'rule', message: 'INVALID' }, { shouldFocus: true });
    const answer = (await change({ variables: { input: { mandateId: mandate.id, amount, iban: values.iban, currentPassword: ibanChanged ? values.currentPassword : null } } })).data
      ?.changeMandate;
    if (answer?.ok) return onDone(t('ownContributions.mandates.changed'));
    const map: Record<string, keyof ChangeValues> = { amountCents: 'amount', amount: 'amount', iban: 'iban', currentPassword: 'currentPassword' };
    for (const e of answer?.error?.fieldErrors ?? []) if (map[e.field]) setError(map[e.field]!, { type: 'server', message: e.code });
    setRefusal(errorText(t, answer?.error?.code ?? 'ERROR_INTERNAL'));
  };
  return (
    <form className="card" noValidate onSubmit={handleSubmit(onSubmit)}>
      <h2>{t('ownContributions.change.heading')}</h2>
      <p className="muted">{t('ownContributions.mandates.reference', { reference: mandate.mandateReference })}</p>
      <TextField label={t('ownContributions.fields.amount')} registration={register('amount')} error={fieldText(t, errors.amount?.message)} narrow maxLength={12} />
      <Controller
        control={control}
        name="iban"
        render={({ field }) => (
          <IbanInput
            label={t('ownContributions.fields.iban')}
            hint={t('ownContributions.fields.ibanHint')}
            value={field.value}
            onChange={field.onChange}
            onBlur={field.onBlur}
            inputRef={field.ref}
            error={fieldText(t, errors.iban?.message)}
          />
        )}
      />
      {ibanChanged ? (
        <TextField
          label={t('ownContributions.fields.currentPassword')}
          type="password"
          autoComplete="current-password"
          registration={register('currentPassword')}
          error={fieldText(t, errors.currentPassword?.message)}
          maxLength={100}
        />
      ) : null}
      {refusal ? (
        <div role="alert">
          <Notice tone="error">{refusal}</Notice>
        </div>
      ) : null}
      <div className="oc-actions">
        <Link to={href()} className="button">
          {t('ownContributions.actions.back')}
        </Link>
        <button type="submit" className="button button--primary" disabled={loading}>
          {t('ownContributions.actions.save')}
        </button>
      </div>
    </form>
  );
}

function CancelView({ mandate, onDone }: { mandate: Mandate; onDone: (text: string) => void }) {
  const { t } = useTranslation();
  const [cancel, { loading }] = useCancelMandate();
  const [refusal, setRefusal] = useState<string | null>(null);
  const { register, handleSubmit, setError, formState } = useForm<{ endDate: string }>({ defaultValues: { endDate: '' } });
  const onSubmit = async (values: { endDate: string }) => {
    const answer = (await cancel({ variables: { input: { mandateId: mandate.id, endDate: mandate.type === 'MONTHLY' ? values.endDate : null } } })).data?.cancelMandate;
    if (answer?.ok) return onDone(t('ownContributions.mandates.cancelled'));
    const e = answer?.error?.fieldErrors.find((f) => f.field === 'endDate');
    if (e) setError('endDate', { type: 'server', message: e.code }, { shouldFocus: true });
    else setRefusal(errorText(t, answer?.error?.code ?? 'ERROR_INTERNAL'));
  };
  return (
    <form className="card" noValidate onSubmit={handleSubmit(onSubmit)}>
      <h2>{t('ownContributions.cancel.heading')}</h2>
      <p>
        {t('ownContributions.mandates.entry', { type: t(`ownContributions.type.short.${mandate.type}`), amount: formatMoney(mandate.amount), date: formatDate(mandate.startDate) })}
      </p>
      {mandate.type === 'MONTHLY' ? (
        <TextField label={t('ownContributions.fields.endDate')} type="date" registration={register('endDate')} error={fieldText(t, formState.errors.endDate?.message)} narrow />
      ) : (
        <p>{t('ownContributions.cancel.oneOff')}</p>
      )}
      {refusal ? (
        <div role="alert">
          <Notice tone="error">{refusal}</Notice>
        </div>
      ) : null}
      <div className="oc-actions">
        <Link to={href()} className="button">
          {t('ownContributions.actions.back')}
        </Link>
        <button type="submit" className="button button--primary" disabled={loading}>
          {t('ownContributions.actions.confirmCancel')}
        </button>
      </div>
    </form>
  );
}
