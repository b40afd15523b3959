import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, NavLink } from 'react-router-dom';
import { SKIP_TARGETS } from './skip-links';

export interface NavItem {
  href: string;
  label: string;
}

interface SiteHeaderProps {
  /** Where the portal name links to. */
  homeHref: string;
  /** Main navigation; none on public pages. */
  navItems?: readonly NavItem[];
  /** Controls at the end of the header, for example the logout button. */
  actions?: ReactNode;
}

/** Header with the portal name, the main navigation when logged in, and the header actions. */
export function SiteHeader({ homeHref, navItems, actions }: SiteHeaderProps) {
  const { t } = useTranslation();
  return (
    <header className="site-header">
      <div className="site-header__bar">
        {/* The link's name starts with its visible text (WCAG 2.5.3 "Label in Name"); the target follows, hidden. */}
        <Link to={homeHref} className="site-header__brand">
          <span className="site-header__logo" aria-hidden="true" />
          <span className="site-header__name">
            <span className="site-header__title">{t('app.name')}</span>
            <span className="site-header__group">{t('app.group')}</span>
            <span className="visually-hidden"> {t('layout.homeLinkTarget')}</span>
          </span>
        </Link>
        {actions ? <div className="site-header__actions">{actions}</div> : null}
      </div>
      {navItems && navItems.length > 0 ? (
        <nav id={SKIP_TARGETS.menu} className="main-nav" aria-label={t('layout.mainNavigation')} tabIndex={-1}>
          <ul>
            {navItems.map((item) => (
              <li key={item.href}>
                <NavLink to={item.href} className="main-nav__link">
                  {item.label}
                </NavLink>
              </li>
            ))}
          </ul>
        </nav>
      ) : null}
    </header>
  );
}
