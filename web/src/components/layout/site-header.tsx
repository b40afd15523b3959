import { useId, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, NavLink, useLocation } from 'react-router-dom';
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

/**
 * Header with the portal name, the main navigation when logged in, and the header actions. On phones (below 40rem)
 * the navigation's entries sit behind a menu button (`aria-expanded`), so they never wrap into several rows.
 */
export function SiteHeader({ homeHref, navItems, actions }: SiteHeaderProps) {
  const { t } = useTranslation();
  const listId = useId();
  const { pathname } = useLocation();
  // The phone menu is open on the route where it was opened: choosing an entry closes it.
  const [openOn, setOpenOn] = useState<string | null>(null);
  const menuOpen = openOn === pathname;
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
          {/* Phones: the entries collapse behind this button instead of wrapping into several rows (hidden by CSS on wider screens). */}
          <button type="button" className="main-nav__toggle" aria-expanded={menuOpen} aria-controls={listId} onClick={() => setOpenOn(menuOpen ? null : pathname)}>
            <span className="main-nav__toggle-icon" aria-hidden="true" />
            {t('layout.menu')}
          </button>
          <ul id={listId} className={menuOpen ? 'main-nav__list main-nav__list--open' : 'main-nav__list'}>
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
