import type { i18n as I18n } from 'i18next';
import { lazy, Suspense, type ComponentType, type ReactNode } from 'react';
import { matchPath, Navigate, Outlet, Route, Routes, useOutletContext } from 'react-router-dom';
import { paths, routeAvailable, screenRouteKeys, type ScreenRouteKey, type TenantId } from '../config/paths';
import { addCatalogueParts, type CataloguePart } from '../i18n/catalogue';
import type { NavigationState } from '../lib/navigation-state';
import { withTimeout } from '../lib/with-timeout';
import { loadApollo } from './load-apollo';
import type * as MemberShell from './routes/member-layout';
import { InitialLoading, PublicLayout } from './routes/layouts';
import { NotFoundPage } from './routes/not-found';
import { Root } from './routes/root';
import { RouteErrorBoundary } from './routes/route-error';

/** A route module: the screen, and the catalogue parts its texts come from (none beyond the shell's if absent). */
type RouteModule = { Component: ComponentType; catalogue?: readonly CataloguePart[] };

/**
 * A lazily loaded screen (`React.lazy`); a chunk that takes longer than 120 s fails into the route's error state (spec
 * 000 section 7). The module's catalogue parts are added before the screen renders, so no key shows as text. Apollo
 * Client loads beside the screen and the screen renders inside its provider, unless the screen loads it itself
 * (`ownApollo`: the login page, decision 0034). The router's navigations are transitions (react-router's
 * `HashRouter`), so the screen shown stays until the next one has loaded.
 */
function lazyScreen(i18n: I18n, screen: Screen): ComponentType {
  return lazy(async () => {
    const [{ Component, catalogue }, apollo] = await Promise.all([withTimeout(screen.load()), screen.ownApollo ? undefined : loadApollo()]);
    if (catalogue) addCatalogueParts(i18n, catalogue);
    if (!apollo) return { default: Component };
    const { WithApollo } = apollo;
    return {
      default: () => (
        <WithApollo>
          <Component />
        </WithApollo>
      ),
    };
  });
}

/**
 * The member shell (web/src/app/routes/member-layout.tsx) with Apollo Client, loaded with the first route that needs
 * it: `render` chooses the layout (the member layout, or the not-found page's, which asks whether a member is logged in).
 */
function lazyMemberShell(i18n: I18n, render: (shell: typeof MemberShell) => ReactNode): ComponentType {
  return lazy(async () => {
    const [shell, apollo] = await Promise.all([withTimeout(import('./routes/member-layout')), loadApollo()]);
    addCatalogueParts(i18n, shell.catalogue);
    const { WithApollo } = apollo;
    return { default: () => <WithApollo>{render(shell)}</WithApollo> };
  });
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
 * instead of after it (decision 0040, LCP). The lazy screen later gets the same modules from the module cache; a
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

function screenRoutes(tenant: TenantId, layout: Screen['layout'], i18n: I18n): ReactNode[] {
  return screenRouteKeys
    .filter((key) => screens[key].layout === layout && routeAvailable(tenant, key))
    .map((key) => {
      const Screen = lazyScreen(i18n, screens[key]);
      return <Route key={key} path={paths[key].path} element={<Screen />} />;
    });
}

/**
 * The error state around a group of screens (inside its layout, so navigation and logout stay): a screen that fails
 * to load or to render shows RouteError; the next navigation shows the routes again. A screen whose code failed to
 * load keeps failing until the page is reloaded (`React.lazy` keeps the failure), which the error state offers.
 */
function ScreenBoundary() {
  // The layout's outlet context (the not-found page's `loggedIn`) passes through to the screens.
  const context = useOutletContext();
  return (
    <RouteErrorBoundary>
      <Outlet context={context} />
    </RouteErrorBoundary>
  );
}

/**
 * The root route: Root (session ends, page views, focus, scroll) inside the app's error state, and the loading state
 * until the first screen and its layout have loaded (Suspense keeps Root from showing before, so the prerendered frame
 * stays until the screen is there).
 */
function RootRoute() {
  return (
    <RouteErrorBoundary>
      <Suspense fallback={<InitialLoading />}>
        <Root />
      </Suspense>
    </RouteErrorBoundary>
  );
}

export interface AppRouterOptions {
  /** Inactivity before the warning (clientConfig.idleWarningSeconds). */
  idleWarningSeconds: number;
  /** The i18next instance the route modules add their catalogue parts to. */
  i18n: I18n;
}

/** The navigation state of a redirect: Root moves no focus for it (web/src/app/routes/root.tsx). */
const REDIRECT_STATE: NavigationState = { keepFocus: true };

/**
 * The routes (spec 000 section 2) `tenant` offers, for react-router's `HashRouter`; any other address shows "not
 * found". Build them once per tenant: every lazy screen is made here.
 */
export function appRoutes(tenant: TenantId, options: AppRouterOptions): ReactNode {
  const { i18n, idleWarningSeconds } = options;
  const MemberLayout = lazyMemberShell(i18n, ({ AuthenticatedLayout }) => <AuthenticatedLayout tenant={tenant} idleWarningSeconds={idleWarningSeconds} />);
  // Any other address: "not found", inside the member layout (navigation, logout) for a logged-in member.
  const NotFoundLayout = lazyMemberShell(i18n, ({ NotFoundLayout: Layout }) => <Layout tenant={tenant} idleWarningSeconds={idleWarningSeconds} />);
  return (
    <Routes>
      <Route element={<RootRoute />}>
        {/* A redirect, not a navigation of the member: the focus stays where the login page puts it (its e-mail field). */}
        <Route path={paths.root.path} element={<Navigate to={paths.login.getHref()} replace state={REDIRECT_STATE} />} />
        <Route element={<PublicLayout tenant={tenant} />}>
          <Route element={<ScreenBoundary />}>{screenRoutes(tenant, 'public', i18n)}</Route>
        </Route>
        <Route element={<MemberLayout />}>
          <Route element={<ScreenBoundary />}>{screenRoutes(tenant, 'authenticated', i18n)}</Route>
        </Route>
        <Route element={<NotFoundLayout />}>
          <Route element={<ScreenBoundary />}>
            <Route path="*" element={<NotFoundPage />} />
          </Route>
        </Route>
      </Route>
    </Routes>
  );
}
