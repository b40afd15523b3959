import { GraphQLError } from 'graphql';
import { createYoga, type Plugin } from 'graphql-yoga';
import type { GraphQLContext, RequestContext } from '../context';
import { DomainError } from '../domain/shared/errors';
import type { Logger } from '../log';
import { buildSchema } from './schema';

/** What the node:http handler hands to Yoga for every request. */
export interface GraphQLServerContext {
  requestContext: RequestContext;
}

/** GraphQL `extensions.code` for each thrown domain error (ARCHITECTURE.md "Errors"). */
const CODES: Record<DomainError['code'], string> = {
  SESSION_INVALID: 'UNAUTHENTICATED',
  SESSION_TIMEOUT: 'SESSION_TIMEOUT',
  NOT_FOUND: 'NOT_FOUND',
  BAD_REQUEST: 'BAD_USER_INPUT',
  FORBIDDEN: 'FORBIDDEN',
};

function isGraphQLErrorLike(value: unknown): boolean {
  return value instanceof Error && value.name === 'GraphQLError';
}

/**
 * Adds the session cookies a resolver asked for to the answer, and `Cache-Control: no-store`, because GraphQL
 * answers carry personal data and must not be stored by browsers or proxies.
 */
function useSessionCookies(): Plugin<GraphQLContext, GraphQLServerContext> {
  return {
    onResponse({ response, serverContext }) {
      for (const cookie of serverContext.requestContext?.setCookies ?? []) response.headers.append('Set-Cookie', cookie);
      response.headers.set('Cache-Control', 'no-store');
    },
  };
}

/** Yoga options that bear on speed, shared with the bench's `{ hello }` floor (bench/yoga-hello.ts). */
export const YOGA_SPEED_OPTIONS = {} as const;

/** Plugins that bear on speed, shared with the bench's `{ hello }` floor. */
export function speedPlugins(): Plugin[] {
  return [];
}

/**
 * The GraphQL endpoint at /graphql. Unexpected errors are masked (no messages or stacks leave the server);
 * domain errors keep their message and get `extensions.code`. GraphiQL only outside production.
 */
export function createGraphQLHandler(options: { production: boolean; logger: Logger }) {
  return createYoga<GraphQLServerContext, GraphQLContext>({
    schema: buildSchema(),
    graphqlEndpoint: '/graphql',
    landingPage: false,
    graphiql: !options.production,
    ...YOGA_SPEED_OPTIONS,
    context: ({ requestContext }) => requestContext,
    plugins: [...speedPlugins(), useSessionCookies()],
    logging: {
      debug: (...args) => options.logger.debug('yoga', { args: args.map(String) }),
      info: (...args) => options.logger.info('yoga', { args: args.map(String) }),
      warn: (...args) => options.logger.warn('yoga', { args: args.map(String) }),
      error: (...args) => options.logger.error('yoga', { args: args.map((a) => (a instanceof Error ? a.name : String(a))) }),
    },
    maskedErrors: {
      maskError(error, message) {
        // Checked by shape, not instanceof: graphql ships CJS and ESM builds, and Yoga's copy may not be ours.
        const graphqlError = error as { originalError?: unknown; nodes?: GraphQLError['nodes']; path?: GraphQLError['path'] };
        const original = graphqlError.originalError;
        if (original instanceof DomainError) {
          return new GraphQLError(original.message, { nodes: graphqlError.nodes, path: graphqlError.path, extensions: { code: CODES[original.code] } });
        }
        // No cause, or a GraphQL error as cause (validation, variable coercion, a scalar refusing input): client errors.
        if (isGraphQLErrorLike(error) && (original === undefined || isGraphQLErrorLike(original))) return error as GraphQLError;
        options.logger.error('graphql resolver failed', { error: original instanceof Error ? original.message : String(original ?? error) });
        return new GraphQLError(message, { extensions: { code: 'INTERNAL_SERVER_ERROR' } });
      },
    },
  });
}
