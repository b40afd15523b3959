import { useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Checkbox } from '../../../components/ui/checkbox';
import { ChoiceGroup } from '../../../components/ui/choice-group';
import { Notice } from '../../../components/ui/notice';
import { TextField } from '../../../components/ui/text-field';
import { TypedDateField } from '../../../components/ui/typed-date-field';
import { placeRuleErrors } from '../../../lib/forms/rule-field-errors';
import { isoToTypedDate, typedDateToIso } from '../../../lib/typed-date';
import { addDays } from '@contract/dates';
import { formatDate, formatMoney } from '@contract/format';
import { exceedsEmployerContribution, mandateInput, START_DATE_MAX_DAYS_AHEAD, type MandateType } from '@contract/own-contributions';
import { useCreateMandate } from '../api/own-contributions';
import { DebitIbanField, Refusal } from './form-parts';
import { type Overview, type Draft, errorText, fieldText, FIELD_OF, readAmountField, serverToday } from './model';
import { Gauge, MandateList } from './overview';

export function ContractStep({ o, draft, onNext }: { o: Overview; draft: Draft; onNext: (contractId: string) => void }) {
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

export function TypeStep({ o, draft, onBack, onNext }: { o: Overview; draft: Draft; onBack: () => void; onNext: (type: MandateType) => void }) {
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

export function DataStep({ o, draft, onBack, onNext }: { o: Overview; draft: Draft; onBack: () => void; onNext: (values: Draft) => void }) {
  const { t } = useTranslation();
  // The start date is typed as DD.MM.YYYY (or picked in the calendar); the draft and the rules hold the ISO date.
  const { register, control, handleSubmit, setError, setValue, formState } = useForm<Draft>({ defaultValues: { ...draft, startDate: isoToTypedDate(draft.startDate) } });
  const { errors } = formState;
  const typedStart = useWatch({ control, name: 'startDate' });
  // The server's day and period: the calendar starts at the earliest debit date and a refusal names it (decision 0044).
  const today = serverToday(o);
  const onSubmit = (typed: Draft) => {
    const values = { ...typed, startDate: typedDateToIso(typed.startDate) };
    const amount = readAmountField(values.amount);
    const amountCents = amount.cents;
    const checked = mandateInput(today, o.preNotificationDays).safeParse({ ...values, type: draft.type, amountCents: amountCents ?? -1, confirmed: true });
    if (amount.error !== null) setError('amount', { type: 'rule', message: amount.error }, { shouldFocus: true });
    const fieldOf = (input: string) => {
      const field = FIELD_OF[input];
      return !field || (field === 'amount' && amountCents === null) ? null : field;
    };
    const placed = checked.success ? 0 : placeRuleErrors(checked.error.issues, setError, { fieldOf, focusFirst: amount.error === null });
    if (amount.error === null && placed === 0) onNext(values);
  };
  return (
    <form className="card" noValidate onSubmit={handleSubmit(onSubmit)}>
      <h2>{t('ownContributions.steps.data')}</h2>
      <p className="muted">{t(`ownContributions.type.${draft.type!}`)}</p>
      <TextField
        label={t('ownContributions.fields.amount')}
        registration={register('amount')}
        error={fieldText(t, errors.amount?.message, 'amount')}
        inputMode="text"
        narrow
        maxLength={12}
      />
      <DebitIbanField control={control} error={fieldText(t, errors.iban?.message, 'iban')} />
      <TextField
        label={t('ownContributions.fields.accountOwner')}
        registration={register('accountOwner')}
        error={fieldText(t, errors.accountOwner?.message, 'accountOwner')}
        autoComplete="name"
        maxLength={70}
      />
      <TypedDateField
        label={t('ownContributions.fields.startDate')}
        registration={register('startDate')}
        typed={typedStart}
        onPick={(date) => setValue('startDate', date, { shouldDirty: true })}
        min={o.earliestDebitDate}
        max={addDays(today, START_DATE_MAX_DAYS_AHEAD)}
        placeholder={t('ownContributions.fields.datePlaceholder')}
        calendarLabel={t('ownContributions.fields.openCalendar', { field: t('ownContributions.fields.startDate') })}
        error={fieldText(t, errors.startDate?.message, 'startDate', o)}
      />
      <TextField
        label={t('ownContributions.fields.phone')}
        type="tel"
        inputMode="tel"
        autoComplete="tel"
        registration={register('phone')}
        error={fieldText(t, errors.phone?.message, 'phone')}
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

export function CheckStep({ o, draft, onBack, onDone }: { o: Overview; draft: Draft; onBack: () => void; onDone: (text: string) => void }) {
  const { t } = useTranslation();
  const [create, { loading }] = useCreateMandate();
  const [confirmed, setConfirmed] = useState(false);
  const [refusal, setRefusal] = useState<string | null>(null);
  const amountCents = readAmountField(draft.amount).cents ?? 0;
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
    setRefusal(field ? (fieldText(t, field.code, FIELD_OF[field.field], o) ?? '') : errorText(t, answer?.error?.code ?? 'ERROR_INTERNAL'));
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
      <p>{t('ownContributions.check.preNotification', { days: o.preNotificationDays })}</p>
      <Checkbox label={t('ownContributions.fields.confirmed')} checked={confirmed} onChange={setConfirmed} />
      <Refusal text={refusal} />
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
