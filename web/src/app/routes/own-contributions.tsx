import claim from '@contract/i18n/de/claim.json';
import ownContributions from '@contract/i18n/de/own-contributions.json';
import type { CataloguePart } from '../../i18n/catalogue';

/** Lazy route module of /eigenbeitraege[/{step}[/{param}]], own contributions (main tenant). */
export { OwnContributionsPage as Component } from '../../features/own-contributions/components/own-contributions-page';

/** The catalogue parts of the screen's texts, added before it renders. */
export const catalogue: readonly CataloguePart[] = [claim, ownContributions];
