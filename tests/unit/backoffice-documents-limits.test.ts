/**
 * The workbench's documents inside the fund endpoint's abuse limits (docs/decisions/0068-workbench-rows-are-fragments.md):
 * every operation codegen emits for web/src/backoffice (its generated `gql/graphql.ts`, with the fragments it spreads
 * appended, as Apollo sends it) is validated against the fund's schema with GraphQL Armor's rules at
 * FUND_GRAPHQL_LIMITS, the values server/fund/http/fund-graphql.ts protects /fund/graphql with. A fragment spread
 * counts as a level there (Armor's `flattenFragments: false`), so nesting the rows' fragments too deep fails here, not
 * only in the browser tests.
 */
import { costLimitRule } from '@escape.tech/graphql-armor-cost-limit';
import { maxAliasesRule } from '@escape.tech/graphql-armor-max-aliases';
import { maxDepthRule } from '@escape.tech/graphql-armor-max-depth';
import { maxDirectivesRule } from '@escape.tech/graphql-armor-max-directives';
import { MaxTokensParserWLexer } from '@escape.tech/graphql-armor-max-tokens';
import { buildSchema, getOperationAST, print, validate, type DocumentNode } from 'graphql';
import { describe, expect, it } from 'vitest';
import { printFundSchema } from '../../server/fund/graphql/print-fund-schema';
import { FUND_GRAPHQL_LIMITS } from '../../server/fund/http/fund-graphql';
import * as workbench from '../../web/src/backoffice/gql/graphql';

/** The workbench's operations: each generated `…Document` export that holds an operation (not a bare fragment). */
const operations = Object.values(workbench as Record<string, unknown>)
  .filter((value): value is DocumentNode => typeof value === 'object' && value !== null && (value as DocumentNode).kind === 'Document')
  .flatMap((document) => {
    const operation = getOperationAST(document);
    return operation?.name ? [{ name: operation.name.value, document }] : [];
  })
  .sort((a, b) => a.name.localeCompare(b.name));

describe('the workbench documents and the fund endpoint limits', () => {
  // The endpoint's schema as printed, built with this module's copy of graphql (the one the rules use).
  const schema = buildSchema(printFundSchema());
  const limits = FUND_GRAPHQL_LIMITS;

  it('finds the operations of every screen', () => {
    expect(operations.map((op) => op.name)).toEqual(expect.arrayContaining(['BackofficeClaims', 'BackofficeMerges', 'BackofficeSetClaimStatus', 'BackofficeStaffPeople']));
  });

  it.each(operations)('$name is valid against the fund schema within depth, aliases, cost, directives and tokens', ({ document }) => {
    const errors = validate(schema, document, [
      maxDepthRule({ n: limits.maxDepth }),
      maxAliasesRule({ n: limits.maxAliases }),
      costLimitRule({ maxCost: limits.maxCost }),
      maxDirectivesRule({ n: limits.maxDirectives }),
    ]);
    expect(errors.map((error) => error.message)).toEqual([]);
    const parser = new MaxTokensParserWLexer(print(document), { n: Number.MAX_SAFE_INTEGER });
    parser.parseDocument();
    expect(parser.tokenCount).toBeLessThanOrEqual(limits.maxTokens);
  });
});
