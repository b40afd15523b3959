import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
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
import { applyServerFieldErrors } from './form-errors';
import { NewPasswordFields } from './new-password-fields';
import { BackToLogin, SubmitAction } from './registration-fields';
import './registration.css';
import { useFormSummary } from './use-form-summary';

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

  const {
    register: field,
    handleSubmit,
    setError,
    control,
    formState: { errors },
  } = useForm<ResetPasswordFormInput>({
    resolver: zodResolver(resetPasswordSchema),
    defaultValues: { token: token ?? '', newPassword: '', newPasswordConfirmation: '' },
    shouldFocusError: false,
  });
  const password = useWatch({ control, name: 'newPassword' }) ?? '';
  const formProblem = formStatus ? t(`registration.pwdReset.${formStatus}`) : null;
  const summary = useFormSummary<ResetPasswordFormInput>({ errors, fields: FIELDS.map((name) => ({ name, id: ID[name] })), formProblem });

  const onSubmit = async (values: ResetPasswordFormInput) => {
    setFormStatus(null);
    try {
      const { data } = await reset({
        variables: { input: { token: token ?? '', newPassword: values.newPassword, newPasswordConfirmation: values.newPasswordConfirmation } },
      });
      const result = data?.resetPassword;
      if (!result) throw new Error('resetPassword gave no answer');
      if (result.ok) {
        const state: NavigationState = { notice: 'pwdResetSuccess' };
        void navigate(paths.login.getHref(), { replace: true, state });
        return;
      }
      const code = result.error?.code;
      switch (code) {
        case 'INVALID_INPUT':
          applyServerFieldErrors(result.error?.fieldErrors ?? [], FIELDS, setError);
          break;
        case 'ERROR_PW_ALREADY_USED':
          setError('newPassword', { type: 'server', message: 'registration.fieldError.PASSWORD_ALREADY_USED' });
          break;
        case 'ERROR_LINK_EXPIRED':
        case 'ERROR_RESET_FAILED':
          setLinkProblem(code);
          return;
        case 'MAINTENANCE':
          setFormStatus('MAINTENANCE');
          break;
        default:
          setFormStatus('ERROR');
      }
      summary.failed();
    } catch {
      setFormStatus('ERROR');
      summary.failed();
    }
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
      <form noValidate onSubmit={handleSubmit(onSubmit, () => summary.failed())} aria-busy={loading}>
        <ErrorSummary items={summary.items} focusKey={summary.attempt} />
        <p className="lead">{t('registration.pwdReset.intro')}</p>
        <NewPasswordFields ids={ID} password={password} field={field} fieldError={summary.fieldError} />
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
