import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { phoneChangeSchema, phoneInput } from '@contract/profile';
import { PHONE_MAX_LENGTH } from '@contract/phone';
import { Notice } from '../../../components/ui/notice';
import { graphql } from '../../../gql';
import type { PhoneSection_PersonFragmentFragment } from '../../../gql/graphql';
import { useChangePhone } from '../api/change-phone';
import { fieldErrorText, nonePlaced } from './field-errors';
import { formSchema, useSchemaForm } from './form-schema';
import { SettingsSection } from './settings-section';
import { PhoneField } from '../../../components/ui/text-field';

export const PhoneSectionFragment = graphql(`
  fragment PhoneSection_PersonFragment on Person {
    phone
  }
`);

/** Field error codes with a phone-specific text (`settings.phone.errors.<code>`), naming the rule. */
const PHONE_CODES = ['INVALID_CHARACTERS', 'TOO_SHORT', 'TOO_LONG'] as const;
const isPhoneCode = (code: string): code is (typeof PHONE_CODES)[number] => (PHONE_CODES as readonly string[]).includes(code);

const schema = formSchema(phoneChangeSchema, phoneInput);
type Values = z.output<typeof schema>;

/**
 * Phone number (spec 001 section 3 "Person": phone): the stored number and a form to change it, with the phone rule
 * of spec 000 section 5 (digits, space, plus, slash, hyphen; 7 to 30 characters; schema/contract/phone.ts). An empty
 * field removes the number.
 */
export function PhoneSection({ person }: { person: PhoneSection_PersonFragmentFragment }) {
  const { t } = useTranslation();
  const [changePhone, { loading }] = useChangePhone();
  const [changed, setChanged] = useState(false);
  const [failed, setFailed] = useState(false);
  const {
    register,
    handleSubmit,
    setError,
    reset,
    formState: { errors },
  } = useSchemaForm(schema, { phone: person.phone ?? '' });

  const onSubmit = async (values: Values) => {
    setChanged(false);
    setFailed(false);
    try {
      const { data } = await changePhone({ variables: { input: { phone: values.phone ?? '' } } });
      const answer = data?.changePhone;
      if (answer?.ok) {
        reset({ phone: answer.ok.person.phone ?? '' });
        setChanged(true);
      } else if (answer?.error?.code !== 'ERROR_INVALID_INPUT' || nonePlaced(answer.error.fieldErrors, ['phone'], setError)) setFailed(true);
    } catch {
      setFailed(true);
    }
  };

  const error = errors.phone?.message;
  return (
    <SettingsSection
      id="phone"
      title={t('settings.phone.heading')}
      intro={<p>{t('settings.phone.intro')}</p>}
      current={[{ key: 'phone', term: t('settings.phone.phone'), value: person.phone || t('settings.notGiven') }]}
      success={changed ? t('settings.phone.changed') : null}
    >
      {failed ? <Notice tone="error">{t('settings.internalError')}</Notice> : null}
      <form noValidate onSubmit={handleSubmit(onSubmit)} aria-busy={loading} className="settings-form">
        <PhoneField
          label={t('settings.phone.newPhone')}
          hint={t('settings.phone.hint')}
          maxLength={PHONE_MAX_LENGTH + 10}
          registration={register('phone')}
          error={error && isPhoneCode(error) ? t(`settings.phone.errors.${error}`) : fieldErrorText(t, error, 'phone')}
        />
        <button type="submit" className="button button--primary" disabled={loading}>
          {t('settings.phone.submit')}
        </button>
      </form>
    </SettingsSection>
  );
}
