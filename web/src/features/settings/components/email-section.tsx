import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { emailChangeInput, emailChangeSchema } from '@contract/profile';
import { Notice } from '../../../components/ui/notice';
import { graphql } from '../../../gql';
import type { EmailSection_PersonFragmentFragment } from '../../../gql/graphql';
import { useRequestEmailChange } from '../api/request-email-change';
import { fieldErrorText, nonePlaced } from './field-errors';
import { formSchema, useSchemaForm } from './form-schema';
import { SettingsSection } from './settings-section';
import { StepUpPasswordField } from './step-up-field';
import { TextField } from '../../../components/ui/text-field';

export const EmailSectionFragment = graphql(`
  fragment EmailSection_PersonFragment on Person {
    id
    email
    pendingEmail
  }
`);

const schema = formSchema(emailChangeSchema, emailChangeInput);
type EmailFormValues = z.output<typeof schema>;
const FIELDS = ['newEmail', 'newEmailConfirmation', 'currentPassword'] as const;

/**
 * E-mail change (spec 001 sections 2 and 8 "Profile"): the new address twice and the current password (step-up,
 * server/modules/session/step-up.ts; not needed within 5 minutes of an eID login, so the server decides whether it is
 * missing); the server mails a confirmation link to the new address, and the login e-mail changes only when the
 * member opens it (route `#/emailChange?token=…`).
 */
export function EmailSection({ person }: { person: EmailSection_PersonFragmentFragment }) {
  const { t } = useTranslation();
  const [requestEmailChange, { loading }] = useRequestEmailChange();
  const [sentTo, setSentTo] = useState<string | null>(null);
  const [problem, setProblem] = useState<'internalError' | 'email.tooManyRequests' | null>(null);
  const {
    register,
    handleSubmit,
    reset,
    setError,
    getValues,
    formState: { errors },
  } = useSchemaForm(schema, { newEmail: '', newEmailConfirmation: '', currentPassword: '' });

  const onSubmit = async (values: EmailFormValues) => {
    const raw = getValues();
    setSentTo(null);
    setProblem(null);
    if (person.email && values.newEmail === person.email.toLowerCase()) {
      setError('newEmail', { type: 'client', message: 'UNCHANGED' }, { shouldFocus: true });
      return;
    }
    try {
      const { data } = await requestEmailChange({
        variables: { input: { newEmail: raw.newEmail ?? '', newEmailConfirmation: raw.newEmailConfirmation ?? '', currentPassword: raw.currentPassword || null } },
      });
      const answer = data?.requestEmailChange;
      const error = answer?.error;
      if (answer?.ok) {
        setSentTo(answer.ok.person.pendingEmail);
        reset();
      } else if (error?.code === 'ERROR_MAIL_NOT_UNIQUE') {
        setError('newEmail', { type: 'server', message: 'EMAIL_NOT_UNIQUE' }, { shouldFocus: true });
      } else if (error?.code === 'ERROR_TOO_MANY_REQUESTS') {
        setProblem('email.tooManyRequests');
      } else if ((error?.code !== 'ERROR_INVALID_INPUT' && error?.code !== 'ERROR_PWD_INVALID') || nonePlaced(error.fieldErrors, FIELDS, setError)) {
        setProblem('internalError');
      }
    } catch {
      setProblem('internalError');
    }
  };

  /** The new address or its confirmation (the confirmation is typed again, not autofilled). */
  const emailField = (name: 'newEmail' | 'newEmailConfirmation', autoComplete: 'email' | 'off') => (
    <TextField
      label={t(`settings.email.${name}`)}
      type="email"
      inputMode="email"
      autoComplete={autoComplete}
      registration={register(name)}
      error={fieldErrorText(t, errors[name]?.message, name)}
    />
  );

  return (
    <SettingsSection
      id="email"
      title={t('settings.email.heading')}
      intro={<p>{t('settings.email.intro')}</p>}
      current={[
        { key: 'email', term: t('settings.email.currentEmail'), value: person.email ?? t('settings.notGiven') },
        ...(person.pendingEmail ? [{ key: 'pending', term: t('settings.email.pendingEmail'), value: person.pendingEmail }] : []),
      ]}
      success={sentTo ? t('settings.email.sent', { email: sentTo }) : null}
    >
      {problem ? <Notice tone="error">{t(`settings.${problem}`)}</Notice> : null}
      <form noValidate onSubmit={handleSubmit(onSubmit)} aria-busy={loading}>
        {emailField('newEmail', 'email')}
        {emailField('newEmailConfirmation', 'off')}
        <StepUpPasswordField registration={register('currentPassword')} error={fieldErrorText(t, errors.currentPassword?.message, 'currentPassword')} />
        <button type="submit" className="button button--primary" disabled={loading}>
          {t('settings.email.submit')}
        </button>
      </form>
    </SettingsSection>
  );
}
