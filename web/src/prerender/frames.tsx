import { ApolloClient, ApolloLink, InMemoryCache } from '@apollo/client';
import { ApolloProvider } from '@apollo/client/react';
import i18next from 'i18next';
import type { ReactNode } from 'react';
import { renderToString } from 'react-dom/server';
import { I18nextProvider, initReactI18next } from 'react-i18next';
import { createPath, Route, Router, Routes, type Navigator } from 'react-router-dom';
import { LoadingState } from '../components/ui/loading-state';
import { paths, type TenantId } from '../config/paths';
import { addCatalogueParts, shellCatalogue } from '../i18n/catalogue';
import { applyTenantCatalogue } from '../i18n/tenant-catalogue';
import { PublicLayout } from '../app/routes/layouts';
import { catalogue as loginCatalogue } from '../app/routes/login';
import { AuthenticatedLayout, catalogue as memberCatalogue } from '../app/routes/member-layout';
import { plainScreenPaths } from '../app/router';
import { LoginPage } from '../features/session/components/login-page';

/** Who the frame is for: a visitor (the login screen) or a logged-in member (the member shell's frame). */
type FrameAudience = 'visitor' | 'member';

/** A screen frame rendered at build time into index.html (decision 0040). */
export interface PrerenderedFrame {
  tenant: TenantId;
  audience: FrameAudience;
  /** The markup, as the app renders it before any answer of the server has arrived. */
  html: string;
  /** The hash routes (`#/login` → `/login`, no hash → `/`) the frame is shown on; on any other it stays hidden. */
  routes: string[];
  /** Source paths of the route modules whose stylesheets the frame needs (keys of Vite's build manifest). */
  modules: string[];
}

/**
 * A router that stays at its location and writes links as the app's hash router does (`#/registration`), so that a
 * link in the frame works before the app has started. Navigating needs the app: push and replace do nothing.
 */
function hashRouter(location: string, children: ReactNode) {
  const navigator: Navigator = {
    createHref: (to) => `#${typeof to === 'string' ? to : createPath(to)}`,
    go: () => undefined,
    push: () => undefined,
    replace: () => undefined,
  };
  return (
    <Router location={location} navigator={navigator} static>
      {children}
    </Router>
  );
}

function render(tenant: TenantId, parts: Parameters<typeof addCatalogueParts>[1], tree: ReactNode): string {
  const i18n = i18next.createInstance();
  void i18n.use(initReactI18next).init({
    resources: { de: { translation: shellCatalogue } },
    lng: 'de',
    initAsync: false,
    interpolation: { escapeValue: false },
    react: { useSuspense: false },
  });
  addCatalogueParts(i18n, parts);
  applyTenantCatalogue(i18n, tenant);
  // No link: on the server the queries stay unanswered, as in the browser before the first answer.
  const client = new ApolloClient({ cache: new InMemoryCache(), link: ApolloLink.empty() });
  return renderToString(
    <I18nextProvider i18n={i18n}>
      <ApolloProvider client={client}>{tree}</ApolloProvider>
    </I18nextProvider>,
  );
}

/**
 * The frames of both tenants: for a visitor the login screen inside the public layout (what it shows without the
 * client configuration: no announcement, eID button or version line), for a member the member layout with the
 * navigation entries that do not depend on the member's funds and the loading state in its main area, as the app
 * shows it while the first screen's data loads.
 */
export function renderFrames(): PrerenderedFrame[] {
  return (['main', 'regional'] as const).flatMap((tenant): PrerenderedFrame[] => [
    {
      tenant,
      audience: 'visitor',
      // `/` is the login too (the router sends it there).
      routes: [paths.root.path, paths.login.path],
      modules: ['src/app/routes/login.tsx'],
      html: render(
        tenant,
        loginCatalogue,
        hashRouter(
          paths.login.path,
          <Routes>
            <Route element={<PublicLayout tenant={tenant} />}>
              <Route path={paths.login.path} element={<LoginPage tenant={tenant} />} />
            </Route>
          </Routes>,
        ),
      ),
    },
    {
      tenant,
      audience: 'member',
      routes: plainScreenPaths(tenant, 'authenticated'),
      modules: ['src/app/routes/member-layout.tsx'],
      html: render(
        tenant,
        memberCatalogue,
        hashRouter(
          paths.dashboard.path,
          <Routes>
            <Route element={<AuthenticatedLayout tenant={tenant} idleWarningSeconds={0} />}>
              <Route path={paths.dashboard.path} element={<LoadingState />} />
            </Route>
          </Routes>,
        ),
      ),
    },
  ]);
}
