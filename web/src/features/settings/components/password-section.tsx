import { zodResolver } from '@hookform/resolvers/zod';
import { useId, useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { changePasswordSchema, passwordRuleChecks, type ChangePasswordFormInput } from '@contract/registration';
import { Notice } from '../../../components/ui/notice';
import { PasswordRules } from '../../../components/ui/password-rules';
import { useChangePassword } from '../api/change-password';
import { fieldErrorText, nonePlaced } from './field-errors';
import { SettingsSection } from './settings-section';
import { TextField } from '../../../components/ui/text-field';

const FIELDS = ['currentPassword', 'newPassword', 'newPasswordConfirmation'] as const;
const RULES = ['length', 'lowercase', 'uppercase', 'digit', 'special'] as const;

/**
 * Password change (spec 001 sections 2 and 8 "Profile"; spec 000 section 5 "Password"): the current password, the new
 * one with the live rules checklist, and its repetition. The rules are the shared ones of
 * schema/contract/registration.ts; "wrong current password" and "already used" come from the server.
 */
export function PasswordSection() {
  const { t } = useTranslation();
  const rulesId = useId();
  const [changePassword, { loading }] = useChangePassword();
  const [changed, setChanged] = useState(false);
  const [failed, setFailed] = useState(false);
  const [shown, setShown] = useState(false);
  const {
    register,
    handleSubmit,
    reset,
    setError,
    control,
    formState: { errors },
  } = useForm<ChangePasswordFormInput>({
    resolver: zodResolver(changePasswordSchema),
    defaultValues: { currentPassword: '', newPassword: '', newPasswordConfirmation: '' },
  });
  const newPassword = useWatch({ control, name: 'newPassword' }) ?? '';
  const checks = passwordRuleChecks(newPassword);

  const onSubmit = async (values: ChangePasswordFormInput) => {
    setChanged(false);
    setFailed(false);
    try {
      const { data } = await changePassword({ variables: { input: values } });
      const answer = data?.changePassword;
      if (answer?.ok) {
        setChanged(true);
        reset();
        return;
      }
      const error = answer?.error;
      if (error?.code === 'ERROR_WRONG_CURRENT_PASSWORD') {
        setError('currentPassword', { type: 'server', message: 'WRONG_CURRENT_PASSWORD' }, { shouldFocus: true });
      } else if (error?.code === 'ERROR_PW_ALREADY_USED') {
        setError('newPassword', { type: 'server', message: 'PASSWORD_ALREADY_USED' }, { shouldFocus: true });
      } else if (!error || error.code === 'ERROR' || nonePlaced(error.fieldErrors, FIELDS, setError)) {
        setFailed(true);
      }
    } catch {
      setFailed(true);
    }
  };

  const type = shown ? 'text' : 'password';
  return (
    <SettingsSection id="password" title={t('settings.password.heading')} intro={<p>{t('settings.password.intro')}</p>} success={changed ? t('settings.password.changed') : null}>
      {failed ? <Notice tone="error">{t('settings.internalError')}</Notice> : null}
      <form noValidate onSubmit={handleSubmit(onSubmit)} aria-busy={loading}>
        <TextField
          label={t('settings.password.currentPassword')}
          type={type}
          autoComplete="current-password"
          registration={register('currentPassword')}
          error={fieldErrorText(t, errors.currentPassword?.message, 'currentPassword')}
        />
        <TextField
          label={t('settings.password.newPassword')}
          type={type}
          autoComplete="new-password"
          registration={register('newPassword')}
          error={fieldErrorText(t, errors.newPassword?.message, 'newPassword')}
          extraDescribedBy={rulesId}
          after={
            <PasswordRules
              id={rulesId}
              title={t('settings.password.rules.title')}
              metLabel={t('settings.password.rules.met')}
              unmetLabel={t('settings.password.rules.unmet')}
              rules={RULES.map((rule) => ({ key: rule, label: t(`settings.password.rules.${rule}`), met: checks[rule] }))}
            />
          }
        />
        <TextField
          label={t('settings.password.newPasswordConfirmation')}
          type={type}
          autoComplete="new-password"
          registration={register('newPasswordConfirmation')}
          error={fieldErrorText(t, errors.newPasswordConfirmation?.message, 'newPasswordConfirmation')}
        />
        <div className="checkbox settings-form__show">
          <input id={`${rulesId}-show`} type="checkbox" checked={shown} onChange={(event) => setShown(event.target.checked)} />
          <label htmlFor={`${rulesId}-show`}>{t('settings.password.show')}</label>
        </div>
        <button type="submit" className="button button--primary" disabled={loading}>
          {t('settings.password.submit')}
        </button>
      </form>
    </SettingsSection>
  );
}
