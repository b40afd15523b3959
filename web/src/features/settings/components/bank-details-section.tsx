import { zodResolver } from '@hookform/resolvers/zod';
import { useMemo, useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { bankDetailsInput, createBankDetailsSchema } from '@contract/profile';
import { isBicRequired } from '@contract/countries';
import { IbanBicFields } from '../../../components/ui/bank-code-fields';
import { compactCode } from '../../../components/ui/grouped-input';
import { Notice } from '../../../components/ui/notice';
import { graphql } from '../../../gql';
import type { BankDetailsSection_PersonFragmentFragment } from '../../../gql/graphql';
import { formatDate } from '@contract/format';
import { isIsoDate } from '@contract/dates';
import { useChangeBankDetails } from '../api/change-bank-details';
import { fieldErrorText, nonePlaced } from './field-errors';
import { formSchema } from './form-schema';
import { isoToTypedDate, typedDateToIso } from '../../../lib/typed-date';
import { localIsoDate } from './local-date';
import { CalendarButton } from '../../../components/ui/calendar-button';
import { addMonths } from '@contract/dates';
import { SettingsSection } from './settings-section';
import { StepUpPasswordField } from './step-up-field';
import { TextField } from '../../../components/ui/text-field';

export const BankDetailsSectionFragment = graphql(`
  fragment BankDetailsSection_PersonFragment on Person {
    bankAccount {
      accountHolder
      bankName
      ibanMasked
      bic
      validFrom
    }
  }
`);

const FIELDS = ['accountHolder', 'bankName', 'iban', 'bic', 'validFrom', 'currentPassword'] as const;

/** Whether the IBAN typed so far names a country whose payments need a BIC (country table's intra-EU flag). */
function bicNeededFor(iban: string | null | undefined): boolean {
  const country = compactCode(iban ?? '').slice(0, 2);
  return /^[A-Z]{2}$/.test(country) && isBicRequired(country);
}

/**
 * Bank details (spec 001 section 5 "Bank data", spec 000 section 5 IBAN, BIC and SEPA check): account holder, bank
 * name, IBAN grouped in fours as typed, BIC grouped 4-4-3 (required when the IBAN's country is outside the EU/EEA),
 * optional valid-from date, and the current password (step-up, server/modules/session/step-up.ts; not needed within 5
 * minutes of an eID login, so the server decides whether it is missing). The shared zod rules of
 * schema/contract/profile.ts check it.
 */
export function BankDetailsSection({ person }: { person: BankDetailsSection_PersonFragmentFragment }) {
  const { t } = useTranslation();
  const today = localIsoDate();
  const schema = useMemo(() => formSchema(createBankDetailsSchema(today), bankDetailsInput), [today]);
  type Input = z.input<typeof schema>;
  type Values = z.output<typeof schema>;
  const [changeBankDetails, { loading }] = useChangeBankDetails();
  const [changed, setChanged] = useState(false);
  const [failed, setFailed] = useState(false);
  const account = person.bankAccount;
  const {
    register,
    handleSubmit,
    setError,
    control,
    reset,
    setValue,
    formState: { errors },
  } = useForm<Input, unknown, Values>({
    // The date is typed as DD.MM.YYYY; the shared schema checks the ISO date.
    resolver: (values, context, options) => zodResolver(schema)({ ...values, validFrom: typedDateToIso(values.validFrom) }, context, options),
    defaultValues: { accountHolder: account?.accountHolder ?? '', bankName: account?.bankName ?? '', iban: '', bic: '', validFrom: '', currentPassword: '' },
  });
  const iban = useWatch({ control, name: 'iban' });
  const typedValidFrom = useWatch({ control, name: 'validFrom' });
  const bicNeeded = bicNeededFor(iban);

  const onSubmit = async (values: Values) => {
    setChanged(false);
    setFailed(false);
    try {
      const { data } = await changeBankDetails({ variables: { input: values } });
      const answer = data?.changeBankDetails;
      if (answer?.ok) {
        setChanged(true);
        const stored = answer.ok.person.bankAccount;
        reset({
          accountHolder: stored?.accountHolder ?? values.accountHolder,
          bankName: stored?.bankName ?? values.bankName,
          iban: '',
          bic: '',
          validFrom: '',
          currentPassword: '',
        });
      } else if ((answer?.error?.code !== 'ERROR_INVALID_INPUT' && answer?.error?.code !== 'ERROR_PWD_INVALID') || nonePlaced(answer.error.fieldErrors, FIELDS, setError)) {
        setFailed(true);
      }
    } catch {
      setFailed(true);
    }
  };

  const current = account
    ? [
        { key: 'holder', term: t('settings.bank.accountHolder'), value: account.accountHolder },
        { key: 'bank', term: t('settings.bank.bankName'), value: account.bankName },
        { key: 'iban', term: t('settings.bank.iban'), value: <span className="settings-code">{account.ibanMasked}</span> },
        ...(account.bic ? [{ key: 'bic', term: t('settings.bank.bic'), value: <span className="settings-code">{account.bic}</span> }] : []),
        ...(isIsoDate(account.validFrom) ? [{ key: 'validFrom', term: t('settings.bank.validFrom'), value: formatDate(account.validFrom) }] : []),
      ]
    : [];

  return (
    <SettingsSection
      id="bank"
      title={t('settings.bank.heading')}
      intro={
        <>
          <p>{t('settings.bank.intro')}</p>
          {account ? null : <p className="muted">{t('settings.bank.none')}</p>}
        </>
      }
      current={current}
      success={changed ? t('settings.bank.changed') : null}
    >
      {failed ? <Notice tone="error">{t('settings.internalError')}</Notice> : null}
      <form noValidate onSubmit={handleSubmit(onSubmit)} aria-busy={loading} className="settings-form">
        <TextField
          label={t('settings.bank.accountHolder')}
          autoComplete="name"
          registration={register('accountHolder')}
          error={fieldErrorText(t, errors.accountHolder?.message, 'accountHolder')}
        />
        <TextField label={t('settings.bank.bankName')} autoComplete="off" registration={register('bankName')} error={fieldErrorText(t, errors.bankName?.message, 'bankName')} />
        <IbanBicFields
          control={control}
          iban={{ label: t('settings.bank.iban'), hint: t('settings.bank.ibanHint'), error: fieldErrorText(t, errors.iban?.message, 'iban') }}
          bic={{
            label: t('settings.bank.bic'),
            optionalLabel: bicNeeded ? undefined : t('settings.optional'),
            hint: bicNeeded ? t('settings.bank.bicHintRequired') : t('settings.bank.bicHintOptional'),
            error: fieldErrorText(t, errors.bic?.message, 'bic'),
          }}
        />
        <TextField
          label={t('settings.bank.validFrom')}
          optionalLabel={t('settings.optional')}
          inputMode="numeric"
          placeholder={t('settings.datePlaceholder')}
          hint={t('settings.bank.validFromHint')}
          narrow
          registration={register('validFrom')}
          addon={
            <CalendarButton
              value={typedDateToIso(typedValidFrom)}
              min={localIsoDate()}
              max={addMonths(localIsoDate(), 12)}
              label={t('settings.openCalendar', { field: t('settings.bank.validFrom') })}
              dialogLabel={t('settings.bank.validFrom')}
              onPick={(iso) => setValue('validFrom', isoToTypedDate(iso), { shouldDirty: true })}
            />
          }
          error={fieldErrorText(t, errors.validFrom?.message === 'INVALID' ? 'DATE_INVALID' : errors.validFrom?.message, 'validFrom')}
        />
        <StepUpPasswordField registration={register('currentPassword')} error={fieldErrorText(t, errors.currentPassword?.message, 'currentPassword')} />
        <button type="submit" className="button button--primary" disabled={loading}>
          {t('settings.bank.submit')}
        </button>
      </form>
    </SettingsSection>
  );
}
