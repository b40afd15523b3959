import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { updateRegistrationEmailSchema, type UpdateRegistrationEmailFormInput } from '@contract/registration';
import { BusyOverlay } from '../../../components/ui/busy-overlay';
import type { LoginStatus } from '../../../gql/graphql';
import { useUpdateRegistrationEmail } from '../api/update-registration-email';
import { ErrorSummary } from './error-summary';
import { applyServerFieldErrors } from './form-errors';
import { EmailField } from './registration-fields';
import './registration.css';
import { useFormSummary } from './use-form-summary';

const ID = { email: 'update-email-new', emailConfirmation: 'update-email-new-confirmation' } as const;
const FIELDS = ['email', 'emailConfirmation'] as const;

export interface ChangeEmailFormProps {
  /** The address was changed: the next login status (the page continues the login flow with it). */
  onChanged: (loginStatus: LoginStatus) => void;
  /** The login flow runs: the form waits. */
  disabled?: boolean;
}

/**
 * Changing the e-mail address on /updateRegistration/{status} (spec 000 section 4, UPDATE_*_MAIL): the new address
 * twice, checked with the shared rules (`updateRegistrationEmailSchema`); `updateRegistrationEmail` stores it (it must
 * be unused: EMAIL_NOT_UNIQUE at the field) and answers the next login status.
 */
export function ChangeEmailForm({ onChanged, disabled = false }: ChangeEmailFormProps) {
  const { t } = useTranslation();
  const [update, { loading }] = useUpdateRegistrationEmail();
  const [failed, setFailed] = useState(false);
  const {
    register: field,
    handleSubmit,
    setError,
    formState: { errors },
  } = useForm<UpdateRegistrationEmailFormInput>({
    resolver: zodResolver(updateRegistrationEmailSchema),
    defaultValues: { email: '', emailConfirmation: '' },
    shouldFocusError: false,
  });
  const formProblem = failed ? t('registration.updateEmail.ERROR') : null;
  const summary = useFormSummary<UpdateRegistrationEmailFormInput>({ errors, fields: FIELDS.map((name) => ({ name, id: ID[name] })), formProblem });

  const onSubmit = async (values: UpdateRegistrationEmailFormInput) => {
    setFailed(false);
    try {
      const { data } = await update({ variables: { input: values } });
      const result = data?.updateRegistrationEmail;
      if (!result) throw new Error('updateRegistrationEmail gave no answer');
      if (result.ok) {
        onChanged(result.ok.loginStatus);
        return;
      }
      if (result.error?.code === 'INVALID_INPUT') applyServerFieldErrors(result.error.fieldErrors, FIELDS, setError);
      else setFailed(true);
      summary.failed();
    } catch {
      setFailed(true);
      summary.failed();
    }
  };

  return (
    <section className="update-email" aria-labelledby="update-email-title">
      <h2 id="update-email-title">{t('registration.updateEmail.changeHeading')}</h2>
      <p>{t('registration.updateEmail.changeIntro')}</p>
      <form noValidate onSubmit={handleSubmit(onSubmit, () => summary.failed())} aria-busy={loading}>
        <ErrorSummary items={summary.items} focusKey={summary.attempt} />
        <EmailField id={ID.email} label={t('registration.updateEmail.email')} field={field('email')} error={summary.fieldError('email')} />
        <EmailField
          id={ID.emailConfirmation}
          label={t('registration.updateEmail.emailConfirmation')}
          field={field('emailConfirmation')}
          error={summary.fieldError('emailConfirmation')}
        />
        <button type="submit" className="button button--secondary" disabled={loading || disabled}>
          {t('registration.updateEmail.submit')}
        </button>
      </form>
      {loading ? <BusyOverlay label={t('registration.updateEmail.busy')} /> : null}
    </section>
  );
}
