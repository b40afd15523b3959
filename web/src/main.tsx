import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/app';
import { AppProvider } from './app/provider';
import { errorMessages, remoteLog } from './lib/remote-log';
import './styles/global.css';

// A chunk that fails to load outside the router (a preloaded dependency) goes to the remote log as well.
window.addEventListener('vite:preloadError', (event) => {
  remoteLog('ChunkLoad', 'ERROR', errorMessages((event as Event & { payload?: unknown }).payload));
});

const container = document.getElementById('root');
if (!container) throw new Error('index.html has no #root element');

createRoot(container).render(
  <StrictMode>
    <AppProvider>
      <App />
    </AppProvider>
  </StrictMode>,
);
