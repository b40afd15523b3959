import type { ReactNode } from 'react';
import { I18nextProvider } from 'react-i18next';
import { initI18n } from '../i18n';
import { ErrorBoundary } from './error-boundary';
import { ErrorPage } from './error-page';

const i18n = initI18n();

/**
 * The app's providers: i18n (bundled German catalogue) and an error boundary around everything. Apollo's provider is
 * not here: it comes with each screen's route (web/src/app/router.tsx), so the login form shows before Apollo Client
 * has loaded (decision 0034).
 */
export function AppProvider({ children }: { children: ReactNode }) {
  return (
    <I18nextProvider i18n={i18n}>
      <ErrorBoundary fallback={<ErrorPage />}>{children}</ErrorBoundary>
    </I18nextProvider>
  );
}
