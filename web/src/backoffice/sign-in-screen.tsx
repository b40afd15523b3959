import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { formatLocalDateTime } from '@contract/format';
import { TextField } from '../components/ui/text-field';
import { Notice } from '../components/ui/notice';
import { signIn, type SignInRefusal, type StaffPerson } from './staff-session';

interface SignInValues {
  email: string;
  password: string;
  code: string;
}

/** The form's fields in order with their input attributes (`autoComplete` guides password managers and the code). */
const SIGN_IN_FIELDS = [
  { name: 'email', type: 'email', autoComplete: 'username', inputMode: 'email', maxLength: 254 },
  { name: 'password', type: 'password', autoComplete: 'current-password', maxLength: 100 },
  { name: 'code', autoComplete: 'one-time-code', inputMode: 'numeric', maxLength: 6, narrow: true },
] as const;

/**
 * The staff sign-in (decision 0054): e-mail, password and the 6-digit code of the authenticator app (RFC 6238). A
 * refusal shows the catalogue's text; a lock (423) names its end, "Gesperrt bis …". `notice` is a message from
 * before (signed out, or ended after 15 idle minutes).
 */
export function SignInScreen({ notice, onSignedIn }: { notice?: string; onSignedIn: (person: StaffPerson) => void }) {
  const { t } = useTranslation();
  const [refusal, setRefusal] = useState<SignInRefusal | null>(null);
  const {
    register,
    handleSubmit,
    setValue,
    formState: { errors, isSubmitting },
  } = useForm<SignInValues>({ defaultValues: { email: '', password: '', code: '' } });

  const submit = handleSubmit(async ({ email, password, code }) => {
    const outcome = await signIn(email.trim(), password, code.trim());
    if ('ok' in outcome) return onSignedIn(outcome.ok);
    // A code works once: the field is emptied for the next one.
    setValue('code', '');
    setRefusal(outcome);
  });

  const rules = {
    email: { required: t('backoffice.signIn.required.email') },
    password: { required: t('backoffice.signIn.required.password') },
    code: { required: t('backoffice.signIn.required.code'), pattern: { value: /^\s*\d{6}\s*$/, message: t('backoffice.signIn.required.code') } },
  };

  const refusalText =
    refusal === null
      ? null
      : refusal.error === 'LOCKED'
        ? t('backoffice.signIn.error.LOCKED', { until: formatLocalDateTime(refusal.lockedUntil) })
        : t(`backoffice.signIn.error.${refusal.error}`);

  return (
    <main id="main" className="backoffice-signin card">
      <h1>{t('backoffice.signIn.heading')}</h1>
      <p>{t('backoffice.signIn.intro')}</p>
      {notice && !refusalText ? <Notice>{notice}</Notice> : null}
      {refusalText ? <Notice tone="error">{refusalText}</Notice> : null}
      <form noValidate onSubmit={(event) => void submit(event)}>
        {SIGN_IN_FIELDS.map(({ name, ...input }) => (
          <TextField
            key={name}
            label={t(`backoffice.signIn.${name}`)}
            hint={name === 'code' ? t('backoffice.signIn.codeHint') : undefined}
            {...input}
            registration={register(name, rules[name])}
            error={errors[name]?.message}
          />
        ))}
        <button type="submit" className="button button--primary" disabled={isSubmitting}>
          {t('backoffice.signIn.submit')}
        </button>
      </form>
    </main>
  );
}
