import type { i18n as I18n } from 'i18next';
import type { ComponentType } from 'react';
import { createHashRouter, matchPath, Navigate, type RouteObject } from 'react-router-dom';
import { paths, routeAvailable, screenRouteKeys, type ScreenRouteKey, type TenantId } from '../config/paths';
import { addCatalogueParts, type CataloguePart } from '../i18n/catalogue';
import type { NavigationState } from '../lib/navigation-state';
import { withTimeout } from '../lib/with-timeout';
import { loadApollo } from './load-apollo';
import { InitialLoading, PublicLayout } from './routes/layouts';
import { NotFoundPage } from './routes/not-found';
import { Root } from './routes/root';
import { RouteError } from './routes/route-error';

/** A route module: the screen, and the catalogue parts its texts come from (none beyond the shell's if absent). */
type RouteModule = { Component: ComponentType; catalogue?: readonly CataloguePart[] };

/**
 * A lazily loaded screen; a chunk that takes longer than 120 s fails into the route's error state (spec 000 section
 * 7). The module's catalogue parts are added before the screen renders, so no key shows as text. Apollo Client loads
 * beside the screen and the screen renders inside its provider, unless the screen loads it itself (`ownApollo`: the
 * login page, decision 0034).
 */
function lazyScreen(i18n: I18n, screen: Screen): RouteObject['lazy'] {
  return async () => {
    const [{ Component, catalogue }, apollo] = await Promise.all([withTimeout(screen.load()), screen.ownApollo ? undefined : loadApollo()]);
    if (catalogue) addCatalogueParts(i18n, catalogue);
    if (!apollo) return { Component };
    const { WithApollo } = apollo;
    return {
      Component: () => (
        <WithApollo>
          <Component />
        </WithApollo>
      ),
    };
  };
}

/** The member shell (web/src/app/routes/member-layout.tsx) and Apollo Client, loaded with the first route that needs them. */
async function loadMemberLayout(i18n: I18n) {
  const [shell, apollo] = await Promise.all([withTimeout(import('./routes/member-layout')), loadApollo()]);
  addCatalogueParts(i18n, shell.catalogue);
  return { ...shell, WithApollo: apollo.WithApollo };
}

interface Screen {
  layout: 'public' | 'authenticated';
  load: () => Promise<RouteModule>;
  /** The screen loads Apollo Client itself, when it needs it (the login page and its modes, decision 0034). */
  ownApollo?: true;
}

/**
 * The screen of every route key in `screenRouteKeys` (web/src/config/paths.ts): adding a screen means adding its key
 * there and its entry here (the type check insists on both); every link to it then appears on its own.
 */
const screens: Record<ScreenRouteKey, Screen> = {
  login: { layout: 'public', load: () => import('./routes/login'), ownApollo: true },
  activation: { layout: 'public', load: () => import('./routes/activation'), ownApollo: true },
  qr: { layout: 'public', load: () => import('./routes/qr'), ownApollo: true },
  eid: { layout: 'public', load: () => import('./routes/eid'), ownApollo: true },
  updateRegistration: { layout: 'public', load: () => import('./routes/update-registration') },
  emailChange: { layout: 'public', load: () => import('./routes/email-change') },
  registration: { layout: 'public', load: () => import('./routes/registration') },
  pwdLost: { layout: 'public', load: () => import('./routes/pwd-lost') },
  pwdReset: { layout: 'public', load: () => import('./routes/pwd-reset') },
  pwdChange: { layout: 'public', load: () => import('./routes/pwd-change') },
  orderRegistrationCode: { layout: 'public', load: () => import('./routes/order-registration-code') },
  nutzung: { layout: 'public', load: () => import('./routes/terms-of-use') },
  accessibility: { layout: 'public', load: () => import('./routes/accessibility') },
  sitemap: { layout: 'authenticated', load: () => import('./routes/sitemap') },
  dashboard: { layout: 'authenticated', load: () => import('./routes/dashboard') },
  settings: { layout: 'authenticated', load: () => import('./routes/settings') },
  pensionAccount: { layout: 'authenticated', load: () => import('./routes/pension-account') },
  severanceAccount: { layout: 'authenticated', load: () => import('./routes/severance-account') },
  documents: { layout: 'authenticated', load: () => import('./routes/documents') },
  pensionInvestment: { layout: 'authenticated', load: () => import('./routes/pension-investment') },
  severanceInvestment: { layout: 'authenticated', load: () => import('./routes/severance-investment') },
  calculator: { layout: 'authenticated', load: () => import('./routes/calculator') },
  calculatorOnly: { layout: 'authenticated', load: () => import('./routes/calculator') },
  inboxMessages: { layout: 'authenticated', load: () => import('./routes/inbox') },
  inbox: { layout: 'authenticated', load: () => import('./routes/inbox') },
  severanceClaims: { layout: 'authenticated', load: () => import('./routes/claim') },
  ownContributions: { layout: 'authenticated', load: () => import('./routes/own-contributions') },
  mergeSeverance: { layout: 'authenticated', load: () => import('./routes/merge') },
  uploadForm: { layout: 'public', load: () => import('./routes/upload-form') },
  mergeSeveranceUpload: { layout: 'public', load: () => import('./routes/public-merge') },
};

/**
 * Starts loading the code of the screen at `pathname` (the hash route; `/` is the login) and, behind the login, of the
 * member shell, while the client configuration is still on its way: the route's chunks then load in parallel with it
 * instead of after it (issue 18 item 3, LCP). The router's `lazy` later gets the same modules from the module cache; a
 * failed load shows there, in the route's error state.
 */
export function preloadScreen(pathname: string): void {
  const key = pathname === '' || pathname === paths.root.path ? 'login' : screenRouteKeys.find((k) => matchPath(paths[k].path, pathname));
  if (!key) return;
  void screens[key].load().catch(() => undefined);
  if (!screens[key].ownApollo) void loadApollo().catch(() => undefined);
  if (screens[key].layout === 'authenticated') void import('./routes/member-layout').catch(() => undefined);
}

/**
 * The patterns of the `layout`'s screens that `tenant` offers and that take no parameter: the hash routes the
 * prerendered member frame is shown on (web/src/prerender/frames.tsx).
 */
export function plainScreenPaths(tenant: TenantId, layout: Screen['layout']): string[] {
  return screenRouteKeys.filter((key) => screens[key].layout === layout && routeAvailable(tenant, key) && !paths[key].path.includes(':')).map((key) => paths[key].path);
}

function screenRoutes(tenant: TenantId, layout: Screen['layout'], i18n: I18n): RouteObject[] {
  return screenRouteKeys
    .filter((key) => screens[key].layout === layout && routeAvailable(tenant, key))
    .map((key) => ({ path: paths[key].path, lazy: lazyScreen(i18n, screens[key]) }));
}

export interface AppRouterOptions {
  /** Inactivity before the warning (clientConfig.idleWarningSeconds). */
  idleWarningSeconds: number;
  /** The i18next instance the route modules add their catalogue parts to. */
  i18n: I18n;
}

/** The navigation state of a redirect: Root moves no focus for it (web/src/app/routes/root.tsx). */
const REDIRECT_STATE: NavigationState = { keepFocus: true };

/** The hash router (spec 000 section 2) with the routes `tenant` offers; any other address shows "not found". */
export function createAppRouter(tenant: TenantId, options: AppRouterOptions) {
  const { i18n, idleWarningSeconds } = options;
  const routes: RouteObject[] = [
    {
      Component: Root,
      HydrateFallback: InitialLoading,
      ErrorBoundary: RouteError,
      children: [
        // A redirect, not a navigation of the member: the focus stays where the login page puts it (its e-mail field).
        { path: paths.root.path, element: <Navigate to={paths.login.getHref()} replace state={REDIRECT_STATE} /> },
        {
          element: <PublicLayout tenant={tenant} />,
          children: [
            {
              ErrorBoundary: RouteError,
              children: screenRoutes(tenant, 'public', i18n),
            },
          ],
        },
        {
          lazy: async () => {
            const { AuthenticatedLayout, WithApollo } = await loadMemberLayout(i18n);
            return {
              element: (
                <WithApollo>
                  <AuthenticatedLayout tenant={tenant} idleWarningSeconds={idleWarningSeconds} />
                </WithApollo>
              ),
            };
          },
          children: [{ ErrorBoundary: RouteError, children: screenRoutes(tenant, 'authenticated', i18n) }],
        },
        {
          // Any other address: "not found", inside the member layout (navigation, logout) for a logged-in member.
          lazy: async () => {
            const { NotFoundLayout, WithApollo } = await loadMemberLayout(i18n);
            return {
              element: (
                <WithApollo>
                  <NotFoundLayout tenant={tenant} idleWarningSeconds={idleWarningSeconds} />
                </WithApollo>
              ),
            };
          },
          children: [{ ErrorBoundary: RouteError, children: [{ path: '*', Component: NotFoundPage }] }],
        },
      ],
    },
  ];
  return createHashRouter(routes);
}
