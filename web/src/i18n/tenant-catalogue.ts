import type { i18n as I18n } from 'i18next';
import type { TenantId } from '../config/paths';
import regional from '@contract/i18n/de/regional.json';

/**
 * Catalogue overrides per tenant (spec 000 section 1: "each tenant has its own … German-only text catalogue"): the
 * main tenant uses the German catalogue as it is; the regional tenant's file (`de/regional.json`) replaces the keys
 * whose texts differ. Applied once, before the router renders, when the tenant is known.
 */
export const tenantOverrides: Record<TenantId, Record<string, unknown> | null> = {
  main: null,
  regional,
};

export function applyTenantCatalogue(i18n: I18n, tenant: TenantId): void {
  const overrides = tenantOverrides[tenant];
  if (overrides) i18n.addResourceBundle('de', 'translation', overrides, true, true);
}
