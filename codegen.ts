import type { CodegenConfig } from '@graphql-codegen/cli';
import { addTypenameSelectionDocumentTransform } from '@graphql-codegen/client-preset';
import { disableFragmentWarnings } from 'graphql-tag';
import { loadTypeDefs } from './server/graphql/member-sdl';

// The web app's fragments are generated twice: with `__typename` for the web target and without it for the API
// tests' target (below). graphql-tag, which codegen prints each document through, keeps one process-wide table of
// fragment names and warns when a name comes back with other text; here that is the same fragment, so the warning is
// noise.
disableFragmentWarnings();

/**
 * One codegen for both sides (STYLE.md 5):
 * - the server's resolver types, with mappers from GraphQL types to the Drizzle row types they are resolved from;
 * - the web app's typed documents (client preset), whose TypedDocumentNodes type Apollo's useQuery/useMutation.
 *   Each document carries its sha256 hash (persisted documents), and `persisted-documents.json` lists them all:
 *   the server's allow-list of operations the web app was built with.
 * Generated files are not committed; `npm run codegen` (run by build, typecheck and test) writes them, and then the
 * fund's whole schema for integrators (server/fund/graphql/print-fund-schema.ts).
 */
const scalars = {
  Date: 'string',
  Money: 'number',
};

/**
 * The members' schema as the server loads it (server/graphql/member-sdl.ts: the shared base, each module's SDL,
 * server/modules/<area>/<area>.graphql, decision 0065, and the output types `@answeredAs` derives), passed as SDL text,
 * and the fund's (decision 0053: the SDL beside each area's code under server/fund, less the printed whole in its
 * __generated__ folder, and the enums it shares with the members' schema, each module's `<area>.shared.graphql`: the
 * same list as server/fund/graphql/fund-schema.ts `fundSdlFiles`); each output names its schema, because an output's own `schema` would be
 * added to a root one, not replace it.
 */
const memberSchema = loadTypeDefs();
const fundSchema = ['server/fund/**/*.graphql', 'server/modules/*/*.shared.graphql', '!server/fund/graphql/__generated__/**'];

const config: CodegenConfig = {
  ignoreNoDocuments: true,
  emitLegacyCommonJSImports: false,
  generates: {
    'server/graphql/__generated__/resolvers-types.ts': {
      schema: memberSchema,
      plugins: ['typescript', 'typescript-resolvers'],
      config: {
        contextType: '../../platform/request-context#GraphQLContext',
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
          DocumentCount: '../../modules/documents/documents.rules#DocumentCount as DocumentCountModel',
          VrgInvestment: '../../../db/schema#VrgRow',
          VrgYearPerformance: '../../../db/schema#VrgPerformanceRow',
          AssetAllocation: '../../../db/schema#VrgAllocationRow',
          VrgReport: '../../../db/schema#VrgReportRow',
          SeveranceFundYearResult: '../../../db/schema#VkInvestmentResultRow',
          SeveranceFundInvestment: '../../modules/investment/investment.service#SeveranceFundInvestmentModel',
          PensionCalculator: '../../modules/calculator/calculator.view#CalculatorView',
          PensionProjection: '../../modules/calculator/calculator.rules#ProjectionResult',
          PensionScenarioResult: '../../modules/calculator/calculator.rules#ScenarioResult',
          SeveranceClaim: '../../modules/claims/claims.service#SeveranceClaimModel',
          ClaimableSeveranceAccount: '../../modules/claims/claims.service#ClaimableAccountModel',
          Message: '../../modules/messages/messages.service#MessageView',
          MessageAttachment: '../../modules/messages/messages.store#AttachmentMeta',
          MessagePage: '../../modules/messages/messages.service#MessagePageModel',
          OwnContributionMandate: '../../modules/own-contributions/own-contributions.model#MandateModel',
          OwnContributions: '../../modules/own-contributions/own-contributions.model#OwnContributionsOverview',
          ContributionContract: '../../modules/own-contributions/own-contributions.model#ContributionContractModel',
          PremiumGauge: '@contract/own-contributions#PremiumGauge as PremiumGaugeModel',
          MarkDocumentReadOk: '../../modules/documents/documents.service#MarkedRead',
        },
      },
    },
    // The fund's API (decision 0053): its own schema, the SDL beside each area's code under server/fund.
    'server/fund/graphql/__generated__/fund-resolvers-types.ts': {
      schema: fundSchema,
      plugins: ['typescript', 'typescript-resolvers'],
      config: {
        contextType: '../fund-context#FundContext',
        useTypeImports: true,
        enumsAsTypes: true,
        scalars: { ...scalars, DateTime: 'string' },
        mappers: {
          FundEvent: '../../../../db/schema#FundEventRow',
          FundClaim: '../../claims/claims.resolvers#FundClaimModel',
          FundClaimMember: '../../claims/claims.read#FundClaimMemberRow',
          FundClaimDocument: '../../claims/claims.read#FundClaimFileRow',
          SetClaimStatusOk: '../../claims/claims.resolvers#SetClaimStatusOkModel',
          MemberRef: '../../shared/member-ref#MemberRefModel',
          BankAccountChange: '../../bank-changes/bank-changes.service#BankAccountChangeModel',
          StaffPerson: '../../staff/staff.service#StaffAccountView',
          FundFile: '../../shared/fund-file#FundFileModel',
          InboxMessage: '../../messages/fund-messages.service#FundMessageModel',
          FormSubmission: '../../forms/fund-forms.service#FundFormModel',
          MergeRequest: '../../merge-requests/fund-merge-requests.service#FundMergeRequestModel',
          Mandate: '../../mandates/fund-mandates.service#FundMandateModel',
          PremiumApplication: '../../premium-applications/fund-premium-applications.service#PremiumApplicationModel',
          PublicUpload: '../../public-uploads/fund-public-uploads.service#FundPublicUploadModel',
          WorkAssignment: '../../assignments/work-assignments.service#WorkAssignmentModel',
          WorkAssignee: '../../assignments/work-assignments.service#WorkAssigneeModel',
        },
      },
    },
    // Which concrete types implement each interface (`Error` of decision 0012): Apollo's cache matches a fragment on an
    // interface (`...MutationError` on `Error`) only with this map; without it the error half reads back empty.
    'web/src/gql/possible-types.ts': {
      schema: memberSchema,
      plugins: ['fragment-matcher'],
      config: { useExplicitTyping: true },
    },
    'web/src/gql/': {
      schema: memberSchema,
      // Not the workbench's documents: they are written against the fund's schema (target below).
      documents: ['web/src/**/*.{ts,tsx}', '!web/src/gql/**/*', '!web/src/backoffice/**/*'],
      preset: 'client',
      presetConfig: {
        fragmentMasking: false,
        persistedDocuments: { mode: 'embedHashInDocument', hashAlgorithm: 'sha256' },
      },
      // Apollo Client 4 adds __typename to every selection; the hashed documents must contain it too, or the hash
      // the client sends would name a different document than the one it runs.
      documentTransforms: [addTypenameSelectionDocumentTransform],
      config: {
        useTypeImports: true,
        enumsAsTypes: true,
        scalars,
      },
    },
    // The fund's workbench at /backoffice/ (decision 0054): its typed documents against the fund's schema, sent to
    // /fund/graphql with the staff session. Sent as text (no persisted hashes): the fund's endpoint checks scopes,
    // not an allow-list.
    // The same map for the workbench: its lists select `...QueueItemFields` on the fund's interface `WorkItem`.
    'web/src/backoffice/gql/possible-types.ts': {
      schema: fundSchema,
      plugins: ['fragment-matcher'],
      config: { useExplicitTyping: true },
    },
    'web/src/backoffice/gql/': {
      schema: fundSchema,
      documents: ['web/src/backoffice/**/*.{ts,tsx}', '!web/src/backoffice/gql/**/*'],
      preset: 'client',
      presetConfig: { fragmentMasking: false },
      documentTransforms: [addTypenameSelectionDocumentTransform],
      config: {
        useTypeImports: true,
        enumsAsTypes: true,
        scalars: { ...scalars, DateTime: 'string' },
      },
    },
    // The API tests' typed operations: `graphql(\`…\`)` from tests/gql in tests/{api,security,durability,cluster,helpers};
    // `PortalClient.operation(document, variables)` sends one and reads a typed answer. Hostile inputs stay plain strings
    // (they are meant to be invalid). No persisted hashes: the test server accepts documents as text.
    // The web app's documents are read too, so a test spreads the web's own fragment (`...PensionStatementTables_…`)
    // instead of restating its selection: a test then asks for what the screen asks for (decision 0067).
    'tests/gql/': {
      schema: memberSchema,
      documents: ['tests/{api,security,durability,cluster,helpers}/**/*.ts', 'web/src/**/*.{ts,tsx}', '!web/src/gql/**/*', '!web/src/backoffice/**/*'],
      preset: 'client',
      presetConfig: { fragmentMasking: false },
      config: {
        useTypeImports: true,
        enumsAsTypes: true,
        scalars,
      },
    },
  },
};

export default config;
