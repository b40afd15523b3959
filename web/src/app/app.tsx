import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { RouterProvider } from 'react-router-dom';
import { LoadingState } from '../components/ui/loading-state';
import { tenantIdOf } from '../config/paths';
import { useAppShell } from './api/get-app-shell';
import { ErrorPage } from './error-page';
import { createAppRouter } from './router';

/** Loads the tenant, then starts the router with the routes that tenant offers. */
export function App() {
  const { t } = useTranslation();
  const { data, error } = useAppShell();
  const tenant = data ? tenantIdOf(data.clientConfig.tenant) : undefined;
  const router = useMemo(() => (tenant ? createAppRouter(tenant) : undefined), [tenant]);

  if (router) return <RouterProvider router={router} />;
  if (error) return <ErrorPage title={t('error.configTitle')} text={t('error.configText')} />;
  return (
    <div className="standalone">
      <LoadingState />
    </div>
  );
}
