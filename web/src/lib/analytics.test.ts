import { afterEach, describe, expect, it } from 'vitest';
import { canTrack, startAnalytics, stopAnalyticsForTests, trackLogin, trackPageView, trackerBase, type AnalyticsHost } from './analytics';

function fakePage() {
  const appended: Array<{ src: string; async: boolean }> = [];
  const queue: unknown[][] = [];
  const page: AnalyticsHost = {
    window: { _paq: { push: (...commands: unknown[][]) => queue.push(...commands) } },
    document: {
      createElement: () => ({ src: '', async: false, id: '' }) as unknown as HTMLScriptElement,
      head: { append: (node: Node) => appended.push(node as unknown as { src: string; async: boolean }) },
    },
  };
  return { page, appended, queue };
}

afterEach(() => stopAnalyticsForTests());

describe('canTrack', () => {
  it('needs a site id, a tracker URL and the cookie consent', () => {
    const config = { matomoSiteId: 3, matomoUrl: 'https://analytics.example.at/' };
    expect(canTrack(config, true)).toBe(true);
    expect(canTrack(config, false)).toBe(false);
    expect(canTrack({ ...config, matomoSiteId: null }, true)).toBe(false);
    expect(canTrack({ ...config, matomoUrl: null }, true)).toBe(false);
  });
});

describe('trackerBase', () => {
  it('ends the tracker URL with a slash', () => {
    expect(trackerBase('https://a.example.at/matomo')).toBe('https://a.example.at/matomo/');
    expect(trackerBase('https://a.example.at/')).toBe('https://a.example.at/');
  });
});

describe('startAnalytics', () => {
  it('loads nothing and tracks nothing without the consent', () => {
    const { page, appended, queue } = fakePage();
    expect(startAnalytics({ matomoSiteId: 3, matomoUrl: 'https://a.example.at/' }, false, page)).toBe(false);
    trackPageView('/#/login', 'Anmeldung – Mitgliederportal');
    expect(appended).toEqual([]);
    expect(queue).toEqual([]);
  });

  it('loads matomo.js as a script element and queues the site, page views and the login event', () => {
    const { page, appended, queue } = fakePage();
    expect(startAnalytics({ matomoSiteId: 3, matomoUrl: 'https://a.example.at' }, true, page)).toBe(true);
    expect(appended).toMatchObject([{ src: 'https://a.example.at/matomo.js', async: true }]);
    trackPageView('/#/login', 'Anmeldung – Mitgliederportal');
    trackLogin();
    expect(queue).toEqual([
      ['setTrackerUrl', 'https://a.example.at/matomo.php'],
      ['setSiteId', '3'],
      ['enableLinkTracking'],
      ['setCustomUrl', '/#/login'],
      ['setDocumentTitle', 'Anmeldung – Mitgliederportal'],
      ['trackPageView'],
      ['appendToTrackingUrl', 'new_visit=1'],
      ['trackEvent', 'Login', 'success'],
      ['appendToTrackingUrl', ''],
    ]);
  });

  it('tracks the page shown before it started, once it starts', () => {
    const { page, queue } = fakePage();
    trackPageView('/#/dashboard', 'Übersicht – Mitgliederportal');
    startAnalytics({ matomoSiteId: 3, matomoUrl: 'https://a.example.at/' }, true, page);
    expect(queue.slice(-3)).toEqual([['setCustomUrl', '/#/dashboard'], ['setDocumentTitle', 'Übersicht – Mitgliederportal'], ['trackPageView']]);
  });

  it('starts only once', () => {
    const { page, appended } = fakePage();
    startAnalytics({ matomoSiteId: 3, matomoUrl: 'https://a.example.at/' }, true, page);
    startAnalytics({ matomoSiteId: 3, matomoUrl: 'https://a.example.at/' }, true, page);
    expect(appended).toHaveLength(1);
  });
});
