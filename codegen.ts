import type { CodegenConfig } from '@graphql-codegen/cli';

/**
 * One codegen for both sides (STYLE.md 5):
 * - the server's resolver types, with mappers from GraphQL types to the Drizzle row types they are resolved from;
 * - the web app's typed documents (client preset), whose TypedDocumentNodes type Apollo's useQuery/useMutation.
 *   Each document carries its sha256 hash (persisted documents), and `persisted-documents.json` lists them all:
 *   the server's allow-list of operations the web app was built with.
 * Generated files are not committed; `npm run codegen` (run by build, typecheck and test) writes them.
 */
const scalars = {
  Date: 'string',
  Money: 'number',
};

const config: CodegenConfig = {
  schema: 'schema/*.graphql',
  documents: ['web/src/**/*.{ts,tsx}', '!web/src/gql/**/*'],
  ignoreNoDocuments: true,
  emitLegacyCommonJSImports: false,
  generates: {
    'server/graphql/__generated__/resolvers-types.ts': {
      plugins: ['typescript', 'typescript-resolvers'],
      config: {
        contextType: '../../context#GraphQLContext',
        useTypeImports: true,
        enumsAsTypes: true,
        scalars,
        mappers: {
          Person: '../../../db/schema#PersonRow',
          PensionContract: '../../../db/schema#PkContractRow',
          PensionStatement: '../../../db/schema#PkStatementRow',
          SeveranceAccount: '../../../db/schema#VkAccountRow',
          SeveranceStatement: '../../../db/schema#VkStatementRow',
          Employer: '../../../db/schema#EmployerRow',
          Document: '../../../db/schema#DocumentRow',
          VrgInvestment: '../../../db/schema#VrgRow',
          VrgYearPerformance: '../../../db/schema#VrgPerformanceRow',
          AssetAllocation: '../../../db/schema#VrgAllocationRow',
          VrgReport: '../../../db/schema#VrgReportRow',
          SeveranceFundYearResult: '../../../db/schema#VkInvestmentResultRow',
          SeveranceFundInvestment: '../../domain/investment/investment.service#SeveranceFundInvestmentModel',
          MarkDocumentReadPayload: '../../domain/documents/documents.service#MarkReadResult',
        },
      },
    },
    'web/src/gql/': {
      preset: 'client',
      presetConfig: {
        fragmentMasking: false,
        persistedDocuments: { mode: 'embedHashInDocument', hashAlgorithm: 'sha256' },
      },
      config: {
        useTypeImports: true,
        enumsAsTypes: true,
        scalars,
        documentMode: 'documentNode',
      },
    },
  },
};

export default config;
