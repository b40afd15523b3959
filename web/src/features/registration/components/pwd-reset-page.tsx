import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router-dom';
import { resetPasswordSchema, type ResetPasswordFormInput } from '@contract/registration';
import { BusyOverlay } from '../../../components/ui/busy-overlay';
import { LoadingState } from '../../../components/ui/loading-state';
import { Notice } from '../../../components/ui/notice';
import { paths } from '../../../config/paths';
import type { NavigationState } from '../../../lib/navigation-state';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { usePasswordResetLinkStatus } from '../api/get-password-reset-link-status';
import { useResetPassword } from '../api/reset-password';
import { ErrorSummary } from './error-summary';
import { NewPasswordFields } from './new-password-fields';
import { BackToLogin, SubmitAction } from './registration-fields';
import './registration.css';
import { useRegistrationForm } from './use-form-summary';

const ID = {
  newPassword: 'pwd-reset-password',
  newPasswordConfirmation: 'pwd-reset-password-confirmation',
  rules: 'pwd-reset-password-rules',
} as const;
const FIELDS = ['newPassword', 'newPasswordConfirmation'] as const;

type LinkProblem = 'ERROR_LINK_EXPIRED' | 'ERROR_RESET_FAILED';
type FormStatus = 'MAINTENANCE' | 'ERROR';

/**
 * /pwdReset?token=… (spec 001 sections 4 and 8 "Reset"): the link from the password-lost mail. The link is checked
 * first (`passwordResetLinkStatus`): expired after 24 hours, or unknown, altered or already used, each with its
 * message and a way to request a new one. Otherwise a new password with confirmation and the live rules;
 * `resetPassword` stores it and the member goes to the login with the "password reset" notice (spec 000
 * `loginShowPwdResetSuccess`).
 */
export function PwdResetPage() {
  const { t } = useTranslation();
  useDocumentTitle(t('registration.pwdReset.pageTitle'));
  const navigate = useNavigate();
  const [searchParams] = useSearchParams();
  const token = searchParams.get('token');
  const linkStatus = usePasswordResetLinkStatus(token);
  const [reset, { loading }] = useResetPassword();
  const [linkProblem, setLinkProblem] = useState<LinkProblem | null>(null);
  const [formStatus, setFormStatus] = useState<FormStatus | null>(null);

  const formProblem = formStatus ? t(`registration.pwdReset.${formStatus}`) : null;
  const { form, summary, refusedFields } = useRegistrationForm(
    zodResolver(resetPasswordSchema),
    { token: token ?? '', newPassword: '', newPasswordConfirmation: '' },
    FIELDS,
    ID,
    formProblem,
  );
  const password = useWatch({ control: form.control, name: 'newPassword' }) ?? '';

  const onSubmit = (values: ResetPasswordFormInput) => {
    setFormStatus(null);
    return summary.send(
      async () => {
        const { data } = await reset({
          variables: { input: { token: token ?? '', newPassword: values.newPassword, newPasswordConfirmation: values.newPasswordConfirmation } },
        });
        const result = data?.resetPassword;
        if (!result) throw new Error('resetPassword gave no answer');
        if (result.ok) {
          const state: NavigationState = { notice: 'pwdResetSuccess' };
          void navigate(paths.login.getHref(), { replace: true, state });
          return true;
        }
        if (refusedFields(result.error, { ERROR_PW_ALREADY_USED: ['newPassword', 'registration.fieldError.PASSWORD_ALREADY_USED'] })) return false;
        const code = result.error?.code;
        if (code === 'ERROR_LINK_EXPIRED' || code === 'ERROR_RESET_FAILED') {
          setLinkProblem(code);
          return true;
        }
        setFormStatus(code === 'MAINTENANCE' ? 'MAINTENANCE' : 'ERROR');
        return false;
      },
      () => setFormStatus('ERROR'),
    );
  };

  const checked = linkStatus.data?.passwordResetLinkStatus;
  const problem: LinkProblem | null = linkProblem ?? (!token ? 'ERROR_RESET_FAILED' : checked && checked !== 'VALID' ? checked : null);

  let body;
  if (problem) {
    body = (
      <>
        <Notice tone="error">{t(`registration.pwdReset.${problem}`)}</Notice>
        <Link className="button button--primary" to={paths.pwdLost.getHref()}>
          {t('registration.pwdReset.requestNew')}
        </Link>
      </>
    );
  } else if (linkStatus.loading || (!checked && !linkStatus.error)) {
    body = <LoadingState label={t('registration.pwdReset.checking')} />;
  } else if (linkStatus.error) {
    body = <Notice tone="error">{t('registration.pwdReset.ERROR')}</Notice>;
  } else {
    body = (
      <form noValidate onSubmit={form.handleSubmit(onSubmit, () => summary.failed())} aria-busy={loading}>
        <ErrorSummary items={summary.items} focusKey={summary.attempt} />
        <p className="lead">{t('registration.pwdReset.intro')}</p>
        <NewPasswordFields ids={ID} password={password} field={form.register} fieldError={summary.fieldError} />
        <SubmitAction label={t('registration.pwdReset.submit')} busy={loading} />
      </form>
    );
  }

  return (
    <div className="card registration-page">
      <h1 tabIndex={-1}>{t('registration.pwdReset.heading')}</h1>
      {body}
      <BackToLogin />
      {loading ? <BusyOverlay label={t('registration.pwdReset.busy')} /> : null}
    </div>
  );
}
