import react from '@vitejs/plugin-react';
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';

const webRoot = fileURLToPath(new URL('.', import.meta.url));
const outDir = fileURLToPath(new URL('../dist/web', import.meta.url));

/** Where `npm run dev:server` listens; the dev server forwards the API paths there. */
const apiTarget = 'http://127.0.0.1:3000';

export default defineConfig({
  root: webRoot,
  // Relative asset URLs: the hash router needs no server-side routes, so the app works under any path.
  base: './',
  plugins: [react()],
  build: {
    outDir,
    emptyOutDir: true,
    sourcemap: true,
  },
  server: {
    proxy: {
      '/graphql': apiTarget,
      '/rest': apiTarget,
      '/webportal': apiTarget,
    },
  },
});
