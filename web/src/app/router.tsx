import type { ComponentType } from 'react';
import { createHashRouter, Navigate, type RouteObject } from 'react-router-dom';
import { paths, routeAvailable, screenRouteKeys, type ScreenRouteKey, type TenantId } from '../config/paths';
import { withTimeout } from '../lib/with-timeout';
import { AuthenticatedLayout, InitialLoading, NotFoundLayout, PublicLayout } from './routes/layouts';
import { NotFoundPage } from './routes/not-found';
import { Root } from './routes/root';
import { RouteError } from './routes/route-error';

type RouteModule = { Component: ComponentType };

/** A lazily loaded screen; a chunk that takes longer than 120 s fails into the route's error state (spec 000 section 7). */
function lazyScreen(load: () => Promise<RouteModule>): RouteObject['lazy'] {
  return async () => {
    const { Component } = await withTimeout(load());
    return { Component };
  };
}

interface Screen {
  layout: 'public' | 'authenticated';
  load: () => Promise<RouteModule>;
}

/**
 * The screen of every route key in `screenRouteKeys` (web/src/config/paths.ts): adding a screen means adding its key
 * there and its entry here (the type check insists on both); every link to it then appears on its own.
 */
const screens: Record<ScreenRouteKey, Screen> = {
  login: { layout: 'public', load: () => import('./routes/login') },
  activation: { layout: 'public', load: () => import('./routes/activation') },
  qr: { layout: 'public', load: () => import('./routes/qr') },
  eid: { layout: 'public', load: () => import('./routes/eid') },
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
  uploadForm: { layout: 'public', load: () => import('./routes/upload-form') },
};

function screenRoutes(tenant: TenantId, layout: Screen['layout']): RouteObject[] {
  return screenRouteKeys
    .filter((key) => screens[key].layout === layout && routeAvailable(tenant, key))
    .map((key) => ({ path: paths[key].path, lazy: lazyScreen(screens[key].load) }));
}

export interface AppRouterOptions {
  /** Inactivity before the warning (clientConfig.idleWarningSeconds). */
  idleWarningSeconds: number;
}

/** The hash router (spec 000 section 2) with the routes `tenant` offers; any other address shows "not found". */
export function createAppRouter(tenant: TenantId, options: AppRouterOptions) {
  const routes: RouteObject[] = [
    {
      Component: Root,
      HydrateFallback: InitialLoading,
      ErrorBoundary: RouteError,
      children: [
        { path: paths.root.path, element: <Navigate to={paths.login.getHref()} replace /> },
        {
          element: <PublicLayout tenant={tenant} />,
          children: [
            {
              ErrorBoundary: RouteError,
              children: screenRoutes(tenant, 'public'),
            },
          ],
        },
        {
          element: <AuthenticatedLayout tenant={tenant} idleWarningSeconds={options.idleWarningSeconds} />,
          children: [{ ErrorBoundary: RouteError, children: screenRoutes(tenant, 'authenticated') }],
        },
        {
          // Any other address: "not found", inside the member layout (navigation, logout) for a logged-in member.
          element: <NotFoundLayout tenant={tenant} idleWarningSeconds={options.idleWarningSeconds} />,
          children: [{ ErrorBoundary: RouteError, children: [{ path: '*', Component: NotFoundPage }] }],
        },
      ],
    },
  ];
  return createHashRouter(routes);
}
