import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { groupSites, siteLinks } from '../../config/links';
import { paths, routeAvailable, type TenantId } from '../../config/paths';
import { SKIP_TARGETS } from './skip-links';
import './site-footer.css';

/**
 * Footer with the legal links (spec 000 section 2): terms of use (new tab), privacy (the regional tenant's own),
 * the portal's accessibility statement (both tenants, Web-Zugänglichkeits-Gesetz), imprint, and for a logged-in
 * member the sitemap where the tenant offers one; on the main tenant also the group's sites (`groupSites`).
 */
export function SiteFooter({ tenant, loggedIn = false }: { tenant: TenantId; loggedIn?: boolean }) {
  const { t } = useTranslation();
  const newTab = t('layout.newTab');
  const sites = groupSites[tenant];
  return (
    <footer id={SKIP_TARGETS.footer} className="site-footer" tabIndex={-1}>
      {sites.length > 0 ? (
        <nav aria-label={t('layout.groupSites.label')}>
          <ul className="site-footer__links site-footer__group">
            {sites.map((site) => (
              <li key={site.key}>
                <a href={site.href}>{t(`layout.groupSites.${site.key}`)}</a>
              </li>
            ))}
          </ul>
        </nav>
      ) : null}
      <nav aria-label={t('layout.footerNavigation')}>
        <ul className="site-footer__links">
          <li>
            <a href={`#${paths.nutzung.getHref()}`} target="_blank" rel="noopener">
              {t('layout.footer.termsOfUse')} <span className="visually-hidden">{newTab}</span>
            </a>
          </li>
          <li>
            <a href={siteLinks[tenant].privacy}>{t('layout.footer.privacy')}</a>
          </li>
          <li>
            <Link to={paths.accessibility.getHref()}>{t('layout.footer.accessibility')}</Link>
          </li>
          <li>
            <a href={siteLinks[tenant].imprint}>{t('layout.footer.imprint')}</a>
          </li>
          {routeAvailable(tenant, 'uploadForm') ? (
            <li>
              <Link to={paths.uploadForm.getHref()}>{t('layout.footer.uploadForm')}</Link>
            </li>
          ) : null}
          {!loggedIn && routeAvailable(tenant, 'mergeSeveranceUpload') ? (
            <li>
              <Link to={paths.mergeSeveranceUpload.getHref()}>{t('layout.footer.mergeUpload')}</Link>
            </li>
          ) : null}
          {loggedIn && routeAvailable(tenant, 'sitemap') ? (
            <li>
              <Link to={paths.sitemap.getHref()}>{t('layout.footer.sitemap')}</Link>
            </li>
          ) : null}
        </ul>
      </nav>
      <p className="site-footer__copyright">{t('layout.footer.copyright', { year: new Date().getFullYear() })}</p>
    </footer>
  );
}
