import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import type { QuickLinkSpec } from './quick-link-rules';

const ARROW = 'M9.3 5.3 7.9 6.7l5.3 5.3-5.3 5.3 1.4 1.4 6.7-6.7z';
const EXTERNAL = 'M14 3v2h3.6l-9.8 9.8 1.4 1.4L19 6.4V10h2V3h-7zM19 19H5V5h7V3H5a2 2 0 0 0-2 2v14a2 2 0 0 0 2 2h14a2 2 0 0 0 2-2v-7h-2v7z';

/**
 * Quick links (spec 001 section 2) as a list of links: portal routes through the router, external pages of the
 * fund group as plain links marked "external page" (icon plus visually hidden text).
 */
export function QuickLinks({ links }: { links: readonly QuickLinkSpec[] }) {
  const { t } = useTranslation();
  if (links.length === 0) return null;
  return (
    <section className="quick-links" aria-labelledby="quick-links-title">
      <h2 id="quick-links-title">{t('dashboard.quickLinks.heading')}</h2>
      <ul>
        {links.map((link) => {
          const label = t(`dashboard.quickLinks.${link.id}`);
          return (
            <li key={link.id}>
              {link.kind === 'route' ? (
                <Link to={link.to} className="quick-links__link">
                  <span>{label}</span>
                  <svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true" focusable="false">
                    <path fill="currentColor" d={ARROW} />
                  </svg>
                </Link>
              ) : (
                <a href={link.href} className="quick-links__link">
                  <span>
                    {label} <span className="visually-hidden">{t('dashboard.quickLinks.external')}</span>
                  </span>
                  <svg viewBox="0 0 24 24" width="18" height="18" aria-hidden="true" focusable="false">
                    <path fill="currentColor" d={EXTERNAL} />
                  </svg>
                </a>
              )}
            </li>
          );
        })}
      </ul>
    </section>
  );
}
