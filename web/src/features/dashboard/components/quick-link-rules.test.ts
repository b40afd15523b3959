import { describe, expect, it } from 'vitest';
import { hasScreen, paths, routeAvailable, tenantOffers, type RouteKey } from '../../../config/paths';
import { quickLinksFor, type QuickLinkFacts } from './quick-link-rules';

/** The spec's rules as if every route had its screen; the real registry is checked in the last test. */
const allBuilt = (tenant: 'main' | 'regional', key: RouteKey) => tenantOffers(tenant, key);
const ids = (facts: QuickLinkFacts) => quickLinksFor(facts, allBuilt).map((link) => link.id);

describe('dashboard quick links', () => {
  it('give a member of both funds on the main tenant every link, in the order of spec 001 section 2', () => {
    expect(ids({ tenant: 'main', hasPension: true, hasPensionMembership: true, hasSeverance: true, calculator: true })).toEqual([
      'pensionAccount',
      'severanceAccount',
      'inbox',
      'documents',
      'pensionInvestment',
      'severanceInvestment',
      'calculator',
      'ownContributions',
      'faq',
      'severanceCalculator',
      'whyUs',
      'news',
    ]);
  });

  it('leave out the Pensionskasse links for a Vorsorgekasse-only member', () => {
    expect(ids({ tenant: 'main', hasPension: false, hasPensionMembership: false, hasSeverance: true, calculator: true })).toEqual([
      'severanceAccount',
      'inbox',
      'documents',
      'severanceInvestment',
      'calculator',
      'faq',
      'severanceCalculator',
      'whyUs',
      'news',
    ]);
  });

  it('give a beneficiary of the Pensionskasse no own contributions and no severance calculator', () => {
    const links = ids({ tenant: 'main', hasPension: true, hasPensionMembership: false, hasSeverance: false, calculator: false });
    expect(links).toContain('pensionAccount');
    expect(links).not.toContain('ownContributions');
    expect(links).not.toContain('severanceCalculator');
    expect(links).not.toContain('severanceAccount');
    // The server refuses her the calculator (spec 001 section 6: the pension is already paid).
    expect(links).not.toContain('calculator');
  });

  it('offer on the regional tenant only its routes, with its own external pages', () => {
    const links = quickLinksFor({ tenant: 'regional', hasPension: true, hasPensionMembership: true, hasSeverance: true, calculator: true }, allBuilt);
    expect(links.map((link) => link.id)).toEqual(['severanceAccount', 'inbox', 'calculator', 'faq', 'severanceCalculator', 'whyUs', 'news']);
    for (const link of links) if (link.kind === 'external') expect(link.href).toMatch(/^https:\/\/www\.noevk\.at\//);
  });

  it('lead a supervisory-board member without own contract to the board inbox, with no fund or document links', () => {
    const links = quickLinksFor({ tenant: 'main', hasPension: false, hasPensionMembership: false, hasSeverance: false, boardOnly: true, calculator: false }, allBuilt);
    expect(links.find((link) => link.id === 'inbox')).toEqual({ id: 'inbox', kind: 'route', to: '/postfach/aufsichtsrat' });
    expect(links.map((link) => link.id)).not.toContain('documents');
    expect(links.map((link) => link.id)).not.toContain('pensionAccount');
    expect(links.map((link) => link.id)).not.toContain('severanceAccount');
    expect(links.map((link) => link.id)).not.toContain('calculator');
  });

  it('link routes by their spec path', () => {
    const links = quickLinksFor({ tenant: 'main', hasPension: true, hasPensionMembership: true, hasSeverance: true, calculator: true }, allBuilt);
    const to = Object.fromEntries(links.filter((l) => l.kind === 'route').map((l) => [l.id, l.to]));
    expect(to).toMatchObject({
      pensionAccount: '/kontoinformation/pensionskasse',
      inbox: '/postfach/posteingang',
      documents: '/dokumente',
      pensionInvestment: '/veranlagung/pensionskasse',
      calculator: '/vorsorgerechner',
      ownContributions: '/eigenbeitraege',
    });
  });

  it('link by default only routes whose screen exists on the tenant (the route registry)', () => {
    const builtHrefs = new Set((Object.keys(paths) as RouteKey[]).filter((key) => hasScreen(key)).map((key) => (paths[key].getHref as () => string)()));
    for (const tenant of ['main', 'regional'] as const) {
      const links = quickLinksFor({ tenant, hasPension: true, hasPensionMembership: true, hasSeverance: true, calculator: true });
      for (const link of links) if (link.kind === 'route') expect(builtHrefs, `${tenant}: ${link.to}`).toContain(link.to);
      expect(links.some((link) => link.id === 'inbox')).toBe(routeAvailable(tenant, 'inboxMessages'));
    }
  });
});
