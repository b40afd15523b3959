import investment from '@contract/i18n/de/investment.json';
import type { CataloguePart } from '../../i18n/catalogue';

/** Lazy route module of /veranlagung/vorsorgekasse (main tenant). */
export { SeveranceInvestmentPage as Component } from '../../features/investment/components/severance-investment-page';

/** The catalogue parts of the screen's texts, added before it renders. */
export const catalogue: readonly CataloguePart[] = [investment];
