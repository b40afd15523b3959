import { useTranslation } from 'react-i18next';
import { useLoginFlow } from '../../features/auth/components/use-login-flow';
import { PwdChangePage } from '../../features/registration/components/pwd-change-page';

/**
 * Lazy route module of /pwdChange: the password change of the registration feature, followed by the login flow of
 * the auth feature (features never import each other; they meet here). The change answers the next login status,
 * which runs the flow's dialogs and ends on the dashboard.
 */
export function Component() {
  const { t } = useTranslation();
  const flow = useLoginFlow();
  return (
    <PwdChangePage onChanged={flow.start} flowBusy={flow.busy} flowProblem={flow.problem ? t(flow.problem) : null}>
      {flow.dialog}
    </PwdChangePage>
  );
}
