import accountInfo from '@contract/i18n/de/account-info.json';
import type { CataloguePart } from '../../i18n/catalogue';

/** Lazy route module of /kontoinformation/vorsorgekasse[/:stichtag]. */
export { SeveranceAccountPage as Component } from '../../features/accounts/components/severance-account-page';

/** The catalogue parts of the screen's texts, added before it renders. */
export const catalogue: readonly CataloguePart[] = [accountInfo];
