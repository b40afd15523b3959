import type { ComponentType } from 'react';
import { createHashRouter, Navigate, type RouteObject } from 'react-router-dom';
import { paths, tenantOffers, type RouteKey, type TenantId } from '../config/paths';
import { withTimeout } from '../lib/with-timeout';
import { AuthenticatedLayout, InitialLoading, PublicLayout } from './routes/layouts';
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
  key: RouteKey;
  layout: 'public' | 'authenticated';
  load: () => Promise<RouteModule>;
}

/** The screens this app has; route keys without a screen (registration, …) fall through to "not found". */
const screens: readonly Screen[] = [
  { key: 'login', layout: 'public', load: () => import('./routes/login') },
  { key: 'activation', layout: 'public', load: () => import('./routes/activation') },
  { key: 'qr', layout: 'public', load: () => import('./routes/qr') },
  { key: 'eid', layout: 'public', load: () => import('./routes/eid') },
  { key: 'updateRegistration', layout: 'public', load: () => import('./routes/update-registration') },
  { key: 'emailChange', layout: 'public', load: () => import('./routes/email-change') },
  { key: 'registration', layout: 'public', load: () => import('./routes/registration') },
  { key: 'pwdLost', layout: 'public', load: () => import('./routes/pwd-lost') },
  { key: 'pwdReset', layout: 'public', load: () => import('./routes/pwd-reset') },
  { key: 'pwdChange', layout: 'public', load: () => import('./routes/pwd-change') },
  { key: 'orderRegistrationCode', layout: 'public', load: () => import('./routes/order-registration-code') },
  { key: 'nutzung', layout: 'public', load: () => import('./routes/terms-of-use') },
  { key: 'accessibility', layout: 'public', load: () => import('./routes/accessibility') },
  { key: 'sitemap', layout: 'authenticated', load: () => import('./routes/sitemap') },
  { key: 'dashboard', layout: 'authenticated', load: () => import('./routes/dashboard') },
  { key: 'settings', layout: 'authenticated', load: () => import('./routes/settings') },
  { key: 'pensionAccount', layout: 'authenticated', load: () => import('./routes/pension-account') },
  { key: 'severanceAccount', layout: 'authenticated', load: () => import('./routes/severance-account') },
  { key: 'documents', layout: 'authenticated', load: () => import('./routes/documents') },
  { key: 'pensionInvestment', layout: 'authenticated', load: () => import('./routes/pension-investment') },
  { key: 'severanceInvestment', layout: 'authenticated', load: () => import('./routes/severance-investment') },
  { key: 'calculator', layout: 'authenticated', load: () => import('./routes/calculator') },
  { key: 'calculatorOnly', layout: 'authenticated', load: () => import('./routes/calculator') },
];

function screenRoutes(tenant: TenantId, layout: Screen['layout']): RouteObject[] {
  return screens
    .filter((screen) => screen.layout === layout && tenantOffers(tenant, screen.key))
    .map((screen) => ({ path: paths[screen.key].path, lazy: lazyScreen(screen.load) }));
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
              children: [...screenRoutes(tenant, 'public'), { path: '*', Component: NotFoundPage }],
            },
          ],
        },
        {
          element: <AuthenticatedLayout tenant={tenant} idleWarningSeconds={options.idleWarningSeconds} />,
          children: [{ ErrorBoundary: RouteError, children: screenRoutes(tenant, 'authenticated') }],
        },
      ],
    },
  ];
  return createHashRouter(routes);
}
