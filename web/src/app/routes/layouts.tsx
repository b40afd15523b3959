import { useTranslation } from 'react-i18next';
import { Outlet, useLocation } from 'react-router-dom';
import { CookieBanner } from '../../components/layout/cookie-banner';
import { PageLayout } from '../../components/layout/page-layout';
import type { NavItem } from '../../components/layout/site-header';
import { LoadingState } from '../../components/ui/loading-state';
import { siteLinks } from '../../config/links';
import { paths, routeAvailable, type TenantId } from '../../config/paths';
import { queryParam } from '../../lib/url-params';

/** The cookie banner of every layout, with the tenant's privacy link. */
export function cookieBanner(tenant: TenantId) {
  return <CookieBanner privacyHref={siteLinks[tenant].privacy} />;
}

/**
 * Layout of public routes (login, activation, eID, e-mail confirmation, not found): no navigation. With the query
 * parameter `embedded=1` header and footer are hidden (spec 000 section 2).
 */
export function PublicLayout({ tenant, outletContext }: { tenant: TenantId; outletContext?: NotFoundContext }) {
  const location = useLocation();
  // No window when the build prerenders the layout (web/src/prerender/frames.tsx): the frame is never embedded.
  const search = typeof window === 'undefined' ? '' : window.location.search;
  const embedded = queryParam('embedded', { search, hash: `#${location.pathname}${location.search}` }) === '1';
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

/** What the not-found page learns from its layout (react-router outlet context). */
export interface NotFoundContext {
  loggedIn: boolean;
}

/** Shown while the first screen's code loads. */
export function InitialLoading() {
  return (
    <div className="standalone">
      <LoadingState />
    </div>
  );
}
