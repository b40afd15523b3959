import react from '@vitejs/plugin-react';
import { fileURLToPath } from 'node:url';
import { defaultClientConditions, defineConfig, type Plugin } from 'vite';
import { bundleStats } from './bundle-stats-plugin';
import { graphqlDocumentImports } from './graphql-documents-plugin';
import { precompressFolder } from './precompress';
import { prerenderIndex } from './prerender-index';

const webRoot = fileURLToPath(new URL('.', import.meta.url));
const outDir = fileURLToPath(new URL('../dist/web', import.meta.url));

/** The workbench's sources (web/src/backoffice): an entry of its own, so none of it reaches the members' bundles. */
const backofficeSources = fileURLToPath(new URL('./src/backoffice/', import.meta.url));

/** Where `npm run dev:server` listens; the dev server forwards the API paths there. */
const apiTarget = 'http://127.0.0.1:3000';

/**
 * After the build, writes the prerendered index variants (web/prerender-index.ts, decision 0040), then brotli and
 * gzip variants of the text assets beside them (web/precompress.ts); one hook, so that the variants get theirs.
 */
function prerenderAndPrecompress(): Plugin {
  return {
    name: 'portal-prerender-precompress',
    apply: 'build',
    async closeBundle() {
      await prerenderIndex(fileURLToPath(import.meta.url), outDir);
      precompressFolder(outDir);
    },
  };
}

export default defineConfig({
  root: webRoot,
  // Relative asset URLs: the hash router needs no server-side routes, so the app works under any path.
  base: './',
  // The contract module web, server and db share (docs/decisions/0012-contract-module.md).
  resolve: {
    alias: { '@contract': fileURLToPath(new URL('../schema/contract', import.meta.url)) },
    // `es2015`: rxjs (under Apollo Client) as ES2015 classes instead of its ES5 build with tslib helpers.
    conditions: ['es2015', ...defaultClientConditions],
  },
  plugins: [
    // The members' documents, then the workbench's (decision 0054): each rewrites only the calls of its own app.
    graphqlDocumentImports(fileURLToPath(new URL('./src/gql/graphql.ts', import.meta.url)), { exclude: backofficeSources }),
    graphqlDocumentImports(fileURLToPath(new URL('./src/backoffice/gql/graphql.ts', import.meta.url)), { include: backofficeSources, name: 'backoffice-gql-document' }),
    react(),
    prerenderAndPrecompress(),
    bundleStats(fileURLToPath(new URL('../dist/bundle-stats.json', import.meta.url))),
  ],
  build: {
    outDir,
    emptyOutDir: true,
    // Maps are written for decoding error reports, but not referenced from the bundles; the server does not serve
    // them in production (server/http/static.ts).
    sourcemap: 'hidden',
    // .vite/manifest.json: the stylesheets of the prerendered frames' routes (web/prerender-index.ts); a dot folder,
    // which the server never serves.
    manifest: true,
    // Two entries: the members' portal (index.html) and the fund's workbench at /backoffice/ (decision 0054), which
    // shares the design system and the catalogue's common part but is its own page with its own scripts.
    rollupOptions: {
      input: {
        index: fileURLToPath(new URL('./index.html', import.meta.url)),
        backoffice: fileURLToPath(new URL('./backoffice/index.html', import.meta.url)),
      },
    },
  },
  server: {
    proxy: {
      '/graphql': apiTarget,
      '/rest': apiTarget,
      '/webportal': apiTarget,
      '/fund': apiTarget,
    },
  },
});
