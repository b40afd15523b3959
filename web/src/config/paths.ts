/** The step of the supervisory-board inbox, `/postfach/aufsichtsrat` (spec 001 section 2; decision 0026). */
export const BOARD_INBOX_STEP = 'aufsichtsrat';

/**
 * Every route of the web app, once (ARCHITECTURE.md "web/"), with a `getHref` builder for links and navigation.
 * `path` is the react-router pattern; `getHref` returns the path without the leading `#` (the hash router adds it).
 *
 * All routes of spec 000 section 2 are listed, also those not built yet (inbox, severance claim, …), so each
 * tenant's route set is complete; `screenRouteKeys` below names the routes that have a screen, and every link,
 * menu entry and text that points to a route asks `routeAvailable` (docs/decisions/0019-route-availability.md).
 */
export const paths = {
  root: { path: '/', getHref: () => '/' },
  login: { path: '/login', getHref: () => '/login' },
  /** Login with the activation flag; the link carries `id` (or an id after `=` in the hash). */
  activation: { path: '/activation', getHref: (id?: string) => (id ? `/activation?id=${encodeURIComponent(id)}` : '/activation') },
  /** Login with the qr flag (`entryViaQrCode`). */
  qr: { path: '/qr', getHref: () => '/qr' },
  /** Confirm the stored e-mail: `status` is UPDATE_VK_MAIL, UPDATE_PK_MAIL or UPDATE_PKVK_MAIL. */
  updateRegistration: {
    path: '/updateRegistration/:status',
    getHref: (status: string) => `/updateRegistration/${encodeURIComponent(status)}`,
  },
  orderRegistrationCode: { path: '/orderRegistrationCode', getHref: () => '/orderRegistrationCode' },
  registration: { path: '/registration', getHref: () => '/registration' },
  pwdLost: { path: '/pwdLost', getHref: () => '/pwdLost' },
  pwdReset: { path: '/pwdReset', getHref: () => '/pwdReset' },
  pwdChange: { path: '/pwdChange', getHref: () => '/pwdChange' },
  /** Public: confirms an e-mail change from the link sent to the new address (`token`; GraphQL `confirmEmailChange`). */
  emailChange: {
    path: '/emailChange',
    getHref: (token?: string) => (token ? `/emailChange?token=${encodeURIComponent(token)}` : '/emailChange'),
  },
  /** Terms of use; opens in a new tab. */
  nutzung: { path: '/nutzung', getHref: () => '/nutzung' },
  /** Electronic-ID flow: no session check, never redirects to login on its own. */
  eid: { path: '/eid', getHref: () => '/eid' },
  dashboard: { path: '/dashboard', getHref: () => '/dashboard' },
  settings: { path: '/einstellungen', getHref: () => '/einstellungen' },
  pensionAccount: {
    path: '/kontoinformation/pensionskasse/:stichtag?',
    getHref: (stichtag?: string) => (stichtag ? `/kontoinformation/pensionskasse/${encodeURIComponent(stichtag)}` : '/kontoinformation/pensionskasse'),
  },
  severanceAccount: {
    path: '/kontoinformation/vorsorgekasse/:stichtag?',
    getHref: (stichtag?: string) => (stichtag ? `/kontoinformation/vorsorgekasse/${encodeURIComponent(stichtag)}` : '/kontoinformation/vorsorgekasse'),
  },
  inboxMessages: { path: '/postfach/posteingang', getHref: () => '/postfach/posteingang' },
  inbox: {
    path: '/postfach/:step/:id?',
    getHref: (step: string, id?: string) => (id ? `/postfach/${encodeURIComponent(step)}/${encodeURIComponent(id)}` : `/postfach/${encodeURIComponent(step)}`),
  },
  severanceClaims: {
    path: '/gm/:step?',
    getHref: (step?: string) => (step ? `/gm/${encodeURIComponent(step)}` : '/gm'),
  },
  ownContributions: {
    path: '/eigenbeitraege/:step?/:param?',
    getHref: (step?: string, param?: string) => {
      if (!step) return '/eigenbeitraege';
      const base = `/eigenbeitraege/${encodeURIComponent(step)}`;
      return param ? `${base}/${encodeURIComponent(param)}` : base;
    },
  },
  calculatorOnly: { path: '/rechner', getHref: () => '/rechner' },
  calculator: { path: '/vorsorgerechner', getHref: () => '/vorsorgerechner' },
  documents: {
    path: '/dokumente/:step?',
    getHref: (step?: string) => (step ? `/dokumente/${encodeURIComponent(step)}` : '/dokumente'),
  },
  pensionInvestment: {
    path: '/veranlagung/pensionskasse/:vrg?',
    getHref: (vrg?: string) => (vrg ? `/veranlagung/pensionskasse/vrg${encodeURIComponent(vrg)}` : '/veranlagung/pensionskasse'),
  },
  severanceInvestment: { path: '/veranlagung/vorsorgekasse', getHref: () => '/veranlagung/vorsorgekasse' },
  mergeSeverance: { path: '/abfertigungsbeitraege-zusammenlegen', getHref: () => '/abfertigungsbeitraege-zusammenlegen' },
  mergeSeveranceUpload: {
    path: '/abfertigungsbeitraege-zusammenlegen-upload',
    getHref: () => '/abfertigungsbeitraege-zusammenlegen-upload',
  },
  uploadForm: { path: '/upload-formular', getHref: () => '/upload-formular' },
  sitemap: { path: '/sitemap', getHref: () => '/sitemap' },
  /**
   * Erklärung zur Barrierefreiheit (accessibility statement, Web-Zugänglichkeits-Gesetz), linked from the footer of
   * both tenants (spec 000 section 2; DOMAIN.md "Accessibility"). Public, like the terms of use.
   */
  accessibility: { path: '/barrierefreiheit', getHref: () => '/barrierefreiheit' },
} as const;

export type RouteKey = keyof typeof paths;

/** Tenant ids as the server names them (server/tenants.ts `TenantId`). */
export type TenantId = 'main' | 'regional';

const allRouteKeys = Object.keys(paths) as RouteKey[];

/**
 * Routes that show Pensionskasse data or features: only a tenant with a pension fund (server/tenants.ts
 * `pensionFund`) offers them. tests/unit/tenants.test.ts checks this against the server.
 */
export const pensionFundRouteKeys: readonly RouteKey[] = ['pensionAccount', 'ownContributions', 'pensionInvestment'];

/**
 * The route keys each tenant offers (spec 000 section 2 "Routes, main tenant" and "Routes, regional tenant"): the
 * main tenant offers every route; the regional tenant lacks the Pensionskasse account information, own
 * contributions, documents, investment, merging and upload routes, the calculator-only mode and the sitemap.
 * tests/unit/tenants.test.ts compares this with the server's capabilities in server/tenants.ts.
 */
export const tenantRouteKeys: Record<TenantId, readonly RouteKey[]> = {
  main: allRouteKeys,
  regional: [
    'root',
    'login',
    'activation',
    'qr',
    'updateRegistration',
    'orderRegistrationCode',
    'registration',
    'pwdLost',
    'pwdReset',
    'pwdChange',
    'emailChange',
    'nutzung',
    'eid',
    'dashboard',
    'calculator',
    'settings',
    'severanceAccount',
    'inboxMessages',
    'inbox',
    'severanceClaims',
    'accessibility',
  ],
};

/**
 * The routes that have a screen in this build. web/src/app/router.tsx mounts exactly these (its screen table is a
 * `Record<ScreenRouteKey, …>`, so the type check fails when a key lacks its screen or a screen its key); everything
 * else shows the not-found page. Links, the main navigation, the dashboard's quick links and unread counts, the
 * claim teaser, the sitemap, the login page's advantages and the accessibility statement ask `routeAvailable`, so
 * adding a screen's key here (with its screen in the router) is all it takes for every link to it to appear.
 */
export const screenRouteKeys = [
  'login',
  'activation',
  'qr',
  'eid',
  'updateRegistration',
  'emailChange',
  'registration',
  'pwdLost',
  'pwdReset',
  'pwdChange',
  'orderRegistrationCode',
  'nutzung',
  'accessibility',
  'sitemap',
  'dashboard',
  'settings',
  'pensionAccount',
  'severanceAccount',
  'documents',
  'pensionInvestment',
  'severanceInvestment',
  'calculator',
  'calculatorOnly',
  'inboxMessages',
  'inbox',
  'severanceClaims',
  'ownContributions',
  'mergeSeverance',
  'uploadForm',
  'mergeSeveranceUpload',
] as const satisfies readonly RouteKey[];

/** A route key with a screen in this build. */
export type ScreenRouteKey = (typeof screenRouteKeys)[number];

const screenRouteKeySet: ReadonlySet<RouteKey> = new Set(screenRouteKeys);

/** Whether `key` has a screen in this build (whatever the tenant). */
export function hasScreen(key: RouteKey): boolean {
  return screenRouteKeySet.has(key);
}

/**
 * Whether a link to the route `key` may be shown on `tenant`: the tenant offers the route (spec 000 section 2) and
 * the route has a screen in this build (`screenRouteKeys`). Nothing links to a route for which this is false.
 */
export function routeAvailable(tenant: TenantId, key: RouteKey): boolean {
  return hasScreen(key) && tenantOffers(tenant, key);
}

/** Maps the GraphQL `Tenant` enum value (`MAIN`, `REGIONAL`) to the tenant id. */
export function tenantIdOf(tenant: 'MAIN' | 'REGIONAL'): TenantId {
  return tenant === 'REGIONAL' ? 'regional' : 'main';
}

/** Whether `tenant` offers the route `key`. */
export function tenantOffers(tenant: TenantId, key: RouteKey): boolean {
  return tenantRouteKeys[tenant].includes(key);
}
