import { useTranslation } from 'react-i18next';
import { Outlet, useLocation } from 'react-router-dom';
import { CookieBanner } from '../../components/layout/cookie-banner';
import { PageLayout } from '../../components/layout/page-layout';
import type { NavItem } from '../../components/layout/site-header';
import { LoadingState } from '../../components/ui/loading-state';
import { siteLinks } from '../../config/links';
import { paths, routeAvailable, type TenantId } from '../../config/paths';
import { LogoutButton } from '../../features/auth/components/logout-button';
import { useLoginPage } from '../../features/auth/api/get-login-page';
import { useMemberNavigation } from '../api/get-member-navigation';
import { memberNavEntries } from './member-nav';
import { SessionWatch } from '../../features/auth/components/session-watch';
import { markLoggedInScreenSeen } from '../../lib/navigation-state';
import { queryParam } from '../../lib/url-params';

function cookieBanner(tenant: TenantId) {
  return <CookieBanner privacyHref={siteLinks[tenant].privacy} />;
}

/**
 * Layout of public routes (login, activation, eID, e-mail confirmation, not found): no navigation. With the query
 * parameter `embedded=1` header and footer are hidden (spec 000 section 2).
 */
export function PublicLayout({ tenant, outletContext }: { tenant: TenantId; outletContext?: NotFoundContext }) {
  const location = useLocation();
  const embedded = queryParam('embedded', { search: window.location.search, hash: `#${location.pathname}${location.search}` }) === '1';
  const { t } = useTranslation();
  // A small menu of the public pages, so the skip link "Zum Menü" has a target on every layout.
  const navItems: NavItem[] = [
    { href: paths.login.getHref(), label: t('layout.nav.login') },
    ...(routeAvailable(tenant, 'registration') ? [{ href: paths.registration.getHref(), label: t('layout.nav.registration') }] : []),
  ];
  return (
    <PageLayout tenant={tenant} homeHref={paths.login.getHref()} navItems={navItems} embedded={embedded} banner={cookieBanner(tenant)}>
      <Outlet context={outletContext} />
    </PageLayout>
  );
}

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
  const funds = data?.me ? { hasPension: data.me.pensionContracts.length > 0, hasSeverance: data.me.severanceAccounts.length > 0 } : null;
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

/** What the not-found page learns from its layout (react-router outlet context). */
export interface NotFoundContext {
  loggedIn: boolean;
}

/**
 * Layout of an address the tenant has no screen for: the member layout (navigation, logout button) for a logged-in
 * member, the public layout otherwise. Asks the quiet session check, which never extends the session.
 */
export function NotFoundLayout({ tenant, idleWarningSeconds }: { tenant: TenantId; idleWarningSeconds: number }) {
  const { data } = useLoginPage({ checkSession: true });
  if (!data) return <InitialLoading />;
  const context: NotFoundContext = { loggedIn: Boolean(data.session?.loggedIn) };
  return context.loggedIn ? (
    <AuthenticatedLayout tenant={tenant} idleWarningSeconds={idleWarningSeconds} outletContext={context} />
  ) : (
    <PublicLayout tenant={tenant} outletContext={context} />
  );
}

/** Shown while the first screen's code loads. */
export function InitialLoading() {
  return (
    <div className="standalone">
      <LoadingState />
    </div>
  );
}
