/** A catalogue as its JSON is nested: texts under dot-separated keys (schema/contract/i18n/de/*.json, tenant overrides). */
export type CatalogueTree = { [key: string]: string | CatalogueTree };

/**
 * Every text of `tree` under its dot-joined key (`registration.pwdLost.heading` → text), depth first in the order of
 * the JSON. Used by the catalogue checks (tenant overrides must replace existing texts only).
 */
export function catalogueLeaves(tree: CatalogueTree, prefix = ''): Map<string, string> {
  const result = new Map<string, string>();
  for (const [key, value] of Object.entries(tree)) {
    const path = prefix ? `${prefix}.${key}` : key;
    if (typeof value === 'string') result.set(path, value);
    else for (const [leaf, text] of catalogueLeaves(value, path)) result.set(leaf, text);
  }
  return result;
}

/** The names of the `{{name}}` placeholders of a text (the syntax of i18next and `fill`), sorted, repeats kept. */
export function placeholdersOf(text: string): string[] {
  return [...text.matchAll(/\{\{(\w+)\}\}/g)].map((match) => match[1] ?? '').sort();
}
