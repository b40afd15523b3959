import { useTranslation } from 'react-i18next';
import { Outlet, useLocation } from 'react-router-dom';
import { CookieBanner } from '../../components/layout/cookie-banner';
import { PageLayout } from '../../components/layout/page-layout';
import type { NavItem } from '../../components/layout/site-header';
import { LoadingState } from '../../components/ui/loading-state';
import { externalLinks } from '../../config/links';
import { paths, tenantOffers, type TenantId } from '../../config/paths';
import { LogoutButton } from '../../features/auth/components/logout-button';
import { SessionWatch } from '../../features/auth/components/session-watch';
import { queryParam } from '../../lib/url-params';

function cookieBanner(tenant: TenantId) {
  return <CookieBanner privacyHref={tenant === 'regional' ? externalLinks.regionalPrivacy : externalLinks.privacy} />;
}

/**
 * Layout of public routes (login, activation, eID, e-mail confirmation, not found): no navigation. With the query
 * parameter `embedded=1` header and footer are hidden (spec 000 section 2).
 */
export function PublicLayout({ tenant }: { tenant: TenantId }) {
  const location = useLocation();
  const embedded = queryParam('embedded', { search: window.location.search, hash: `#${location.pathname}${location.search}` }) === '1';
  const { t } = useTranslation();
  // A small menu of the public pages, so the skip link "Zum Menü" has a target on every layout.
  const navItems: NavItem[] = [
    { href: paths.login.getHref(), label: t('layout.nav.login') },
    ...(tenantOffers(tenant, 'registration') ? [{ href: paths.registration.getHref(), label: t('layout.nav.registration') }] : []),
  ];
  return (
    <PageLayout tenant={tenant} homeHref={paths.login.getHref()} navItems={navItems} embedded={embedded} banner={cookieBanner(tenant)}>
      <Outlet />
    </PageLayout>
  );
}

/**
 * Layout of the routes behind the login: main navigation for the tenant's routes, the logout button, and the
 * inactivity watch with the keep-alive (spec 000 sections 4 and 9).
 */
export function AuthenticatedLayout({ tenant, idleWarningSeconds }: { tenant: TenantId; idleWarningSeconds: number }) {
  const { t } = useTranslation();
  // The calculator-only mode /rechner (spec 000 section 2) shows the calculator without header, menu and footer.
  const calculatorOnly = useLocation().pathname === paths.calculatorOnly.path;
  const navItems: NavItem[] = [
    { href: paths.dashboard.getHref(), label: t('layout.nav.dashboard') },
    ...(tenantOffers(tenant, 'pensionAccount')
      ? [{ href: paths.pensionAccount.getHref(), label: t('layout.nav.pensionAccount') }]
      : []),
    ...(tenantOffers(tenant, 'severanceAccount')
      ? [{ href: paths.severanceAccount.getHref(), label: t('layout.nav.severanceAccount') }]
      : []),
    ...(tenantOffers(tenant, 'documents') ? [{ href: paths.documents.getHref(), label: t('layout.nav.documents') }] : []),
    ...(tenantOffers(tenant, 'pensionInvestment')
      ? [{ href: paths.pensionInvestment.getHref(), label: t('layout.nav.investment') }]
      : []),
    ...(tenantOffers(tenant, 'settings') ? [{ href: paths.settings.getHref(), label: t('settings.nav') }] : []),
  ];
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
      <Outlet />
      <SessionWatch idleWarningSeconds={idleWarningSeconds} />
    </PageLayout>
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
