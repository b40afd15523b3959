import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { paths } from '../../../config/paths';
import { resetAnalyticsUser } from '../../../lib/analytics';
import { broadcastAuth } from '../../../lib/auth-channel';
import type { NavigationState } from '../../../lib/navigation-state';
import { useLogOut } from '../api/log-out';

/**
 * Logs out (mutation `logout`), tells the other tabs (`logout` under mvbv-auth) and returns to the login page with
 * the logged-out notice.
 */
export function LogoutButton() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [logOut, { loading }] = useLogOut();
  const onClick = async () => {
    // The cache is cleared either way; should the session still be valid, the login page's session check
    // sends the member back to the dashboard.
    await logOut().catch(() => undefined);
    broadcastAuth('logout');
    resetAnalyticsUser();
    const state: NavigationState = { notice: 'loggedOut' };
    await navigate(paths.login.getHref(), { replace: true, state });
  };
  return (
    <button type="button" className="button button--header" onClick={onClick} disabled={loading}>
      <svg viewBox="0 0 24 24" width="18" height="18" aria-hidden="true" focusable="false">
        <path fill="currentColor" d="M10 3h9a2 2 0 0 1 2 2v14a2 2 0 0 1-2 2h-9v-2h9V5h-9V3zm1.6 5.4L13 7l5 5-5 5-1.4-1.4 2.6-2.6H4v-2h10.2l-2.6-2.6z" />
      </svg>
      {t('layout.logout')}
    </button>
  );
}
