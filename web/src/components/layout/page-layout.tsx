import type { ReactNode } from 'react';
import { SiteFooter } from './site-footer';
import { SiteHeader, type NavItem } from './site-header';
import { SKIP_TARGETS, SkipLinks } from './skip-links';

interface PageLayoutProps {
  homeHref: string;
  navItems?: readonly NavItem[];
  headerActions?: ReactNode;
  children: ReactNode;
}

/**
 * Page frame shared by the public and the authenticated layout: skip links first, then header, `<main id="content">`
 * and footer.
 */
export function PageLayout({ homeHref, navItems, headerActions, children }: PageLayoutProps) {
  return (
    <div className="page">
      <SkipLinks withMenu={Boolean(navItems && navItems.length > 0)} />
      <SiteHeader homeHref={homeHref} navItems={navItems} actions={headerActions} />
      <main id={SKIP_TARGETS.content} className="page__main" tabIndex={-1}>
        {children}
      </main>
      <SiteFooter />
    </div>
  );
}
