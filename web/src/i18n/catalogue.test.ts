import { describe, expect, it } from 'vitest';
import { resources } from './resources';
import { tenantOverrides } from './tenant-catalogue';
import { catalogueLeaves, placeholdersOf, type CatalogueTree } from './catalogue-tree';

const main = catalogueLeaves(resources.de.translation as unknown as CatalogueTree);

describe('tenant catalogue overrides', () => {
  for (const [tenant, overrides] of Object.entries(tenantOverrides)) {
    if (!overrides) continue;
    it(`${tenant}: replaces only existing texts and keeps their placeholders`, () => {
      const entries = catalogueLeaves(overrides as CatalogueTree);
      expect(entries.size).toBeGreaterThan(0);
      for (const [key, text] of entries) {
        const original = main.get(key);
        expect(original, `${key} exists in the German catalogue`).toBeDefined();
        expect(placeholdersOf(text), key).toEqual(placeholdersOf(original ?? ''));
        expect(text, `${key} differs from the main text`).not.toBe(original);
      }
    });
  }
});

describe('German catalogue', () => {
  it('addresses the member formally: no "du", "dich", "dein"', () => {
    for (const [key, text] of main) expect(text, key).not.toMatch(/\b(du|dich|dir|dein\w*)\b/i);
  });

  it('keeps "per E-Mail" on one line: a no-break space and a non-breaking hyphen', () => {
    const regional = catalogueLeaves(tenantOverrides.regional as CatalogueTree);
    for (const [key, text] of [...main, ...regional]) {
      // A plain hyphen or space lets the line break as "per E-/Mail" or "per/E-Mail" in narrow cards and dialogs.
      expect(text, key).not.toMatch(/per[ \u00a0]E-Mail|per E\u2011Mail/);
    }
    expect([...main.values()].find((t) => t.startsWith('Ja, per'))).toContain('per\u00a0E\u2011Mail');
  });
});
