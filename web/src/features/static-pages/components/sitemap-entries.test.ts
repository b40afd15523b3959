import { describe, expect, it } from 'vitest';
import { hasScreen, paths, routeAvailable, type RouteKey } from '../../../config/paths';
import { SITEMAP_PLACEMENT, sitemapFor } from './sitemap-entries';
import catalogue from '@contract/i18n/de/static-pages.json';

const allKeys = Object.keys(paths) as RouteKey[];
const hrefs = (tenant: 'main' | 'regional') => sitemapFor(tenant).flatMap((section) => section.entries.map((entry) => entry.href));

describe('sitemap', () => {
  it('classifies every route of the registry (a group, or null for a route that is no page of its own)', () => {
    const unclassified = allKeys.filter((key) => !(key in SITEMAP_PLACEMENT));
    expect(unclassified).toEqual([]);
  });

  it('has a German label for every listed route', () => {
    const labels = catalogue.staticPages.sitemap.routes as Record<string, string>;
    for (const key of allKeys) if (SITEMAP_PLACEMENT[key]) expect(labels[key], key).toBeTruthy();
  });

  it('lists for each tenant exactly the classified routes it offers and has a screen for', () => {
    for (const tenant of ['main', 'regional'] as const) {
      const expected = allKeys.filter((key) => SITEMAP_PLACEMENT[key] && routeAvailable(tenant, key)).map((key) => (paths[key].getHref as () => string)());
      expect(hrefs(tenant).sort()).toEqual(expected.sort());
    }
  });

  it('lists no route without a screen (inbox, severance claim, own contributions, uploads)', () => {
    for (const tenant of ['main', 'regional'] as const) {
      for (const key of allKeys) if (!hasScreen(key)) expect(hrefs(tenant), key).not.toContain((paths[key].getHref as () => string)());
    }
  });

  it('gives the regional tenant no Pensionskasse, documents or investment pages', () => {
    expect(hrefs('regional')).not.toContain('/kontoinformation/pensionskasse');
    expect(hrefs('regional')).not.toContain('/dokumente');
    expect(hrefs('regional')).toContain('/kontoinformation/vorsorgekasse');
    expect(hrefs('main')).toContain('/kontoinformation/pensionskasse');
    expect(hrefs('main')).toContain('/barrierefreiheit');
  });
});
