import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';

export interface QuickLink {
  href: string;
  label: string;
}

/** Quick links to the screens the member can use. */
export function QuickLinks({ links }: { links: readonly QuickLink[] }) {
  const { t } = useTranslation();
  if (links.length === 0) return null;
  return (
    <section className="quick-links" aria-labelledby="quick-links-title">
      <h2 id="quick-links-title">{t('dashboard.quickLinks.heading')}</h2>
      <ul>
        {links.map((link) => (
          <li key={link.href}>
            <Link to={link.href} className="quick-links__link">
              <span>{link.label}</span>
              <svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true" focusable="false">
                <path fill="currentColor" d="M9.3 5.3 7.9 6.7l5.3 5.3-5.3 5.3 1.4 1.4 6.7-6.7z" />
              </svg>
            </Link>
          </li>
        ))}
      </ul>
    </section>
  );
}
