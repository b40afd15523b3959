// The workbench's entry (decision 0054): the design system's shared styles and kit, then its own layout.
import '../styles/global.css';
import '../components/ui/buttons.css';
import '../components/ui/feedback.css';
import '../components/ui/forms.css';
import '../components/ui/data-display.css';
import './backoffice.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import { ApolloProvider } from '@apollo/client/react';
import common from '@contract/i18n/de/common.json';
import backoffice from '@contract/i18n/de/backoffice.json';
import { createBackofficeClient } from './apollo';
import { BackofficeApp } from './backoffice-app';

// The one German catalogue: its common part and the workbench's own (schema/contract/i18n/de/backoffice.json).
void i18next.use(initReactI18next).init({
  resources: { de: { translation: { ...common, ...backoffice } } },
  lng: 'de',
  fallbackLng: 'de',
  supportedLngs: ['de'],
  initAsync: false,
  interpolation: { escapeValue: false }, // React escapes
  react: { useSuspense: false },
});

const client = createBackofficeClient();
const root = document.getElementById('root');
if (!root) throw new Error('backoffice/index.html has no #root element');
createRoot(root).render(
  <StrictMode>
    <ApolloProvider client={client}>
      <BackofficeApp onReset={() => client.clearStore()} />
    </ApolloProvider>
  </StrictMode>,
);
