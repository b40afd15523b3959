import { EnvelopArmor } from '@escape.tech/graphql-armor';
import type { ASTVisitor, GraphQLError, OperationDefinitionNode, ValidationContext } from 'graphql';
import { createGraphQLError, type Plugin } from 'graphql-yoga';
import transport from '@contract/i18n/de/transport.json';
import { fill } from '@contract/i18n/fill';

/**
 * Abuse limits of the GraphQL endpoint (docs/security.md; OWASP GraphQL cheat
 * sheet "Query limiting"), enforced with GraphQL Armor as Envelop plugins. The numbers leave every operation the
 * web app sends (web/src/gql/persisted-documents.json) well inside; tests/security/graphql-abuse.test.ts checks
 * that, and docs/security.md lists the numbers with the largest value a web operation reaches.
 *
 * - `maxDepth`: nesting of selection sets, fragments counted where they are spread.
 * - `maxAliases`: aliased fields per operation (alias floods: `a1: me { … } a2: me { … } …`).
 * - `maxTokens`: lexer tokens of the document text, counted while parsing, so a 100 KB query stops early
 *   (persisted documents are parsed at start and not counted again).
 * - `maxCost`: Armor's cost estimate (objects 2, scalars 1, ×1.5 per level and per fragment spread; a literal
 *   `first`/`last` argument multiplies its field's cost).
 * - `maxDirectives`: directives per operation (`@skip` floods).
 */
export const GRAPHQL_LIMITS = {
  maxDepth: 12,
  maxAliases: 15,
  maxTokens: 1000,
  maxCost: 20_000,
  maxDirectives: 10,
} as const;

/** `extensions.code` of a document refused by one of the limits. */
export const LIMIT_ERROR_CODE = 'QUERY_LIMIT_EXCEEDED';

/**
 * Removes graphql-js's "Did you mean …?" hints (field, argument, type and enum-value suggestions, and the lexer's
 * "did you mean to use a double quote") from a message, so that errors do not reveal the schema's names where
 * introspection is off, and no answer carries a suggestion at all.
 */
export function stripSuggestions(message: string): string {
  return message.replace(/[,;]?\s*did you mean\b[^?]*\?/gi, '').trim();
}

/**
 * A refusal as Yoga's own GraphQLError, with status 400: Armor builds its errors with its own copy of graphql,
 * which Yoga (or vitest's second module build) would take for an unexpected error and answer 500.
 */
function refusal(error: GraphQLError): GraphQLError {
  return createGraphQLError(error.message.replace(/^Syntax Error: /, ''), { extensions: { code: LIMIT_ERROR_CODE, http: { status: 400 } } });
}

/** A validation-time refusal is reported to the validation context (one error among the others); a parse-time one is thrown. */
function onReject(context: ValidationContext | null, error: GraphQLError): void {
  if (context) context.reportError(refusal(error));
  else throw refusal(error);
}

/**
 * Refuses an operation whose root type the schema lacks (a `subscription` here): graphql-js 16 only finds that
 * at execution, after the abuse limits and the access checks; refused here as a validation error. Message: transport.json
 * `operationTypeUnsupported`.
 */
function useKnownRootOperation(): Plugin {
  return {
    onValidate({ addValidationRule }) {
      addValidationRule((context: ValidationContext): ASTVisitor => ({
        OperationDefinition(node: OperationDefinitionNode) {
          if (!context.getSchema().getRootType(node.operation)) {
            context.reportError(
              createGraphQLError(fill(transport.operationTypeUnsupported, { operation: node.operation }), { nodes: [node], extensions: { code: 'GRAPHQL_VALIDATION_FAILED' } }),
            );
          }
        },
      }));
    },
  };
}

/**
 * The Armor plugins with `limits` (default GRAPHQL_LIMITS; the fund's endpoint passes its own) and field suggestions blocked, and the root-operation check. They hook only parse (token count) and
 * validation (the other limits), so they work beside the persisted
 * operations plugin (whose documents skip parsing, but are validated with these rules like any other).
 */
export function abuseLimitPlugins(limits: { [K in keyof typeof GRAPHQL_LIMITS]: number } = GRAPHQL_LIMITS): Plugin[] {
  const callbacks = { onReject: [onReject], propagateOnRejection: false, exposeLimits: true };
  const armor = new EnvelopArmor({
    blockFieldSuggestion: { enabled: true, mask: '' },
    maxDepth: { n: limits.maxDepth, ...callbacks },
    maxAliases: { n: limits.maxAliases, ...callbacks },
    maxTokens: { n: limits.maxTokens, ...callbacks },
    costLimit: { maxCost: limits.maxCost, ...callbacks },
    maxDirectives: { n: limits.maxDirectives, ...callbacks },
  });
  return [...(armor.protect().plugins as Plugin[]), useKnownRootOperation(), useNoValidationSuggestions()];
}

/**
 * Strips every "Did you mean …?" from validation errors. Armor's block-field-suggestions only masks quoted field
 * names ("Did you mean "x"?"); graphql-js words enum-literal hints differently ("Did you mean the enum value "X" or
 * "Y"?"), and validation errors of a document do not pass through Yoga's error masking. Found by the GraphQL fuzz suite.
 */
function useNoValidationSuggestions(): Plugin {
  return {
    onValidate() {
      return ({ result }) => {
        for (const error of result) {
          if (/did you mean/i.test(error.message)) (error as { message: string }).message = stripSuggestions(error.message);
        }
      };
    },
  };
}
