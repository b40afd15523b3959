import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useParams } from 'react-router-dom';
import { BusyOverlay } from '../../../components/ui/busy-overlay';
import { Notice } from '../../../components/ui/notice';
import { paths } from '../../../config/paths';
import { emailOf } from '../../../lib/navigation-state';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { useConfirmRegistrationEmail } from '../api/confirm-registration-email';
import { usePendingLogin } from '../api/get-pending-login';
import type { LoginStatus } from '../../../gql/graphql';
import { answeredStatus, isUpdateMailStatus } from './login-flow';
import { useLoginFlow } from './use-login-flow';
import '../update-registration.css';

/**
 * /updateRegistration/{status} (spec 000 section 4: UPDATE_VK_MAIL, UPDATE_PK_MAIL, UPDATE_PKVK_MAIL): shows the
 * stored e-mail address and lets the member confirm it with `confirmRegistrationEmail`; the answer is handled like
 * any login answer (post-login questions, dashboard). Next to it the route places the form that changes the address
 * (`changeEmail`, from the registration feature); its answer, the next login status, continues the flow the same way.
 *
 * The address shown is the stored one (`pendingLogin.email`, readable with the pending session); until it has loaded,
 * the address the member just logged in with (handed over by the login form).
 */
export interface UpdateRegistrationPageProps {
  /** Renders the form that changes the address; it reports the next login status, and waits while `disabled`. */
  changeEmail?: (props: { onChanged: (status: LoginStatus) => void; disabled: boolean }) => ReactNode;
}

export function UpdateRegistrationPage({ changeEmail }: UpdateRegistrationPageProps = {}) {
  const { t } = useTranslation();
  const { status } = useParams();
  const location = useLocation();
  const pending = usePendingLogin();
  const email = pending.data?.pendingLogin.email ?? emailOf(location.state);
  const [confirm, { loading }] = useConfirmRegistrationEmail();
  const flow = useLoginFlow({ email });
  useDocumentTitle(t('loginFlow.updateRegistration.pageTitle'));

  if (!isUpdateMailStatus(status)) {
    return (
      <div className="card narrow">
        <h1 tabIndex={-1}>{t('loginFlow.updateRegistration.heading')}</h1>
        <Notice tone="error">{t('loginFlow.updateRegistration.invalid')}</Notice>
        <Link to={paths.login.getHref()}>{t('loginFlow.updateRegistration.backToLogin')}</Link>
      </div>
    );
  }

  const onConfirm = async () => {
    try {
      const { data } = await confirm();
      if (!data) throw new Error('confirmRegistrationEmail gave no answer');
      flow.start(answeredStatus(data.confirmRegistrationEmail));
    } catch {
      flow.fail();
    }
  };

  return (
    <div className="card narrow update-registration">
      <h1 tabIndex={-1}>{t('loginFlow.updateRegistration.heading')}</h1>
      <p className="lead">{t(`loginFlow.updateRegistration.intro.${status}`)}</p>
      {flow.problem ? <Notice tone="error">{t(flow.problem)}</Notice> : null}
      <dl className="stored-email">
        <dt>{t('loginFlow.updateRegistration.storedEmail')}</dt>
        <dd className={email ? undefined : 'stored-email__unknown'}>{email ?? t('loginFlow.updateRegistration.storedEmailUnknown')}</dd>
      </dl>
      <button type="button" className="button button--primary" onClick={() => void onConfirm()} disabled={loading || flow.busy || flow.dialog !== null}>
        {t('loginFlow.updateRegistration.confirm')}
      </button>
      {changeEmail ? (
        changeEmail({ onChanged: flow.start, disabled: loading || flow.busy || flow.dialog !== null })
      ) : (
        <p className="update-registration__hint">{t('loginFlow.updateRegistration.changeHint')}</p>
      )}
      <p>
        <Link to={paths.login.getHref()}>{t('loginFlow.updateRegistration.backToLogin')}</Link>
      </p>
      {flow.dialog}
      {loading || flow.busy ? <BusyOverlay label={t('state.wait')} /> : null}
    </div>
  );
}
