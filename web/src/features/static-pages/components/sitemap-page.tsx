import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { ErrorState } from '../../../components/ui/error-state';
import { LoadingState } from '../../../components/ui/loading-state';
import { paths, tenantIdOf } from '../../../config/paths';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { useSitemap } from '../api/get-sitemap';
import '../static-pages.css';
import { sitemapFor } from './sitemap-entries';
import type catalogue from '@contract/i18n/de/static-pages.json';

/** Route keys with a sitemap label in schema/contract/i18n/de/static-pages.json. */
type SitemapRouteKey = keyof (typeof catalogue)['staticPages']['sitemap']['routes'];

/**
 * /sitemap (spec 001 section 2): every page the tenant offers, grouped, built from the route registry
 * (web/src/config/paths.ts) by `sitemapFor`. The terms of use open in a new tab, as everywhere.
 */
export function SitemapPage() {
  const { t } = useTranslation();
  useDocumentTitle(t('staticPages.sitemap.pageTitle'));
  const { data, error, refetch } = useSitemap();
  if (!data) return error ? <ErrorState onRetry={() => void refetch()} /> : <LoadingState />;
  const sections = sitemapFor(tenantIdOf(data.clientConfig.tenant));
  return (
    <div className="static-page">
      <h1 tabIndex={-1}>{t('staticPages.sitemap.heading')}</h1>
      <p className="lead">{t('staticPages.sitemap.intro')}</p>
      <div className="sitemap">
        {sections.map((section) => (
          <section key={section.group} className="card sitemap__group" aria-labelledby={`sitemap-${section.group}`}>
            <h2 id={`sitemap-${section.group}`}>{t(`staticPages.sitemap.groups.${section.group}`)}</h2>
            <ul className="sitemap__list">
              {section.entries.map((entry) => (
                <li key={entry.key}>
                  {entry.key === 'nutzung' ? (
                    <a href={`#${paths.nutzung.getHref()}`} target="_blank" rel="noopener">
                      {t('staticPages.sitemap.routes.nutzung')} <span className="visually-hidden">{t('layout.newTab')}</span>
                    </a>
                  ) : (
                    <Link to={entry.href}>{t(`staticPages.sitemap.routes.${entry.key as SitemapRouteKey}`)}</Link>
                  )}
                </li>
              ))}
            </ul>
          </section>
        ))}
      </div>
    </div>
  );
}
