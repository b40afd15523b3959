/**
 * Every route of the web app, once (ARCHITECTURE.md "web/"), with a `getHref` builder for links and navigation.
 * `path` is the react-router pattern; `getHref` returns the path without the leading `#` (the hash router adds it).
 *
 * Routes that are linked to but not built yet (password lost, registration, terms of use) are listed too, so links
 * have one source; the router only mounts the keys it has a screen for, the rest show the not-found page.
 */
export const paths = {
  root: { path: '/', getHref: () => '/' },
  login: { path: '/login', getHref: () => '/login' },
  registration: { path: '/registration', getHref: () => '/registration' },
  pwdLost: { path: '/pwdLost', getHref: () => '/pwdLost' },
  nutzung: { path: '/nutzung', getHref: () => '/nutzung' },
  dashboard: { path: '/dashboard', getHref: () => '/dashboard' },
  pensionAccount: {
    path: '/kontoinformation/pensionskasse/:stichtag?',
    getHref: (stichtag?: string) =>
      stichtag ? `/kontoinformation/pensionskasse/${encodeURIComponent(stichtag)}` : '/kontoinformation/pensionskasse',
  },
  severanceAccount: {
    path: '/kontoinformation/vorsorgekasse/:stichtag?',
    getHref: (stichtag?: string) =>
      stichtag ? `/kontoinformation/vorsorgekasse/${encodeURIComponent(stichtag)}` : '/kontoinformation/vorsorgekasse',
  },
} as const;

export type RouteKey = keyof typeof paths;

/** Tenant ids as the server names them (server/tenants.ts `TenantId`). */
export type TenantId = 'main' | 'regional';

const allRouteKeys = Object.keys(paths) as RouteKey[];

/**
 * The route keys each tenant offers (spec 000 section 2): the regional tenant has no Pensionskasse routes.
 * tests/unit/tenants.test.ts compares this with the server's capabilities in server/tenants.ts.
 */
export const tenantRouteKeys: Record<TenantId, readonly RouteKey[]> = {
  main: allRouteKeys,
  regional: allRouteKeys.filter((key) => key !== 'pensionAccount'),
};

/** Maps the GraphQL `Tenant` enum value (`MAIN`, `REGIONAL`) to the tenant id. */
export function tenantIdOf(tenant: 'MAIN' | 'REGIONAL'): TenantId {
  return tenant === 'REGIONAL' ? 'regional' : 'main';
}

/** Whether `tenant` offers the route `key`. */
export function tenantOffers(tenant: TenantId, key: RouteKey): boolean {
  return tenantRouteKeys[tenant].includes(key);
}
