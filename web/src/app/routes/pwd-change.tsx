import login from '@contract/i18n/de/login.json';
import loginFlow from '@contract/i18n/de/login-flow.json';
import registration from '@contract/i18n/de/registration.json';
import type { CataloguePart } from '../../i18n/catalogue';
import { useTranslation } from 'react-i18next';
import { useLoginFlow } from '../../features/session/components/use-login-flow';
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

/** The catalogue parts of the screen's texts, added before it renders. */
export const catalogue: readonly CataloguePart[] = [login, loginFlow, registration];
