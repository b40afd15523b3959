import { useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Notice } from '../../../components/ui/notice';
import { TextField } from '../../../components/ui/text-field';
import { TypedDateField } from '../../../components/ui/typed-date-field';
import { typedDateToIso } from '../../../lib/typed-date';
import { addDays } from '@contract/dates';
import { formatDate, formatMoney } from '@contract/format';
import { exceedsEmployerContribution } from '@contract/own-contributions';
import { useCancelMandate, useChangeMandate } from '../api/own-contributions';
import { amountInputText } from '@contract/amount';
import { isoToday } from './amount';
import { BackOrSubmit, DebitIbanField, Refusal } from './form-parts';
import { type Mandate, type Overview, errorText, fieldText, readAmountField } from './model';

interface ChangeValues {
  amount: string;
  iban: string;
  currentPassword: string;
}

/**
 * Changing a mandate's amount or debit account. While the typed amount's year clearly exceeds last year's employer
 * contributions, the same warning as on the check step of a new mandate shows (a monthly order's change too; spec 001
 * section 5, decision 0016); it never blocks saving.
 */
export function ChangeView({ o, mandate, onDone }: { o: Overview; mandate: Mandate; onDone: (text: string) => void }) {
  const { t } = useTranslation();
  const [change, { loading }] = useChangeMandate();
  const [refusal, setRefusal] = useState<string | null>(null);
  const { register, control, handleSubmit, setError, formState } = useForm<ChangeValues>({
    defaultValues: { amount: amountInputText(mandate.amount), iban: mandate.iban.replace(/(.{4})/g, '$1 ').trim(), currentPassword: '' },
  });
  const { errors } = formState;
  const ibanChanged = useWatch({ control, name: 'iban' }).replace(/\s+/g, '').toUpperCase() !== mandate.iban;
  const typedCents = readAmountField(useWatch({ control, name: 'amount' })).cents;
  const employerCents = o.contracts.find((c) => c.id === mandate.contractId)?.lastYearEmployerContributions ?? null;
  const warn = typedCents !== null && exceedsEmployerContribution(mandate.type, typedCents, employerCents);
  const onSubmit = async (values: ChangeValues) => {
    const { cents: amount, error: amountError } = readAmountField(values.amount);
    if (amount === null) return setError('amount', { type: 'rule', message: amountError }, { shouldFocus: true });
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
      <TextField label={t('ownContributions.fields.amount')} registration={register('amount')} error={fieldText(t, errors.amount?.message, 'amount')} narrow maxLength={12} />
      {warn ? <Notice tone="warning">{t('ownContributions.warning.employerExceeded')}</Notice> : null}
      <DebitIbanField control={control} error={fieldText(t, errors.iban?.message, 'iban')} />
      {ibanChanged ? (
        <TextField
          label={t('ownContributions.fields.currentPassword')}
          type="password"
          autoComplete="current-password"
          registration={register('currentPassword')}
          error={fieldText(t, errors.currentPassword?.message, 'currentPassword')}
          maxLength={100}
        />
      ) : null}
      <Refusal text={refusal} />
      <BackOrSubmit backLabel={t('ownContributions.actions.back')} submitLabel={t('ownContributions.actions.save')} busy={loading} />
    </form>
  );
}

export function CancelView({ mandate, onDone }: { mandate: Mandate; onDone: (text: string) => void }) {
  const { t } = useTranslation();
  const [cancel, { loading }] = useCancelMandate();
  const [refusal, setRefusal] = useState<string | null>(null);
  // The end date is typed as DD.MM.YYYY (or picked in the calendar) and sent as the ISO date; the server checks it.
  const { register, handleSubmit, setError, setValue, control, formState } = useForm<{ endDate: string }>({ defaultValues: { endDate: '' } });
  const typedEnd = useWatch({ control, name: 'endDate' });
  const onSubmit = async (values: { endDate: string }) => {
    const endDate = mandate.type === 'MONTHLY' ? typedDateToIso(values.endDate) : null;
    const answer = (await cancel({ variables: { input: { mandateId: mandate.id, endDate } } })).data?.cancelMandate;
    if (answer?.ok) return onDone(t('ownContributions.mandates.cancelled'));
    const e = answer?.error?.fieldErrors.find((f) => f.field === 'endDate');
    if (e) setError('endDate', { type: 'server', message: e.code }, { shouldFocus: true });
    else setRefusal(errorText(t, answer?.error?.code ?? 'ERROR_INTERNAL'));
  };
  return (
    <form className="card" noValidate onSubmit={handleSubmit(onSubmit)}>
      <h2>{t('ownContributions.cancel.heading')}</h2>
      <p>{t(`ownContributions.mandates.entry.${mandate.type}`, { amount: formatMoney(mandate.amount), date: formatDate(mandate.startDate) })}</p>
      {mandate.type === 'MONTHLY' ? (
        <TypedDateField
          label={t('ownContributions.fields.endDate')}
          registration={register('endDate')}
          typed={typedEnd}
          onPick={(date) => setValue('endDate', date, { shouldDirty: true })}
          min={addDays(isoToday(), 1)}
          placeholder={t('ownContributions.fields.datePlaceholder')}
          calendarLabel={t('ownContributions.fields.openCalendar', { field: t('ownContributions.fields.endDate') })}
          error={fieldText(t, formState.errors.endDate?.message, 'endDate')}
        />
      ) : (
        <p>{t('ownContributions.cancel.oneOff')}</p>
      )}
      <Refusal text={refusal} />
      <BackOrSubmit backLabel={t('ownContributions.actions.back')} submitLabel={t('ownContributions.actions.confirmCancel')} busy={loading} />
    </form>
  );
}
