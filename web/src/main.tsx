// Styles shared by every screen, first: tokens, reset, shell and typography, then the shared component kit. A screen's
// own styles travel with its lazy chunk (web/src/features/<feature>/*.css) and so come after these.
import './styles/global.css';
// The prerendered frame's rules (decision 0040): in the entry's stylesheet, which the frame's first paint waits for.
import './styles/prerender.css';
import './components/ui/buttons.css';
import './components/ui/feedback.css';
import './components/ui/forms.css';
import './components/ui/data-display.css';
import { startTransition, StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/app';
import { AppProvider } from './app/provider';
import { appContainer } from './lib/prerender';
import { preloadScreen } from './app/router';
import { errorMessages, remoteLog } from './lib/remote-log';
import { installFocusFirstError } from './lib/forms/focus-first-error';

// A chunk that fails to load outside the router (a preloaded dependency) goes to the remote log as well.
window.addEventListener('vite:preloadError', (event) => {
  remoteLog('ChunkLoad', 'ERROR', errorMessages((event as Event & { payload?: unknown }).payload));
});

// A refused submit puts its first error in view and in focus, on every form (web/src/lib/forms/focus-first-error.ts).
installFocusFirstError();

// The first screen's code loads while the app asks for its configuration (web/src/app/router.tsx).
preloadScreen(window.location.hash.replace(/^#/, '').split('?')[0] ?? '');

const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root element');

// Beside the frame prerendered into index.html, if it shows: the app replaces it once its first screen is ready.
const reactRoot = createRoot(appContainer(root));
startTransition(() => {
  reactRoot.render(
    <StrictMode>
      <AppProvider>
        <App />
      </AppProvider>
    </StrictMode>,
  );
});
