import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { TextField } from '../components/ui/text-field';
import { Notice } from '../components/ui/notice';
import { changePassword } from './staff-session';

interface PasswordValues {
  current: string;
  next: string;
  repeat: string;
}

/** The form's fields in order, each a password field of at most 100 characters; `autoComplete` guides password managers. */
const PASSWORD_FIELDS = [
  { name: 'current', autoComplete: 'current-password' },
  { name: 'next', autoComplete: 'new-password' },
  { name: 'repeat', autoComplete: 'new-password' },
] as const;

/** Refusal codes of `POST /fund/staff/password` that have a text of their own; any other shows the general one. */
const KNOWN = new Set([
  'PASSWORD_INCORRECT',
  'PASSWORD_SAME',
  'PASSWORD_TOO_SHORT',
  'PASSWORD_TOO_LONG',
  'PASSWORD_WEAK',
  'PASSWORD_INSECURE',
  'PASSWORD_COMMON',
  'SESSION_INVALID',
] as const);
type KnownCode = typeof KNOWN extends Set<infer T> ? T : never;

/**
 * The forced password change after the first sign-in (decision 0054): until it is done the session has no scope. The
 * server checks the portal's password rules (spec 000 section 5); its refusal is shown from the catalogue.
 */
export function PasswordScreen({ onChanged, onSessionEnded }: { onChanged: () => void; onSessionEnded: () => void }) {
  const { t } = useTranslation();
  const [refusal, setRefusal] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    getValues,
    formState: { errors, isSubmitting },
  } = useForm<PasswordValues>({ defaultValues: { current: '', next: '', repeat: '' } });

  const submit = handleSubmit(async ({ current, next }) => {
    const code = await changePassword(current, next);
    if (code === null) return onChanged();
    if (code === 'SESSION_INVALID') return onSessionEnded();
    setRefusal(KNOWN.has(code as KnownCode) ? t(`backoffice.password.error.${code as KnownCode}`) : t('backoffice.password.error.other'));
  });
  const required = { required: t('backoffice.password.required') };
  const rules = { current: required, next: required, repeat: { ...required, validate: (value: string) => value === getValues('next') || t('backoffice.password.mismatch') } };

  return (
    <main id="main" className="backoffice-signin card">
      <h1>{t('backoffice.password.heading')}</h1>
      <p>{t('backoffice.password.intro')}</p>
      {refusal ? <Notice tone="error">{refusal}</Notice> : null}
      <form noValidate onSubmit={(event) => void submit(event)}>
        {PASSWORD_FIELDS.map(({ name, autoComplete }) => (
          <TextField
            key={name}
            label={t(`backoffice.password.${name}`)}
            hint={name === 'next' ? t('backoffice.password.hint') : undefined}
            type="password"
            autoComplete={autoComplete}
            maxLength={100}
            registration={register(name, rules[name])}
            error={errors[name]?.message}
          />
        ))}
        <button type="submit" className="button button--primary" disabled={isSubmitting}>
          {t('backoffice.password.submit')}
        </button>
      </form>
    </main>
  );
}
