import dashboard from '@contract/i18n/de/dashboard.json';
import type { CataloguePart } from '../../i18n/catalogue';

/** Lazy route module of /dashboard. */
export { DashboardPage as Component } from '../../features/dashboard/components/dashboard-page';

/** The catalogue parts of the screen's texts, added before it renders. */
export const catalogue: readonly CataloguePart[] = [dashboard];
