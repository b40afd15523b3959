import regional from '@contract/i18n/de/regional-documents.json';
import regionalScreens from '@contract/i18n/de/regional.json';
import type { TenantDefinition } from '../../tenants';

/** A catalogue subtree: texts and nested subtrees. */
type TextTree = { readonly [key: string]: unknown };

function merge<T extends TextTree>(base: T, overrides: TextTree | undefined): T {
  if (!overrides) return base;
  const merged: Record<string, unknown> = { ...base };
  for (const [key, value] of Object.entries(overrides)) {
    const under = merged[key];
    merged[key] = value && typeof value === 'object' && under && typeof under === 'object' ? merge(under as TextTree, value as TextTree) : value;
  }
  return merged as T;
}

/**
 * The texts of the catalogue part `key` (a top-level key of the German catalogue, e.g. `calculatorPrint` of
 * schema/contract/i18n/de/calculator-print.json) as `tenant` speaks them: the main tenant's as they are; on the regional
 * tenant (no Pensionskasse, spec 000 section 1) with the keys of `de/regional-documents.json` replacing theirs, as
 * `de/regional.json` does for the screens (web/src/i18n/tenant-catalogue.ts): the server's documents speak as the
 * tenant's screens do. tests/unit/tenant-texts.test.ts keeps the overrides to existing keys and their placeholders.
 */
export function tenantTexts<T extends TextTree>(tenant: TenantDefinition, key: string, base: T): T {
  if (tenant.id !== 'regional') return base;
  return merge(base, (regional as TextTree)[key] as TextTree | undefined);
}

/**
 * The screen texts of the catalogue part `key` (e.g. `calculator` of calculator.json) as `tenant` speaks them, with the
 * keys of `de/regional.json` replacing theirs on the regional tenant: for documents that repeat a screen's sentences
 * (the calculator's PDF repeats its assumptions), so screen and document say the same.
 */
export function tenantScreenTexts<T extends TextTree>(tenant: TenantDefinition, key: string, base: T): T {
  if (tenant.id !== 'regional') return base;
  return merge(base, (regionalScreens as TextTree)[key] as TextTree | undefined);
}
