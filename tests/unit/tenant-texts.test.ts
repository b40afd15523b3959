import { describe, expect, it } from 'vitest';
import calculatorPrint from '@contract/i18n/de/calculator-print.json';
import regionalDocuments from '@contract/i18n/de/regional-documents.json';
import { tenantTexts } from '../../server/modules/tenant/tenant-texts';
import { TENANTS } from '../../server/tenants';

type Tree = { [key: string]: string | Tree };

function leaves(tree: Tree, prefix = ''): Map<string, string> {
  const result = new Map<string, string>();
  for (const [key, value] of Object.entries(tree)) {
    const path = prefix ? `${prefix}.${key}` : key;
    if (typeof value === 'string') result.set(path, value);
    else for (const [leaf, text] of leaves(value, path)) result.set(leaf, text);
  }
  return result;
}

const placeholders = (text: string) => [...text.matchAll(/\{\{(\w+)\}\}/g)].map((match) => match[1]).sort();

/** The regional tenant's texts of server-made documents (schema/contract/i18n/de/regional-documents.json). */
describe('tenant texts of documents', () => {
  it('the regional overrides replace only existing texts, keep their placeholders and name no Pensionskasse', () => {
    const main = leaves(calculatorPrint as unknown as Tree);
    const overrides = leaves(regionalDocuments as unknown as Tree);
    expect(overrides.size).toBeGreaterThan(0);
    for (const [key, text] of overrides) {
      expect(main.get(key), `${key} exists in the German catalogue`).toBeDefined();
      expect(placeholders(text), key).toEqual(placeholders(main.get(key) ?? ''));
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
