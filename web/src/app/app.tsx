import { useEffect, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { RouterProvider } from 'react-router-dom';
import { LoadingState } from '../components/ui/loading-state';
import { tenantIdOf } from '../config/paths';
import { applyTenantCatalogue } from '../i18n/tenant-catalogue';
import { startAnalytics } from '../lib/analytics';
import { loadChatbot } from '../lib/chatbot';
import { onCookiesAccepted } from '../lib/cookie-consent';
import { useAppShell } from './api/get-app-shell';
import { ErrorPage } from './error-page';
import { createAppRouter } from './router';

/**
 * Loads the client configuration, then starts the router with the routes, layout and catalogue of the tenant, web
 * analytics (once cookies are accepted) and the optional chatbot.
 */
export function App() {
  const { t, i18n } = useTranslation();
  const { data, error } = useAppShell();
  const config = data?.clientConfig;
  const tenant = config ? tenantIdOf(config.tenant) : undefined;
  const idleWarningSeconds = config?.idleWarningSeconds;
  const router = useMemo(() => {
    if (!tenant || idleWarningSeconds === undefined) return undefined;
    // The tenant's texts replace the main ones before the first screen renders.
    applyTenantCatalogue(i18n, tenant);
    return createAppRouter(tenant, { idleWarningSeconds, i18n });
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

  if (router) return <RouterProvider router={router} />;
  if (error) return <ErrorPage title={t('error.configTitle')} text={t('error.configText')} />;
  return (
    <div className="standalone">
      <LoadingState />
    </div>
  );
}
