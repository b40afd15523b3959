/**
 * Import cycles, type-only imports included (issue 12 item 2): `npm run lint` runs `depcruise` with this file.
 * eslint-plugin-import-x's no-cycle ignores `import type`, so the cycle check is dependency-cruiser's, reading the
 * TypeScript sources before compilation (`tsPreCompilationDeps`). The folder boundaries are eslint's
 * (`import-x/no-restricted-paths` in eslint.config.js).
 * @type {import('dependency-cruiser').IConfiguration}
 */
module.exports = {
  forbidden: [
    {
      name: 'no-circular',
      severity: 'error',
      comment: 'An import cycle (type-only imports count): move the shared part into a module both import.',
      from: {},
      to: { circular: true },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    exclude: { path: '(^|/)(node_modules|dist|data|web/src/gql|web/src/backoffice/gql|tests/gql|server/graphql/__generated__|server/fund/graphql/__generated__)/' },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: `${__dirname}/tsconfig.json` },
    enhancedResolveOptions: { extensions: ['.ts', '.tsx', '.js', '.mjs', '.json'] },
  },
};
