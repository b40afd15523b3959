/** Lazy route module of /dashboard. */
export { DashboardPage as Component } from '../../features/dashboard/components/dashboard-page';
