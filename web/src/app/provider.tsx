import { ApolloProvider } from '@apollo/client/react';
import type { ReactNode } from 'react';
import { I18nextProvider } from 'react-i18next';
import { initI18n } from '../i18n';
import { createApolloClient } from './apollo';
import { ErrorBoundary } from './error-boundary';
import { ErrorPage } from './error-page';

const i18n = initI18n();
const client = createApolloClient();

/** The app's providers: i18n (bundled German catalogue), Apollo, and an error boundary around everything. */
export function AppProvider({ children }: { children: ReactNode }) {
  return (
    <I18nextProvider i18n={i18n}>
      <ErrorBoundary fallback={<ErrorPage />}>
        <ApolloProvider client={client}>{children}</ApolloProvider>
      </ErrorBoundary>
    </I18nextProvider>
  );
}
