import type { IncomingMessage, ServerResponse } from 'node:http';
import type { AppDeps } from '../../platform/deps';
import type { RequestContext } from '../../platform/request-context';
import { readCookie } from '../../platform/request-context';
import { createEidProvider } from './eid.oidc';
import { EID_CALLBACK_PATH, EID_REQUEST_TTL_MS, EID_START_PATH, eidResultLocation, eidSettings } from './eid.rules';
import { createEidService } from './eid.service';
import { createEidStore } from './eid.store';

/**
 * The HTTP door of the electronic-ID login (DOMAIN.md "Electronic ID"; spec 000 section 2, route /eid):
 *
 * - `GET /webportal/eid/start[?returnTo=/app/route]` → 302 to the provider's authorization endpoint (or straight to
 *   `/#/eid?...` during maintenance or when the provider is unreachable), and a short-lived state cookie that binds
 *   the flow to this browser (HttpOnly, SameSite=Lax so that it comes back with the provider's redirect, path
 *   /webportal/eid, 10 minutes).
 * - `GET /webportal/eid/callback?code&state` (or `?error&state`) → 302 to `/#/eid?status=<login status>` with the
 *   session cookie on success, else `/#/eid?error=INCOMPLETE|NOT_LINKED` or `/#/eid?status=<status>` without one.
 *
 * Both answer 404 when eID is not configured (server/config.ts EID_*) and 405 to anything but GET. No other answer
 * than a redirect: unexpected failures are logged and answered with `/#/eid?error=INCOMPLETE`, never a 500.
 */
export function createEidRoutes(deps: AppDeps) {
  const settings = eidSettings(deps.config);
  const store = createEidStore(deps.db);
  const provider = settings ? createEidProvider(settings, deps.logger) : null;
  const https = deps.config.PUBLIC_ORIGIN?.startsWith('https:') ?? false;
  const stateCookie = https ? '__Secure-mvbv_eid_state' : 'mvbv_eid_state';
  const stateCookieAttributes = `Path=/webportal/eid; HttpOnly; SameSite=Lax${https ? '; Secure' : ''}`;
  const clearStateCookie = `${stateCookie}=; ${stateCookieAttributes}; Max-Age=0`;
  const service =
    settings && provider
      ? createEidService({
          settings,
          store,
          provider,
          clock: deps.clock,
          logger: deps.logger,
          auth: deps.services.session,
          authStore: deps.stores.session,
          maintenance: deps.authSettings.maintenance,
        })
      : null;

  function redirect(res: ServerResponse, location: string, cookies: string[]): void {
    const headers: Record<string, string | string[]> = { Location: location, 'Cache-Control': 'no-store', 'Referrer-Policy': 'no-referrer', 'Content-Length': '0' };
    if (cookies.length) headers['Set-Cookie'] = cookies;
    res.writeHead(302, headers).end();
  }

  /** True for the two eID paths; `handle` answers every request to them. */
  function handles(pathname: string): boolean {
    return pathname === EID_START_PATH || pathname === EID_CALLBACK_PATH;
  }

  /**
   * Answers a request to one of the two eID paths (`handles(pathname)`); `search` is the query string without `?`.
   * Never rejects.
   */
  async function handle(req: IncomingMessage, res: ServerResponse, pathname: string, search: string, ctx: RequestContext): Promise<void> {
    if (!service) {
      res.writeHead(404, { 'Content-Type': 'application/json; charset=utf-8', 'Cache-Control': 'no-store' }).end('{"error":"NOT_FOUND"}');
      return;
    }
    if (req.method !== 'GET') {
      res.writeHead(405, { Allow: 'GET', 'Content-Type': 'application/json; charset=utf-8' }).end('{"error":"METHOD_NOT_ALLOWED"}');
      return;
    }
    const query = new URLSearchParams(search);
    try {
      if (pathname === EID_START_PATH) {
        const started = await service.start({ returnTo: query.get('returnTo') });
        const cookies = started.state ? [`${stateCookie}=${started.state}; ${stateCookieAttributes}; Max-Age=${EID_REQUEST_TTL_MS / 1000}`] : [];
        redirect(res, started.location, cookies);
        return;
      }
      const result = await service.callback({ query, boundState: readCookie(req.headers.cookie, stateCookie), meta: ctx.scope.meta });
      if (result.sessionToken) {
        // As with a password login: the session this browser held before ends, the new one replaces it.
        await ctx.services.session.logout(ctx.scope, ctx.sessionToken);
        ctx.setSessionCookie(result.sessionToken);
      }
      redirect(res, result.location, [clearStateCookie, ...ctx.setCookies]);
    } catch (error) {
      deps.logger.error('eid request failed', { path: pathname, error: error instanceof Error ? error.message : String(error) });
      if (!res.headersSent) redirect(res, eidResultLocation({ error: 'INCOMPLETE' }), [clearStateCookie]);
      else res.destroy();
    }
  }

  return { handles, handle };
}
