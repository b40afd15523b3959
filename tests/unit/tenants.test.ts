import { describe, expect, it } from 'vitest';
import { TENANTS, uploadPurposeOffered, type TenantId } from '../../server/tenants';
import { paths, pensionFundRouteKeys, tenantOffers, tenantRouteKeys, type RouteKey } from '../../web/src/config/paths';

/**
 * The web app's tenant route sets (web/src/config/paths.ts) agree with the server's tenants (server/tenants.ts):
 * the same tenant ids, and the Pensionskasse routes exactly where the server offers Pensionskasse data.
 */
const tenantIds = Object.keys(TENANTS) as TenantId[];

describe('tenant route keys', () => {
  it('are listed for exactly the tenants the server knows', () => {
    expect(Object.keys(tenantRouteKeys).sort()).toEqual([...tenantIds].sort());
  });

  it('name only routes of the route registry, each once', () => {
    for (const tenant of tenantIds) {
      for (const key of tenantRouteKeys[tenant]) expect(paths, `${tenant}: ${key}`).toHaveProperty(key);
      expect(new Set(tenantRouteKeys[tenant]).size, tenant).toBe(tenantRouteKeys[tenant].length);
    }
  });

  it('include the Pensionskasse routes exactly for tenants with a pension fund', () => {
    expect(pensionFundRouteKeys.length).toBeGreaterThan(0);
    for (const tenant of tenantIds) {
      for (const key of pensionFundRouteKeys) {
        expect(tenantOffers(tenant, key), `${tenant}: ${key}`).toBe(TENANTS[tenant].pensionFund);
      }
    }
  });

  it('include the merge and upload routes exactly where the server takes merge requests and the upload form', () => {
    for (const tenant of tenantIds) {
      for (const key of ['mergeSeverance', 'mergeSeveranceUpload'] as const) expect(tenantOffers(tenant, key), `${tenant}: ${key}`).toBe(TENANTS[tenant].severanceMerge);
      expect(tenantOffers(tenant, 'uploadForm'), tenant).toBe(TENANTS[tenant].uploadForm);
      expect(uploadPurposeOffered(TENANTS[tenant], 'merge-document'), tenant).toBe(TENANTS[tenant].severanceMerge);
      expect(uploadPurposeOffered(TENANTS[tenant], 'upload-form'), tenant).toBe(TENANTS[tenant].severanceMerge || TENANTS[tenant].uploadForm);
      expect(uploadPurposeOffered(TENANTS[tenant], 'claim-document'), tenant).toBe(true);
    }
  });

  it('give the main tenant (Pensionskasse and Vorsorgekasse) every route', () => {
    expect(TENANTS.main.pensionFund).toBe(true);
    expect([...tenantRouteKeys.main].sort()).toEqual((Object.keys(paths) as RouteKey[]).sort());
  });

  it('give the regional tenant the route set of spec 000 section 2, without any Pensionskasse route', () => {
    expect(TENANTS.regional.pensionFund).toBe(false);
    const regionalPaths = tenantRouteKeys.regional.map((key) => paths[key].path).sort();
    expect(regionalPaths).toEqual(
      [
        '/',
        '/login',
        '/activation',
        '/qr',
        '/updateRegistration/:status',
        '/orderRegistrationCode',
        '/registration',
        '/pwdLost',
        '/pwdReset',
        '/pwdChange',
        '/emailChange',
        '/nutzung',
        '/eid',
        '/dashboard',
        '/vorsorgerechner',
        '/einstellungen',
        '/kontoinformation/vorsorgekasse/:stichtag?',
        '/postfach/posteingang',
        '/postfach/:step/:id?',
        '/gm/:step?',
        // Not in the spec's regional list, but the accessibility statement is linked from both tenants' footers
        // (Web-Zugänglichkeits-Gesetz; DOMAIN.md "Accessibility").
        '/barrierefreiheit',
      ].sort(),
    );
    for (const key of ['pensionAccount', 'ownContributions', 'documents', 'pensionInvestment', 'uploadForm'] as const) {
      expect(tenantOffers('regional', key), key).toBe(false);
    }
  });
});
