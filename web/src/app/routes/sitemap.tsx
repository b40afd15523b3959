import staticPages from '@contract/i18n/de/static-pages.json';
import type { CataloguePart } from '../../i18n/catalogue';

/** Lazy route module of /sitemap. */
export { SitemapPage as Component } from '../../features/static-pages/components/sitemap-page';

/** The catalogue parts of the screen's texts, added before it renders. */
export const catalogue: readonly CataloguePart[] = [staticPages];
