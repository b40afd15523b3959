import { hasAcceptedCookies } from './cookie-consent';

/**
 * Web analytics with Matomo (spec 000 sections 1 and 2). Runs only when the client configuration names a site id
 * and a tracker URL AND the member accepted cookies (`acceptCookies=1`); otherwise nothing is loaded and every
 * tracking call is a no-op. The tracker is loaded as a script element from `matomoUrl` (`matomo.js`): the
 * Content-Security-Policy allows that origin but no inline script, so the usual inline snippet is this module.
 * Commands go through `window._paq`, which Matomo replaces with its own queue once loaded.
 */
type MatomoCommand = [string, ...unknown[]];

declare global {
  interface Window {
    _paq?: { push: (...commands: MatomoCommand[]) => unknown };
  }
}

export interface AnalyticsConfig {
  matomoSiteId?: number | null;
  matomoUrl?: string | null;
}

/** What `startAnalytics` needs of the page (a fake in unit tests). */
export interface AnalyticsHost {
  window: Pick<Window, '_paq'>;
  document: { createElement(tag: 'script'): HTMLScriptElement; head: { append(node: Node): void } };
}

let host: AnalyticsHost | null = null;
/** The page shown last, tracked as soon as analytics starts (for example when cookies are accepted later). */
let currentPage: { url: string; title: string } | null = null;

/** Whether analytics may run: site id and tracker URL configured, and cookies accepted. */
export function canTrack(config: AnalyticsConfig, consent: boolean): boolean {
  return Boolean(config.matomoSiteId && config.matomoUrl && consent);
}

/** The tracker's base URL with a trailing slash (`https://a.example.at/matomo` → `https://a.example.at/matomo/`). */
export function trackerBase(url: string): string {
  return url.endsWith('/') ? url : `${url}/`;
}

/**
 * Starts Matomo once the conditions hold (see the module comment); returns whether it runs. Safe to call again,
 * for example when the member accepts cookies later.
 */
export function startAnalytics(config: AnalyticsConfig, consent: boolean = hasAcceptedCookies(), page: AnalyticsHost = { window, document }): boolean {
  if (host) return true;
  if (!canTrack(config, consent) || !config.matomoUrl) return false;
  const base = trackerBase(config.matomoUrl);
  const queue: MatomoCommand[] = [];
  page.window._paq ??= queue;
  page.window._paq.push(['setTrackerUrl', `${base}matomo.php`], ['setSiteId', String(config.matomoSiteId)], ['enableLinkTracking']);
  const script = page.document.createElement('script');
  script.async = true;
  script.src = `${base}matomo.js`;
  script.id = 'matomo-tracker';
  page.document.head.append(script);
  host = page;
  if (currentPage) trackPageView(currentPage.url, currentPage.title);
  return true;
}

function push(...commands: MatomoCommand[]): void {
  host?.window._paq?.push(...commands);
}

/** A page view of a hash route (`/#/dashboard`) with the German window title. */
export function trackPageView(url: string, title: string): void {
  currentPage = { url, title };
  push(['setCustomUrl', url], ['setDocumentTitle', title], ['trackPageView']);
}

export function trackEvent(category: string, action: string, name?: string): void {
  push(name === undefined ? ['trackEvent', category, action] : ['trackEvent', category, action, name]);
}

/** A successful login: counted as a new visit (spec 000 section 4) with a login event. */
export function trackLogin(): void {
  push(['appendToTrackingUrl', 'new_visit=1']);
  trackEvent('Login', 'success');
  push(['appendToTrackingUrl', '']);
}

/** Forgets the analytics user id, after a logout in this or another tab (spec 000 section 4). */
export function resetAnalyticsUser(): void {
  push(['resetUserId']);
}

/** For tests: forgets that analytics was started. */
export function stopAnalyticsForTests(): void {
  host = null;
  currentPage = null;
}
