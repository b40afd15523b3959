import settings from '@contract/i18n/de/settings.json';
import { useTranslation } from 'react-i18next';
import { Outlet, useLocation } from 'react-router-dom';
import { PageLayout } from '../../components/layout/page-layout';
import type { NavItem } from '../../components/layout/site-header';
import { paths, type TenantId } from '../../config/paths';
import { useSessionCheck } from '../../features/session/api/get-login-page';
import { LogoutButton } from '../../features/session/components/logout-button';
import { SessionWatch } from '../../features/session/components/session-watch';
import type { CataloguePart } from '../../i18n/catalogue';
import { markLoggedInScreenSeen } from '../../lib/navigation-state';
import { useMemberNavigation } from '../api/get-member-navigation';
import { cookieBanner, InitialLoading, PublicLayout, type NotFoundContext } from './layouts';
import { memberNavEntries } from './member-nav';

/**
 * The member shell, loaded with the first screen behind the login (or an unknown address), not with /login
 * (decision 0034): navigation, logout, the inactivity watch, and the catalogue part of the navigation labels.
 */
export const catalogue: readonly CataloguePart[] = [settings];

/**
 * Layout of the routes behind the login: main navigation for the tenant's routes and the member's funds
 * (`memberNavEntries`), the logout button, and the
 * inactivity watch with the keep-alive (spec 000 sections 4 and 9).
 */
export function AuthenticatedLayout({ tenant, idleWarningSeconds, outletContext }: { tenant: TenantId; idleWarningSeconds: number; outletContext?: NotFoundContext }) {
  const { t } = useTranslation();
  // The calculator-only mode /rechner (spec 000 section 2) shows the calculator without header, menu and footer.
  const calculatorOnly = useLocation().pathname === paths.calculatorOnly.path;
  const { data } = useMemberNavigation();
  if (data?.me) markLoggedInScreenSeen();
  const me = data?.me;
  const funds = me
    ? {
        hasPension: me.pensionContracts.length > 0,
        hasSeverance: me.severanceAccounts.length > 0,
        boardOnly: me.supervisoryBoardSeats.length > 0 && me.pensionContracts.length === 0 && me.severanceAccounts.length === 0,
        calculator: data.pensionCalculator.access !== 'NONE',
      }
    : null;
  const navItems: NavItem[] = memberNavEntries(tenant, funds).map((entry) => ({ href: entry.href, label: t(entry.label) }));
  return (
    <PageLayout
      tenant={tenant}
      homeHref={paths.dashboard.getHref()}
      navItems={navItems}
      headerActions={<LogoutButton />}
      banner={cookieBanner(tenant)}
      embedded={calculatorOnly}
      loggedIn
    >
      <Outlet context={outletContext} />
      <SessionWatch idleWarningSeconds={idleWarningSeconds} />
    </PageLayout>
  );
}

/**
 * Layout of an address the tenant has no screen for: the member layout (navigation, logout button) for a logged-in
 * member, the public layout otherwise. Asks the quiet session check, which never extends the session.
 */
export function NotFoundLayout({ tenant, idleWarningSeconds }: { tenant: TenantId; idleWarningSeconds: number }) {
  const { data } = useSessionCheck({ skip: false });
  if (!data) return <InitialLoading />;
  const context: NotFoundContext = { loggedIn: Boolean(data.session?.loggedIn) };
  return context.loggedIn ? (
    <AuthenticatedLayout tenant={tenant} idleWarningSeconds={idleWarningSeconds} outletContext={context} />
  ) : (
    <PublicLayout tenant={tenant} outletContext={context} />
  );
}
