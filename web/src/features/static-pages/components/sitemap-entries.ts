import { paths, routeAvailable, type RouteKey, type TenantId } from '../../../config/paths';

/** Groups of the sitemap, in the order shown. */
export const SITEMAP_GROUPS = ['overview', 'accounts', 'mailbox', 'services', 'profile', 'access', 'legal'] as const;
export type SitemapGroup = (typeof SITEMAP_GROUPS)[number];

/**
 * Where each route of the registry (web/src/config/paths.ts) appears in the sitemap: its group, or `null` for a
 * route that is no page of its own to link to (the redirecting root, login variants reached from a link in a letter
 * or mail, steps that need an id or token, the calculator-only mode for external users, the sitemap itself).
 * The sitemap lists every classified route available on the tenant (`routeAvailable`: offered and built, so no
 * entry leads to a screen that does not exist yet); a unit test fails when a route
 * key is added to the registry without being classified here.
 */
export const SITEMAP_PLACEMENT: Partial<Record<RouteKey, SitemapGroup | null>> = {
  root: null,
  login: 'access',
  activation: null,
  qr: null,
  updateRegistration: null,
  orderRegistrationCode: 'access',
  registration: 'access',
  pwdLost: 'access',
  pwdReset: null,
  pwdChange: null,
  emailChange: null,
  nutzung: 'legal',
  eid: null,
  dashboard: 'overview',
  settings: 'profile',
  pensionAccount: 'accounts',
  severanceAccount: 'accounts',
  inboxMessages: 'mailbox',
  inbox: null,
  severanceClaims: 'services',
  ownContributions: 'services',
  calculatorOnly: null,
  calculator: 'services',
  documents: 'accounts',
  pensionInvestment: 'accounts',
  severanceInvestment: 'accounts',
  mergeSeverance: 'services',
  mergeSeveranceUpload: 'services',
  uploadForm: 'services',
  sitemap: null,
  accessibility: 'legal',
};

export interface SitemapEntry {
  key: RouteKey;
  /** Path for the router (`getHref()` without arguments). */
  href: string;
}

/** The tenant's sitemap: its available routes grouped by `SITEMAP_PLACEMENT`, in registry order; empty groups left out. */
export function sitemapFor(tenant: TenantId): { group: SitemapGroup; entries: SitemapEntry[] }[] {
  const keys = (Object.keys(paths) as RouteKey[]).filter((key) => routeAvailable(tenant, key));
  return SITEMAP_GROUPS.map((group) => ({
    group,
    entries: keys.filter((key) => SITEMAP_PLACEMENT[key] === group).map((key) => ({ key, href: (paths[key].getHref as () => string)() })),
  })).filter((section) => section.entries.length > 0);
}
