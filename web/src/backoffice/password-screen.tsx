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

  return (
    <main id="main" className="backoffice-signin card">
      <h1>{t('backoffice.password.heading')}</h1>
      <p>{t('backoffice.password.intro')}</p>
      {refusal ? <Notice tone="error">{refusal}</Notice> : null}
      <form noValidate onSubmit={(event) => void submit(event)}>
        <TextField
          label={t('backoffice.password.current')}
          type="password"
          autoComplete="current-password"
          maxLength={100}
          registration={register('current', required)}
          error={errors.current?.message}
        />
        <TextField
          label={t('backoffice.password.next')}
          hint={t('backoffice.password.hint')}
          type="password"
          autoComplete="new-password"
          maxLength={100}
          registration={register('next', required)}
          error={errors.next?.message}
        />
        <TextField
          label={t('backoffice.password.repeat')}
          type="password"
          autoComplete="new-password"
          maxLength={100}
          registration={register('repeat', { ...required, validate: (value) => value === getValues('next') || t('backoffice.password.mismatch') })}
          error={errors.repeat?.message}
        />
        <button type="submit" className="button button--primary" disabled={isSubmitting}>
          {t('backoffice.password.submit')}
        </button>
      </form>
    </main>
  );
}
