import js from '@eslint/js';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

/** Lint: recommended JS and TypeScript rules everywhere, the hooks rules for the web app. Generated code is skipped. */
export default tseslint.config(
  { ignores: ['dist/**', 'data/**', 'node_modules/**', 'web/src/gql/**', 'server/graphql/__generated__/**', 'db/migrations/**', 'test-results/**', 'playwright-report/**'] },
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
          selector: "CallExpression[arguments.length=0] > MemberExpression.callee > Identifier.property[name=/^(get|all|run)$/]",
          message: 'Synchronous better-sqlite3 executor: await the query builder instead (it runs on PostgreSQL too).',
        },
      ],
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
