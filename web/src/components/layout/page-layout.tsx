import type { ReactNode } from 'react';
import type { TenantId } from '../../config/paths';
import { RegionalContact } from './regional-contact';
import { SiteFooter } from './site-footer';
import { SiteHeader, type NavItem } from './site-header';
import { SKIP_TARGETS, SkipLinks } from './skip-links';

interface PageLayoutProps {
  tenant: TenantId;
  homeHref: string;
  navItems?: readonly NavItem[];
  headerActions?: ReactNode;
  /** Without header and footer: the login embedded in another site (`embedded=1`, spec 000 section 2). */
  embedded?: boolean;
  /** Shown above the header, for example the cookie notice. */
  banner?: ReactNode;
  /** The authenticated layout: the footer adds the sitemap link. */
  loggedIn?: boolean;
  children: ReactNode;
}

/**
 * Page frame shared by the public and the authenticated layout: skip links first, then header, `<main id="content">`
 * and footer. The skip links' targets (spec 000 section 2: menu, content, footer) are the header's navigation
 * (`#menu`, both layouts have one), `<main>` and the footer; each is focusable with `tabindex="-1"`. The regional tenant's layout adds its contact box above the footer (spec 000 section 2).
 */
export function PageLayout({ tenant, homeHref, navItems, headerActions, embedded = false, banner, loggedIn = false, children }: PageLayoutProps) {
  return (
    <div className={embedded ? 'page page--embedded' : `page page--${tenant}`}>
      {embedded ? null : <SkipLinks withMenu={Boolean(navItems && navItems.length > 0)} />}
      {banner}
      {embedded ? null : <SiteHeader homeHref={homeHref} navItems={navItems} actions={headerActions} />}
      <main id={SKIP_TARGETS.content} className="page__main" tabIndex={-1}>
        {children}
      </main>
      {!embedded && tenant === 'regional' ? <RegionalContact /> : null}
      {embedded ? null : <SiteFooter tenant={tenant} loggedIn={loggedIn} />}
    </div>
  );
}
