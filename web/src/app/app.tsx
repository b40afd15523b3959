import { lazy, Suspense, useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { LoadingState } from '../components/ui/loading-state';
import { tenantIdOf } from '../config/paths';
import { applyTenantCatalogue } from '../i18n/tenant-catalogue';
import { startAnalytics } from '../lib/analytics';
import { loadChatbot } from '../lib/chatbot';
import { ClientConfigContext } from '../lib/client-config';
import { onCookiesAccepted } from '../lib/cookie-consent';
import { servedAppShell, type AppShellAnswer } from '../lib/served-config';
import { ErrorPage } from './error-page';
import { AppHashRouter } from './hash-router';
import { appRoutes } from './router';

/** The client configuration over GraphQL, for a page that brought none (a chunk with Apollo Client). */
const AppShellQuery = lazy(() => import('./app-shell-query'));

/**
 * Starts the router with the routes, layout and catalogue of the tenant from the client configuration, web analytics
 * (once cookies are accepted) and the optional chatbot. The configuration comes with the page
 * (server/http/served-config.ts); only without it the app asks for it first (`AppShell_Query`).
 */
export function App() {
  const { t, i18n } = useTranslation();
  const [answer, setAnswer] = useState<AppShellAnswer | null>(servedAppShell);
  const [failed, setFailed] = useState(false);
  const config = answer?.clientConfig ?? null;
  const tenant = config ? tenantIdOf(config.tenant) : undefined;
  const idleWarningSeconds = config?.idleWarningSeconds;
  const routes = useMemo(() => {
    if (!tenant || idleWarningSeconds === undefined) return undefined;
    // The tenant's texts replace the main ones before the first screen renders.
    applyTenantCatalogue(i18n, tenant);
    return appRoutes(tenant, { idleWarningSeconds, i18n });
  }, [tenant, idleWarningSeconds, i18n]);

  const matomoSiteId = config?.matomoSiteId;
  const matomoUrl = config?.matomoUrl;
  useEffect(() => {
    const analytics = { matomoSiteId, matomoUrl };
    startAnalytics(analytics);
    return onCookiesAccepted(() => startAnalytics(analytics));
  }, [matomoSiteId, matomoUrl]);

  const chatbotUrl = config?.chatbotUrl;
  useEffect(() => loadChatbot(chatbotUrl, i18n.language), [chatbotUrl, i18n.language]);

  const shell = routes ? (
    <ClientConfigContext.Provider value={config}>
      <AppHashRouter>{routes}</AppHashRouter>
    </ClientConfigContext.Provider>
  ) : failed ? (
    <ErrorPage title={t('error.configTitle')} text={t('error.configText')} />
  ) : (
    <div className="standalone">
      <LoadingState />
    </div>
  );
  return (
    <>
      {shell}
      {answer === null && !failed ? (
        <Suspense fallback={null}>
          <AppShellQuery onAnswer={setAnswer} onError={() => setFailed(true)} />
        </Suspense>
      ) : null}
    </>
  );
}
