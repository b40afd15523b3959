import { readdirSync } from 'node:fs';
import js from '@eslint/js';
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript';
import { importX } from 'eslint-plugin-import-x';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

/** The feature folders of the web app: none may import another (they are composed in web/src/app). */
const FEATURES = readdirSync(new URL('./web/src/features', import.meta.url), { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);

/**
 * Boundaries (decisions 0012 and 0065): the web app and db never import server code, the contract module imports
 * nothing of ours, no server module imports the composition root, and no feature imports another feature. Import cycles (type-only imports included, which
 * import-x's no-cycle skips) are dependency-cruiser's: .dependency-cruiser.cjs, in `npm run lint`.
 */
const BOUNDARY_ZONES = [
  { target: './web', from: './server', message: 'The web app never imports server code: share it through @contract.' },
  { target: './web', from: './db', message: 'The web app never imports db code: share it through @contract.' },
  { target: './db', from: './server', message: 'db never imports server code: share it through @contract.' },
  ...['./server', './web', './db', './tests', './bench'].map((from) => ({
    target: './schema/contract',
    from,
    message: 'The contract module imports nothing of ours (decision 0012).',
  })),
  // Dependencies are handed in (decision 0065): the modules, the platform and the transports name what they are given
  // (`AppDeps` of server/platform/deps.ts, the request context), never the composition root that builds it.
  {
    target: ['./server/modules', './server/platform', './server/fund', './server/http', './server/rest', './server/graphql'],
    from: ['./server/app-deps.ts', './server/services.ts', './server/process-deps.ts', './server/app.ts', './server/main.ts'],
    message: 'A module never imports the composition root: take what it needs as an argument (AppDeps of server/platform/deps.ts; decision 0065).',
  },
  ...FEATURES.map((feature) => ({
    target: `./web/src/features/${feature}`,
    from: './web/src/features',
    except: [`./${feature}`],
    message: 'A feature never imports another feature: compose them in web/src/app, share through web/src/components or lib.',
  })),
];

/** Lint: recommended JS and TypeScript rules everywhere, the hooks rules for the web app. Generated code is skipped. */
export default tseslint.config(
  {
    ignores: [
      'dist/**',
      'data/**',
      'node_modules/**',
      'web/src/gql/**',
      'web/src/backoffice/gql/**',
      'tests/gql/**',
      'server/graphql/__generated__/**',
      'server/fund/graphql/__generated__/**',
      'db/migrations/**',
      'test-results/**',
      'playwright-report/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
      'no-console': 'error',
    },
  },
  {
    // Stores are asynchronous on both engines (docs/decisions/0013-two-engines.md): every promise is awaited, and the
    // synchronous better-sqlite3 executors (.get(), .all(), .run() without arguments) do not exist on PostgreSQL.
    files: ['server/**/*.ts', 'db/**/*.ts', 'tests/**/*.ts', 'bench/**/*.ts'],
    languageOptions: { parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname } },
    rules: {
      '@typescript-eslint/no-floating-promises': 'error',
      '@typescript-eslint/no-misused-promises': ['error', { checksVoidReturn: { arguments: false, attributes: false } }],
    },
  },
  {
    files: ['server/**/*.ts', 'db/schema/**/*.ts'],
    ignores: ['server/**/*.test.ts'],
    rules: {
      'no-restricted-syntax': [
        'error',
        {
          selector: 'CallExpression[arguments.length=0] > MemberExpression.callee > Identifier.property[name=/^(get|all|run)$/]',
          message: 'Synchronous better-sqlite3 executor: await the query builder instead (it runs on PostgreSQL too).',
        },
      ],
    },
  },
  {
    files: ['**/*.{ts,tsx}'],
    plugins: { 'import-x': importX },
    settings: { 'import-x/resolver-next': [createTypeScriptImportResolver({ project: './tsconfig.json' })] },
    rules: {
      'import-x/no-restricted-paths': ['error', { zones: BOUNDARY_ZONES }],
    },
  },
  {
    files: ['web/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: { ...reactHooks.configs.recommended.rules },
  },
  {
    files: ['tests/**/*.ts', 'bench/**/*.ts'],
    rules: { '@typescript-eslint/no-explicit-any': 'off', 'no-console': 'off' },
  },
  {
    files: ['db/seed/cli.ts', '**/*.mjs'],
    rules: { 'no-console': 'off' },
  },
);
