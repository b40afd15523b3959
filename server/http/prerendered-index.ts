import type { IncomingMessage } from 'node:http';
import type { Config } from '../config';
import { readCookie, sessionCookieName } from '../platform/request-context';

/**
 * Which index.html variant `GET /` answers with (decision 0040). The build writes one per tenant, audience and
 * cookie consent (web/prerender-index.ts), each with the screen frame the app shows first, prerendered:
 * - `member` when the request carries the session cookie (a logged-in member gets the member shell's frame, not the
 *   login form; an expired session shows that frame until the app has sent the member to the login), else `visitor`;
 * - `-consent` (without the cookie notice) when the consent cookie `acceptCookies=1` is set;
 * - the plain `index.html` for the login embedded in another site (`?embedded=1`, no header and footer).
 * The hash route is not sent to the server: the variant's start script shows the frame only on the routes it was
 * made for.
 */
export function prerenderedIndexName(req: IncomingMessage, config: Config): string {
  const url = req.url ?? '/';
  const query = url.includes('?') ? new URLSearchParams(url.slice(url.indexOf('?') + 1)) : undefined;
  if (query?.has('embedded')) return 'index.html';
  const cookies = req.headers.cookie;
  const audience = readCookie(cookies, sessionCookieName(config)) ? 'member' : 'visitor';
  const consent = readCookie(cookies, 'acceptCookies') === '1' ? '-consent' : '';
  return `index.${config.TENANT}-${audience}${consent}.html`;
}
