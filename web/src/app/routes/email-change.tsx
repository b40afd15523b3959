import settings from '@contract/i18n/de/settings.json';
import type { CataloguePart } from '../../i18n/catalogue';

/** Lazy route module of /emailChange (the link of the e-mail change mail; public). */
export { EmailChangePage as Component } from '../../features/settings/components/email-change-page';

/** The catalogue parts of the screen's texts, added before it renders. */
export const catalogue: readonly CataloguePart[] = [settings];
