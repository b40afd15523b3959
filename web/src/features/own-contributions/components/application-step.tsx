import { countryByCode } from '@contract/countries';
import { useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { Checkbox } from '../../../components/ui/checkbox';
import { SignatureField } from '../../../components/ui/signature-field';
import { TextField } from '../../../components/ui/text-field';
import { placeRuleErrors } from '../../../lib/forms/rule-field-errors';
import { premiumApplicationInput } from '@contract/own-contributions';
import type { SignatureValue } from '@contract/signature';
import { useApplyForPremium } from '../api/own-contributions';
import { isoToday } from './amount';
import { BackOrSubmit, Refusal } from './form-parts';
import { type Data, href, errorText, fieldText } from './model';

interface ApplicationValues {
  street: string;
  postcode: string;
  city: string;
  country: string;
  birthDate: string;
  confirmed: boolean;
  signature: SignatureValue | null;
}

export function ApplicationStep({ me, onDone }: { me: Data; onDone: (text: string) => void }) {
  const { t } = useTranslation();
  const [apply, { loading }] = useApplyForPremium();
  const [refusal, setRefusal] = useState<string | null>(null);
  const { register, control, handleSubmit, setError, formState } = useForm<ApplicationValues>({
    defaultValues: {
      street: me.address?.street ?? '',
      postcode: me.address?.postcode ?? '',
      city: me.address?.city ?? '',
      // The country's German name, not its code (the rule reads either, @contract/own-contributions).
      country: countryByCode(me.address?.country ?? 'AT')?.name ?? me.address?.country ?? 'Österreich',
      birthDate: '',
      confirmed: false,
      signature: null,
    },
  });
  const { errors } = formState;
  /** Label, registration and error of a text field of the application (`ownContributions.fields.<name>`). */
  const textField = (name: 'street' | 'postcode' | 'city' | 'country' | 'birthDate') => ({
    label: t(`ownContributions.fields.${name}`),
    registration: register(name),
    error: fieldText(t, errors[name]?.message, name),
  });
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
      placeRuleErrors(checked.error.issues, setError);
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
      <TextField {...textField('street')} autoComplete="street-address" maxLength={100} />
      <TextField {...textField('postcode')} autoComplete="postal-code" narrow maxLength={12} />
      <TextField {...textField('city')} autoComplete="address-level2" maxLength={60} />
      <TextField {...textField('country')} narrow maxLength={60} />
      <TextField {...textField('birthDate')} inputMode="numeric" narrow maxLength={6} />
      <SignatureField control={control} legend={t('ownContributions.fields.signature')} error={fieldText(t, errors.signature?.message, 'signature')} />
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
      <Refusal text={refusal} />
      <BackOrSubmit backLabel={t('ownContributions.actions.toOverview')} submitLabel={t('ownContributions.actions.apply')} busy={loading} />
    </form>
  );
}
