/** Lazy route module of /sitemap. */
export { SitemapPage as Component } from '../../features/static-pages/components/sitemap-page';
