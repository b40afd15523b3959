/**
 * Query parameters of the portal's address. With the hash router a parameter can sit in the page's query string
 * (`/?lng=de#/login`) or in the hash route's query string (`/#/login?lng=de`); both count, the page's first.
 */

/** The parts of `window.location` the helpers read. */
export type AddressParts = Pick<Location, 'search' | 'hash'>;

function currentAddress(): AddressParts | undefined {
  return globalThis.location;
}

/** The query string of the hash route (`#/login?embedded=1` → `?embedded=1`), or '' when it has none. */
export function hashQuery(hash: string): string {
  const index = hash.indexOf('?');
  return index === -1 ? '' : hash.slice(index);
}

/** The value of the query parameter `name` in the page's or the hash route's query string, or null. */
export function queryParam(name: string, address: AddressParts | undefined = currentAddress()): string | null {
  if (!address) return null;
  return new URLSearchParams(address.search).get(name) ?? new URLSearchParams(hashQuery(address.hash)).get(name);
}

/** Languages the portal offers (spec 000 section 9: German only). */
export const SUPPORTED_LANGUAGES = ['de'] as const;
export type PortalLanguage = (typeof SUPPORTED_LANGUAGES)[number];
export const DEFAULT_LANGUAGE: PortalLanguage = 'de';

/** The supported language `requested` names, else the default (spec 000 section 1: fallback de). */
export function resolveLanguage(requested: string | null | undefined): PortalLanguage {
  return SUPPORTED_LANGUAGES.find((lng) => lng === requested) ?? DEFAULT_LANGUAGE;
}

/**
 * The language the page was opened with: read once, at start, from the `lng` parameter, so that it is kept when
 * the hash router navigates to a route without the parameter. Null when the address had no `lng`.
 */
const startLanguage: PortalLanguage | null = (() => {
  const requested = queryParam('lng');
  return requested === null ? null : resolveLanguage(requested);
})();

/** The language the page was opened with (`lng`), or null when none was given. */
export function requestedLanguage(): PortalLanguage | null {
  return startLanguage;
}

/**
 * Carries the portal language onto a download or upload URL (spec 000 section 1: "lng is carried onto download and
 * upload URLs"): appends `lng=<language>` to the URL's query string, before any fragment, when a language was
 * requested and the URL does not name one itself. `url` may be relative (`webportal/download?id=7`).
 * @param lng the language to carry. @default the `lng` the page was opened with
 */
export function withLng(url: string, lng: string | null = requestedLanguage()): string {
  if (lng === null) return url;
  const hashIndex = url.indexOf('#');
  const base = hashIndex === -1 ? url : url.slice(0, hashIndex);
  const fragment = hashIndex === -1 ? '' : url.slice(hashIndex);
  const queryIndex = base.indexOf('?');
  const query = queryIndex === -1 ? '' : base.slice(queryIndex + 1);
  if (new URLSearchParams(query).has('lng')) return url;
  const separator = queryIndex === -1 ? '?' : query === '' || base.endsWith('&') ? '' : '&';
  return `${base}${separator}lng=${encodeURIComponent(resolveLanguage(lng))}${fragment}`;
}
