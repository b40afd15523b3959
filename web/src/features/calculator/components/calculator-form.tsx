import { zodResolver } from '@hookform/resolvers/zod';
import { useEffect, useId, useMemo, useRef } from 'react';
import { Controller, useForm, useWatch, type Path, type Resolver } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { isAmountIssue } from '@contract/amount';
import { CALCULATOR_FIELD_CODES, createCalculatorSchema, type CalculatorContext, type CalculatorInput } from '@contract/calculator';
import { DatePickerField } from '../../../components/ui/date-picker';
import { Notice } from '../../../components/ui/notice';
import { formatDate } from '@contract/format';
import { isIsoDate } from '@contract/dates';
import { monthsBetween } from '@contract/dates';
import calculatorCatalogue from '@contract/i18n/de/calculator.json';
import { requiredKey } from '../../../lib/forms/required-text';
import { calculatorFormSchema, toFormValues, type CalculatorFormValues } from './form-values';

type FormKey = keyof typeof calculatorCatalogue.calculator.form;
type FieldCode = keyof typeof calculatorCatalogue.calculator.fieldErrors;

/** Date bounds and the restriction, from `pensionCalculator`. */
export interface CalculatorFormContext extends CalculatorContext {
  access: 'FULL' | 'OWN_CONTRIBUTIONS_ONLY' | 'FICTITIOUS';
  earliestRetirementDate: string;
  latestRetirementDate: string;
  earliestPaymentEndDate: string;
  statutoryRetirementDate: string;
}

interface CalculatorFormProps {
  context: CalculatorFormContext;
  defaults: CalculatorInput;
  busy: boolean;
  /** Field errors the server answered for the last submit. */
  serverErrors: ReadonlyArray<{ field: string; code: string }>;
  onCalculate: (input: CalculatorInput) => void;
  /** A submit the form's checks refused: the shown result no longer belongs to the inputs. */
  onInvalid?: () => void;
  /** A value was changed after the last submit: the shown result belongs to the inputs before. */
  onEdit?: () => void;
}

const KNOWN = new Set<string>(CALCULATOR_FIELD_CODES);

/**
 * The calculator's inputs (spec 001 section 3) with the shared rules of spec 001 section 5 and the calculator dates of
 * spec 000 section 5 (schema/contract/calculator.ts); amounts in euros as members type them
 * (`parseAmount`, decision 0042: `1.200` is 1.200,00 €, `1200.5` is refused as ambiguous), rates in percent, dates
 * with the German date picker. Submitting hands the checked input (cents) to `onCalculate`.
 */
export function CalculatorForm({ context, defaults, busy, serverErrors, onCalculate, onInvalid, onEdit }: CalculatorFormProps) {
  const { t } = useTranslation();
  const summaryId = useId();
  const schema = useMemo(() => calculatorFormSchema(createCalculatorSchema(context)), [context]);
  const {
    register,
    control,
    handleSubmit,
    setError,
    getValues,
    setValue,
    subscribe,
    formState: { errors, submitCount, isSubmitSuccessful },
  } = useForm<CalculatorFormValues, unknown, CalculatorInput>({
    resolver: zodResolver(schema as unknown as z.ZodType<CalculatorInput, CalculatorFormValues>) as Resolver<CalculatorFormValues, unknown, CalculatorInput>,
    defaultValues: toFormValues(defaults),
  });
  const severanceActive = useWatch({ control, name: 'severanceActive' });
  const [birthDate, retirementDate] = useWatch({ control, name: ['birthDate', 'retirementDate'] });
  const retirementAge = isIsoDate(birthDate) && isIsoDate(retirementDate) ? monthsBetween(birthDate, retirementDate) : null;
  // End dates that followed the retirement date move with it (a member who retires earlier stops paying earlier).
  const previousRetirement = useRef(defaults.retirementDate);
  useEffect(() => {
    const before = previousRetirement.current;
    if (!isIsoDate(retirementDate) || retirementDate === before) return;
    for (const field of ['employerPaymentEnd', 'ownContributionEnd'] as const) {
      if (getValues(field) === before) setValue(field, retirementDate);
    }
    // The state pension follows too, but never before the statutory age.
    const statutory = context.statutoryRetirementDate;
    const later = (a: string, b: string) => (a > b ? a : b);
    if (getValues('statePensionStart') === later(before, statutory)) setValue('statePensionStart', later(retirementDate, statutory));
    previousRetirement.current = retirementDate;
  }, [retirementDate, getValues, setValue, context.statutoryRetirementDate]);

  // Any change by the member marks the shown result as belonging to the inputs before (decision 0051).
  const onEditRef = useRef(onEdit);
  useEffect(() => {
    onEditRef.current = onEdit;
  });
  useEffect(
    () =>
      subscribe({
        formState: { values: true },
        callback: ({ type }) => {
          if (type === 'change') onEditRef.current?.();
        },
      }),
    [subscribe],
  );

  useEffect(() => {
    serverErrors.forEach((e, i) => setError(e.field as Path<CalculatorFormValues>, { type: 'server', message: e.code }, { shouldFocus: i === 0 }));
  }, [serverErrors, setError]);

  const errorText = (name: keyof CalculatorFormValues) => {
    const code = errors[name]?.message;
    if (!code) return undefined;
    if (isAmountIssue(code)) return t(code);
    // An empty field is named (`calculator.required.<field>`); every other code has one text.
    const named = code === 'REQUIRED' ? requiredKey('calculator', calculatorCatalogue.calculator.required, name) : undefined;
    if (named) return t(named as 'calculator.fieldErrors.INVALID');
    return t(`calculator.fieldErrors.${(KNOWN.has(code) ? code : 'INVALID') as FieldCode}`);
  };
  const hasErrors = Object.keys(errors).length > 0;

  const text = (name: keyof CalculatorFormValues, hint?: string) => (
    <NumberField label={t(`calculator.form.${name as FormKey}`)} error={errorText(name)} hint={hint} registration={register(name as Path<CalculatorFormValues>)} />
  );
  const date = (
    name: 'birthDate' | 'retirementDate' | 'employerPaymentEnd' | 'ownContributionStart' | 'ownContributionEnd' | 'transferDate' | 'statePensionStart',
    opts: { min?: string; max?: string; hint?: string } = {},
  ) => (
    <Controller
      control={control}
      name={name}
      render={({ field }) => (
        <DatePickerField
          label={t(`calculator.form.${name as FormKey}`)}
          value={field.value}
          onChange={field.onChange}
          onBlur={field.onBlur}
          min={opts.min}
          max={opts.max}
          hint={opts.hint}
          error={errorText(name)}
          openLabel={t('calculator.form.openCalendar')}
        />
      )}
    />
  );
  const growthHint = t('calculator.form.growthHint');

  return (
    <form className="calculator-form" noValidate onSubmit={handleSubmit(onCalculate, () => onInvalid?.())} aria-describedby={hasErrors ? summaryId : undefined}>
      {hasErrors && submitCount > 0 && !isSubmitSuccessful ? (
        <Notice tone="error" id={summaryId}>
          <p>{t('calculator.form.errorSummary')}</p>
        </Notice>
      ) : null}
      <fieldset className="calculator-form__group">
        <legend>{t('calculator.form.legendPerson')}</legend>
        {date('birthDate')}
        {date('retirementDate', {
          min: context.earliestRetirementDate,
          max: context.latestRetirementDate,
          hint: t('calculator.form.retirementHint', { earliest: formatDate(context.earliestRetirementDate), statutory: formatDate(context.statutoryRetirementDate) }),
        })}
        {retirementAge !== null && retirementAge > 0 ? (
          <p className="calculator-form__age" aria-live="polite">
            {t('calculator.form.ageAtRetirement', { years: Math.floor(retirementAge / 12), months: retirementAge % 12 })}
          </p>
        ) : null}
      </fieldset>
      <fieldset className="calculator-form__group">
        <legend>{t('calculator.form.legendPensionFund')}</legend>
        {context.access === 'FULL' ? (
          <>
            {text('employerAnnualContribution')}
            {date('employerPaymentEnd', {
              min: context.earliestPaymentEndDate,
              max: context.latestRetirementDate,
              hint: t('calculator.form.employerPaymentEndHint', { earliest: formatDate(context.earliestPaymentEndDate) }),
            })}
            {text('employerGrowthRate', growthHint)}
          </>
        ) : null}
        {text('ownAnnualContribution')}
        {date('ownContributionStart', { min: context.earliestPaymentEndDate, max: context.latestRetirementDate })}
        {date('ownContributionEnd', { min: context.earliestPaymentEndDate, max: context.latestRetirementDate })}
        {text('ownGrowthRate', growthHint)}
        {text('transferAmount')}
        {date('transferDate', { min: context.earliestPaymentEndDate, max: context.latestRetirementDate, hint: t('calculator.form.transferDateHint') })}
        {text('expectedReturn', t('calculator.form.expectedReturnHint'))}
      </fieldset>
      <fieldset className="calculator-form__group">
        <legend>{t('calculator.form.legendSeverance')}</legend>
        <Toggle label={t('calculator.form.severanceActive')} registration={register('severanceActive')} />
        {severanceActive ? (
          <>
            {text('severanceCapital')}
            <Toggle label={t('calculator.form.severanceContributing')} registration={register('severanceContributing')} />
            {text('otherFundsCapital')}
            {text('otherFundsAnnualContribution')}
          </>
        ) : null}
      </fieldset>
      <fieldset className="calculator-form__group">
        <legend>{t('calculator.form.legendState')}</legend>
        {text('yearlyGrossIncome')}
        {text('incomeGrowthRate', growthHint)}
        {date('statePensionStart', {
          min: context.statutoryRetirementDate,
          max: context.latestRetirementDate,
          hint: t('calculator.form.statePensionStartHint', { statutory: formatDate(context.statutoryRetirementDate) }),
        })}
        {text('accountCredit', t('calculator.form.accountCreditHint'))}
        {text('otherYearlyIncome')}
      </fieldset>
      <button type="submit" className="button button--primary" disabled={busy}>
        {busy ? t('calculator.form.calculating') : t('calculator.form.submit')}
      </button>
    </form>
  );
}

function NumberField({
  label,
  error,
  hint,
  registration,
}: {
  label: string;
  error?: string;
  hint?: string;
  registration: ReturnType<ReturnType<typeof useForm<CalculatorFormValues>>['register']>;
}) {
  const id = useId();
  const described = [hint ? `${id}-hint` : '', error ? `${id}-error` : ''].filter(Boolean).join(' ') || undefined;
  return (
    <div className={error ? 'field field--invalid' : 'field'}>
      <label htmlFor={id} className="field__label">
        {label}
      </label>
      {hint ? (
        <p id={`${id}-hint`} className="field__hint">
          {hint}
        </p>
      ) : null}
      <input
        id={id}
        type="text"
        inputMode="decimal"
        autoComplete="off"
        className="field__input calculator-form__number"
        aria-invalid={Boolean(error)}
        aria-describedby={described}
        {...registration}
      />
      {error ? (
        <p id={`${id}-error`} className="field__error">
          {error}
        </p>
      ) : null}
    </div>
  );
}

function Toggle({ label, registration }: { label: string; registration: ReturnType<ReturnType<typeof useForm<CalculatorFormValues>>['register']> }) {
  const id = useId();
  return (
    <div className="checkbox calculator-form__toggle">
      <input id={id} type="checkbox" {...registration} />
      <div>
        <label htmlFor={id}>{label}</label>
      </div>
    </div>
  );
}
