import { zodResolver } from '@hookform/resolvers/zod';
import { useMemo, useState } from 'react';
import { Controller, useForm, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { addressInput, createAddressSchema } from '@contract/profile';
import { COUNTRIES, countryByCode } from '@contract/countries';
import { Notice } from '../../../components/ui/notice';
import { graphql } from '../../../gql';
import type { AddressSection_PersonFragmentFragment } from '../../../gql/graphql';
import { formatDate } from '@contract/format';
import { isIsoDate } from '@contract/dates';
import { useChangeAddress } from '../api/change-address';
import { fieldErrorText, nonePlaced } from './field-errors';
import { formSchema } from './form-schema';
import { isoToTypedDate, typedDateToIso } from '../../../lib/typed-date';
import { localIsoDate } from './local-date';
import { CalendarButton } from '../../../components/ui/calendar-button';
import { addMonths } from '@contract/dates';
import { SettingsSection } from './settings-section';
import { SelectField, type SelectOption } from '../../../components/ui/select-field';
import { TextField } from '../../../components/ui/text-field';

export const AddressSectionFragment = graphql(`
  fragment AddressSection_PersonFragment on Person {
    address {
      street
      postcode
      city
      country
      poBox
      validFrom
    }
  }
`);

/** Austria first, then every other country of the table by its German name. */
const COUNTRY_OPTIONS: SelectOption[] = [...COUNTRIES]
  .sort((a, b) => (a.code === 'AT' ? -1 : b.code === 'AT' ? 1 : a.name.localeCompare(b.name, 'de')))
  .map((entry) => ({ value: entry.code, label: entry.name }));

const FIELDS = ['street', 'postcode', 'city', 'country', 'poBox', 'validFrom'] as const;

/**
 * Postal address (spec 001 section 5 "Profile address"): street, postcode, city, country from the country table,
 * optional P.O. box and the valid-from date; the postcode must fit the country. The checks are the shared zod rules
 * of schema/contract/profile.ts with today's date window.
 */
export function AddressSection({ person }: { person: AddressSection_PersonFragmentFragment }) {
  const { t } = useTranslation();
  const today = localIsoDate();
  const schema = useMemo(() => formSchema(createAddressSchema(today), addressInput), [today]);
  type Input = z.input<typeof schema>;
  type Values = z.output<typeof schema>;
  const [changeAddress, { loading }] = useChangeAddress();
  const [changed, setChanged] = useState(false);
  const [failed, setFailed] = useState(false);
  const { address } = person;
  const {
    register,
    handleSubmit,
    setError,
    control,
    setValue,
    formState: { errors },
  } = useForm<Input, unknown, Values>({
    // The date is typed as DD.MM.YYYY; the shared schema checks the ISO date.
    resolver: (values, context, options) => zodResolver(schema)({ ...values, validFrom: typedDateToIso(values.validFrom) }, context, options),
    defaultValues: {
      street: address.street ?? '',
      postcode: address.postcode ?? '',
      city: address.city ?? '',
      country: countryByCode(address.country) ? address.country : 'AT',
      poBox: address.poBox ?? '',
      validFrom: isoToTypedDate(today),
    },
  });
  const country = useWatch({ control, name: 'country' });
  const typedValidFrom = useWatch({ control, name: 'validFrom' });

  const onSubmit = async (values: Values) => {
    setChanged(false);
    setFailed(false);
    try {
      const { data } = await changeAddress({ variables: { input: values } });
      const answer = data?.changeAddress;
      if (answer?.ok) setChanged(true);
      else if (answer?.error?.code !== 'ERROR_INVALID_INPUT' || nonePlaced(answer.error.fieldErrors, FIELDS, setError)) setFailed(true);
    } catch {
      setFailed(true);
    }
  };

  const countryError = fieldErrorText(t, errors.country?.message, 'country');
  const storedCountry = countryByCode(address.country)?.name ?? address.country;
  return (
    <SettingsSection
      id="address"
      title={t('settings.address.heading')}
      intro={<p>{t('settings.address.intro')}</p>}
      current={[
        { key: 'street', term: t('settings.address.street'), value: address.street || t('settings.notGiven') },
        {
          key: 'city',
          term: `${t('settings.address.postcode')}, ${t('settings.address.city')}`,
          value: [address.postcode, address.city].filter(Boolean).join(' ') || t('settings.notGiven'),
        },
        { key: 'country', term: t('settings.address.country'), value: storedCountry },
        ...(address.poBox ? [{ key: 'poBox', term: t('settings.address.poBox'), value: address.poBox }] : []),
        ...(address.validFrom && isIsoDate(address.validFrom) ? [{ key: 'validFrom', term: t('settings.address.validFrom'), value: formatDate(address.validFrom) }] : []),
      ]}
      success={changed ? t('settings.address.changed') : null}
    >
      {failed ? <Notice tone="error">{t('settings.internalError')}</Notice> : null}
      <form noValidate onSubmit={handleSubmit(onSubmit)} aria-busy={loading} className="settings-form">
        <TextField
          label={t('settings.address.street')}
          autoComplete="street-address"
          registration={register('street')}
          error={fieldErrorText(t, errors.street?.message, 'street')}
        />
        <div className="settings-form__row">
          <TextField
            label={t('settings.address.postcode')}
            autoComplete="postal-code"
            inputMode={country === 'AT' ? 'numeric' : 'text'}
            narrow
            registration={register('postcode')}
            error={fieldErrorText(t, errors.postcode?.message, 'postcode')}
          />
          <TextField label={t('settings.address.city')} autoComplete="address-level2" registration={register('city')} error={fieldErrorText(t, errors.city?.message, 'city')} />
        </div>
        <Controller
          control={control}
          name="country"
          render={({ field }) => (
            <SelectField
              label={t('settings.address.country')}
              options={COUNTRY_OPTIONS}
              value={field.value ?? ''}
              onChange={field.onChange}
              onBlur={field.onBlur}
              name={field.name}
              autoComplete="country"
              triggerRef={field.ref}
              error={countryError}
            />
          )}
        />
        <TextField
          label={t('settings.address.poBox')}
          optionalLabel={t('settings.optional')}
          registration={register('poBox')}
          error={fieldErrorText(t, errors.poBox?.message, 'poBox')}
        />
        <TextField
          label={t('settings.address.validFrom')}
          inputMode="numeric"
          placeholder={t('settings.datePlaceholder')}
          hint={t('settings.address.validFromHint')}
          narrow
          registration={register('validFrom')}
          addon={
            <CalendarButton
              value={typedDateToIso(typedValidFrom)}
              min={addMonths(today, -12)}
              max={today}
              label={t('settings.openCalendar', { field: t('settings.address.validFrom') })}
              dialogLabel={t('settings.address.validFrom')}
              onPick={(iso) => setValue('validFrom', isoToTypedDate(iso), { shouldDirty: true })}
            />
          }
          error={fieldErrorText(t, errors.validFrom?.message === 'INVALID' ? 'DATE_INVALID' : errors.validFrom?.message, 'validFrom')}
        />
        <button type="submit" className="button button--primary" disabled={loading}>
          {t('settings.address.submit')}
        </button>
      </form>
    </SettingsSection>
  );
}
