import type { i18n as I18n } from 'i18next';
import common from '@contract/i18n/de/common.json';

/** One file of the German catalogue (schema/contract/i18n/de/<area>.json): its top-level keys are the key prefixes. */
export type CataloguePart = Record<string, unknown>;

/**
 * The catalogue of the first load: the texts of the app's frame (header, footer, cookie banner, states, errors, the
 * session dialog). Every other area comes with the route module that shows it (`catalogue` beside `Component`, see
 * web/src/app/router.tsx), so /login does not load the texts of the registration or the settings (decision 0027).
 */
export const shellCatalogue: CataloguePart = { ...common };

/**
 * Adds the parts a route module brings, before its screen renders (so no key shows as text). Texts already present
 * stay: a tenant's overrides (web/src/i18n/tenant-catalogue.ts), applied when the app starts, keep their precedence
 * over a part that arrives later.
 */
export function addCatalogueParts(i18n: I18n, parts: readonly CataloguePart[]): void {
  for (const part of parts) i18n.addResourceBundle('de', 'translation', part, true, false);
}
