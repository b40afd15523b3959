import { useTranslation } from 'react-i18next';
import { externalLinks } from '../../config/links';
import { paths, type TenantId } from '../../config/paths';
import { SKIP_TARGETS } from './skip-links';

/**
 * Footer with the legal links (spec 000 section 2); the terms of use open in a new tab. The regional tenant links its
 * own data-protection information.
 */
export function SiteFooter({ tenant }: { tenant: TenantId }) {
  const { t } = useTranslation();
  const newTab = t('layout.newTab');
  return (
    <footer id={SKIP_TARGETS.footer} className="site-footer" tabIndex={-1}>
      <nav aria-label={t('layout.footerNavigation')}>
        <ul className="site-footer__links">
          <li>
            <a href={`#${paths.nutzung.getHref()}`} target="_blank" rel="noopener">
              {t('layout.footer.termsOfUse')} <span className="visually-hidden">{newTab}</span>
            </a>
          </li>
          <li>
            <a href={tenant === 'regional' ? externalLinks.regionalPrivacy : externalLinks.privacy}>{t('layout.footer.privacy')}</a>
          </li>
          <li>
            <a href={externalLinks.accessibility}>{t('layout.footer.accessibility')}</a>
          </li>
          <li>
            <a href={externalLinks.imprint}>{t('layout.footer.imprint')}</a>
          </li>
        </ul>
      </nav>
      <p className="site-footer__copyright">{t('layout.footer.copyright', { year: new Date().getFullYear() })}</p>
    </footer>
  );
}
