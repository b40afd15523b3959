import { zodResolver } from '@hookform/resolvers/zod';
import { useState, type ReactNode } from 'react';
import { useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { changeInsecurePasswordSchema, type ChangeInsecurePasswordFormInput } from '@contract/registration';
import { BusyOverlay } from '../../../components/ui/busy-overlay';
import { ModalDialog } from '../../../components/ui/modal-dialog';
import type { LoginStatus } from '../../../gql/graphql';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { useChangeInsecurePassword } from '../api/change-insecure-password';
import { ErrorSummary } from './error-summary';
import { NewPasswordFields } from './new-password-fields';
import { BackToLogin, SubmitAction } from './registration-fields';
import './registration.css';
import { useRegistrationForm } from './use-form-summary';

const ID = {
  newPassword: 'pwd-change-password',
  newPasswordConfirmation: 'pwd-change-password-confirmation',
  rules: 'pwd-change-password-rules',
} as const;
const FIELDS = ['newPassword', 'newPasswordConfirmation'] as const;

type FormStatus = 'ERROR' | 'noSession';

export interface PwdChangePageProps {
  /** The password was changed: the next login status, handled like a login answer (app/routes/pwd-change.tsx). */
  onChanged: (loginStatus: LoginStatus) => void;
  /** The login flow runs after the change (its dialogs, loading the questions): the form waits. */
  flowBusy?: boolean;
  /** A message of the login flow (declined terms, failed call), already translated. */
  flowProblem?: string | null;
  /** The login flow's dialog, rendered by the route. */
  children?: ReactNode;
}

/**
 * /pwdChange (spec 001 section 2: "a security update dialog after a rule change"): the login answered
 * PASSWORD_INSECURE, the session is still pending. The security-update dialog explains why; then a new password
 * with confirmation and the live rules; `changeInsecurePassword` stores it and answers the next login status, which
 * the route hands to the login flow.
 */
export function PwdChangePage({ onChanged, flowBusy = false, flowProblem = null, children }: PwdChangePageProps) {
  const { t } = useTranslation();
  useDocumentTitle(t('registration.pwdChange.pageTitle'));
  const [dialogOpen, setDialogOpen] = useState(true);
  const [change, { loading }] = useChangeInsecurePassword();
  const [formStatus, setFormStatus] = useState<FormStatus | null>(null);
  const formProblem = formStatus ? t(`registration.pwdChange.${formStatus}`) : flowProblem;
  const { form, summary, refusedFields } = useRegistrationForm(
    zodResolver(changeInsecurePasswordSchema),
    { newPassword: '', newPasswordConfirmation: '' },
    FIELDS,
    ID,
    formProblem,
  );
  const password = useWatch({ control: form.control, name: 'newPassword' }) ?? '';

  const onSubmit = (values: ChangeInsecurePasswordFormInput) => {
    setFormStatus(null);
    return summary.send(
      async () => {
        const { data } = await change({ variables: { input: values } });
        const result = data?.changeInsecurePassword;
        if (!result) throw new Error('changeInsecurePassword gave no answer');
        if (result.ok) {
          onChanged(result.ok.loginStatus);
          return true;
        }
        if (!refusedFields(result.error, { ERROR_PW_ALREADY_USED: ['newPassword', 'registration.fieldError.PASSWORD_ALREADY_USED'] })) setFormStatus('ERROR');
        return false;
      },
      () => setFormStatus('noSession'),
    );
  };

  const busy = loading || flowBusy;
  return (
    <div className="card registration-page">
      <h1 tabIndex={-1}>{t('registration.pwdChange.heading')}</h1>
      <form noValidate onSubmit={form.handleSubmit(onSubmit, () => summary.failed())} aria-busy={busy}>
        <ErrorSummary items={summary.items} focusKey={summary.attempt} />
        <p className="lead">{t('registration.pwdChange.intro')}</p>
        <NewPasswordFields ids={ID} password={password} field={form.register} fieldError={summary.fieldError} />
        <SubmitAction label={t('registration.pwdChange.submit')} busy={busy} />
      </form>
      <BackToLogin />
      {dialogOpen ? (
        <ModalDialog title={t('registration.pwdChange.dialogTitle')} describedBy="pwd-change-dialog-text">
          <p id="pwd-change-dialog-text">{t('registration.pwdChange.dialogText')}</p>
          <div className="modal__actions">
            <button type="button" className="button button--primary" onClick={() => setDialogOpen(false)}>
              {t('registration.pwdChange.dialogContinue')}
            </button>
          </div>
        </ModalDialog>
      ) : null}
      {children}
      {busy ? <BusyOverlay label={t('registration.pwdChange.busy')} /> : null}
    </div>
  );
}
