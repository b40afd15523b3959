import { describe, expect, it } from 'vitest';
import calculatorPrint from '@contract/i18n/de/calculator-print.json';
import regionalDocuments from '@contract/i18n/de/regional-documents.json';
import { tenantTexts } from '../../server/modules/tenant/tenant-texts';
import { TENANTS } from '../../server/tenants';
import { catalogueLeaves, placeholdersOf, type CatalogueTree } from '../../web/src/i18n/catalogue-tree';

/** The regional tenant's texts of server-made documents (schema/contract/i18n/de/regional-documents.json). */
describe('tenant texts of documents', () => {
  it('the regional overrides replace only existing texts, keep their placeholders and name no Pensionskasse', () => {
    const main = catalogueLeaves(calculatorPrint as unknown as CatalogueTree);
    const overrides = catalogueLeaves(regionalDocuments as unknown as CatalogueTree);
    expect(overrides.size).toBeGreaterThan(0);
    for (const [key, text] of overrides) {
      expect(main.get(key), `${key} exists in the German catalogue`).toBeDefined();
      expect(placeholdersOf(text), key).toEqual(placeholdersOf(main.get(key) ?? ''));
      expect(text, key).not.toMatch(/Pensionskass/);
    }
  });

  it('the main tenant keeps the catalogue; the regional one gets its texts over the rest', () => {
    expect(tenantTexts(TENANTS.main, 'calculatorPrint', calculatorPrint.calculatorPrint)).toBe(calculatorPrint.calculatorPrint);
    const regional = tenantTexts(TENANTS.regional, 'calculatorPrint', calculatorPrint.calculatorPrint);
    expect(regional.fictitious).toBe(regionalDocuments.calculatorPrint.fictitious);
    expect(regional.result.pensionFundYearly).toBe(regionalDocuments.calculatorPrint.result.pensionFundYearly);
    // Texts the tenant does not override stay, also beside an overridden one in the same group.
    expect(regional.result.severanceYearly).toBe(calculatorPrint.calculatorPrint.result.severanceYearly);
    expect(regional.title).toBe(calculatorPrint.calculatorPrint.title);
  });
});
