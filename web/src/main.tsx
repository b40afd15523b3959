import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/app';
import { AppProvider } from './app/provider';
import { preloadScreen } from './app/router';
import { errorMessages, remoteLog } from './lib/remote-log';
import './styles/global.css';

// A chunk that fails to load outside the router (a preloaded dependency) goes to the remote log as well.
window.addEventListener('vite:preloadError', (event) => {
  remoteLog('ChunkLoad', 'ERROR', errorMessages((event as Event & { payload?: unknown }).payload));
});

// The first screen's code loads while the app asks for its configuration (web/src/app/router.tsx).
preloadScreen(window.location.hash.replace(/^#/, '').split('?')[0] ?? '');

const container = document.getElementById('root');
if (!container) throw new Error('index.html has no #root element');

createRoot(container).render(
  <StrictMode>
    <AppProvider>
      <App />
    </AppProvider>
  </StrictMode>,
);
