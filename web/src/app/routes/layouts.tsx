import { useTranslation } from 'react-i18next';
import { Outlet } from 'react-router-dom';
import { PageLayout } from '../../components/layout/page-layout';
import type { NavItem } from '../../components/layout/site-header';
import { LoadingState } from '../../components/ui/loading-state';
import { paths, tenantOffers, type TenantId } from '../../config/paths';
import { LogoutButton } from '../../features/auth/components/logout-button';

/** Layout of public routes (login, not found): no navigation. */
export function PublicLayout() {
  return (
    <PageLayout homeHref={paths.login.getHref()}>
      <Outlet />
    </PageLayout>
  );
}

/** Layout of the routes behind the login: main navigation for the tenant's routes and the logout button. */
export function AuthenticatedLayout({ tenant }: { tenant: TenantId }) {
  const { t } = useTranslation();
  const navItems: NavItem[] = [
    { href: paths.dashboard.getHref(), label: t('layout.nav.dashboard') },
    ...(tenantOffers(tenant, 'pensionAccount')
      ? [{ href: paths.pensionAccount.getHref(), label: t('layout.nav.pensionAccount') }]
      : []),
    ...(tenantOffers(tenant, 'severanceAccount')
      ? [{ href: paths.severanceAccount.getHref(), label: t('layout.nav.severanceAccount') }]
      : []),
  ];
  return (
    <PageLayout homeHref={paths.dashboard.getHref()} navItems={navItems} headerActions={<LogoutButton />}>
      <Outlet />
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
