import { existsSync, readFileSync } from 'node:fs';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parse, type ASTVisitor, type DocumentNode, type FieldNode, type GraphQLError, type ValidationContext } from 'graphql';
import { createGraphQLError, createYoga, type Plugin } from 'graphql-yoga';
import { isDatabaseBusyError } from '../../db/client';
import type { GraphQLContext, RequestContext } from '../platform/request-context';
import { DomainError } from '../platform/shared/errors';
import type { Logger } from '../log';
import { buildSchema } from './schema';
import { abuseLimitPlugins, stripSuggestions } from './security/limits';
import { DEFAULT_ALLOW_LIST_DIR, loadAllowList, persistedOperationPlugins, registeredDocuments } from './security/persisted-operations';
import transport from '@contract/i18n/de/transport.json';

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
  RATE_LIMITED: 'RATE_LIMITED',
  PAYLOAD_TOO_LARGE: 'PAYLOAD_TOO_LARGE',
};

/** HTTP status of the answer for thrown domain errors that are not answered 200 with an error (GraphQL over HTTP). */
const HTTP_STATUS: Partial<Record<DomainError['code'], number>> = { RATE_LIMITED: 429, PAYLOAD_TOO_LARGE: 413 };

function isGraphQLErrorLike(value: unknown): boolean {
  return value instanceof Error && value.name === 'GraphQLError';
}

/** The GraphQLError class of Yoga's copy of graphql: Yoga answers 500 for an error that is not one of its own. */
const YogaGraphQLError = createGraphQLError('').constructor as typeof GraphQLError;

/**
 * A client error as Yoga's own GraphQLError. The schema's scalars can bring the other build of graphql (ESM beside
 * CJS, as under vitest); there Yoga would take the error, or the scalar's error it wraps, for an
 * unexpected one and answer 500. Under plain Node all share one copy and the error is returned as it is. Shared with
 * the fund's endpoint (server/fund/http/fund-graphql.ts).
 */
export function asYogaError(error: GraphQLError): GraphQLError {
  const message = stripSuggestions(error.message);
  if (message === error.message && error instanceof YogaGraphQLError && (error.originalError == null || error.originalError instanceof YogaGraphQLError)) return error;
  return createGraphQLError(message, { nodes: error.nodes, source: error.source, positions: error.positions, path: error.path, extensions: error.extensions });
}

/**
 * Introspection off (production): integrators get the SDL from the repository's schema/ folder instead, so the
 * running portal does not hand out its full schema to anyone who asks (OWASP GraphQL cheat sheet).
 */
function useNoIntrospection(): Plugin {
  return {
    onValidate({ addValidationRule }) {
      // Same check as graphql's NoSchemaIntrospectionCustomRule, but the error is made by Yoga's own GraphQL copy,
      // so Yoga recognises it as a client error (a second copy of graphql may be loaded, as under vitest).
      addValidationRule((context: ValidationContext): ASTVisitor => ({
        Field(node: FieldNode) {
          if (node.name.value === '__schema' || node.name.value === '__type') {
            context.reportError(createGraphQLError(transport.introspectionOff, { nodes: [node] }));
          }
        },
      }));
    },
  };
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

/** Largest GraphQL request body (the web app's biggest document is a few KB; a persisted one is a hash). */
export const MAX_GRAPHQL_BODY_BYTES = 100 * 1024;

/**
 * Yoga options that bear on speed, shared with the bench's `{ hello }` floor (bench/yoga-hello.ts); docs/benchmarks.md
 * has what each gained.
 * - `cors: false`: the web app is served from the same origin, so no CORS headers (Yoga's default would reflect any
 *   Origin with `Access-Control-Allow-Credentials: true`) and no per-request CORS work.
 * - `multipart: false`: the schema has no uploads.
 */
export const YOGA_SPEED_OPTIONS = {
  cors: false,
  multipart: false,
  maxRequestBodySize: MAX_GRAPHQL_BODY_BYTES,
} as const;

/** The web app's persisted documents: codegen's `persisted-documents.json` (sha256 → document text). */
export const PERSISTED_DOCUMENTS_FILE = resolve(dirname(fileURLToPath(import.meta.url)), '../../web/src/gql/persisted-documents.json');

/** Reads and parses the persisted documents once; an absent file is an empty list. */
export function loadPersistedDocuments(file = PERSISTED_DOCUMENTS_FILE): Map<string, DocumentNode> {
  if (!existsSync(file)) return new Map();
  const entries = JSON.parse(readFileSync(file, 'utf8')) as Record<string, string>;
  return new Map(Object.entries(entries).map(([hash, text]) => [hash, parse(text)]));
}

/** The JSON answer to a batched (array) body: one operation per request (no batching, OWASP GraphQL cheat sheet). */
const BATCH_REFUSAL = JSON.stringify({
  errors: [{ message: transport.batching, extensions: { code: 'BATCHING_NOT_SUPPORTED' } }],
});

/** The part of a Yoga instance `nodeHandler` uses: its node:http overload of `handle`. */
interface NodeYoga<S> {
  handle(req: IncomingMessage, res: ServerResponse, ...serverContext: Partial<S>[]): unknown;
}

/**
 * The node:http entry to a Yoga instance. A POST JSON body of a declared length within the limit is read here
 * and handed to Yoga already parsed (`req.body`, which @whatwg-node/server takes as given, as with body-parser):
 * Yoga's own way pipes the body through web streams with an AbortController per request, which took about 40 %
 * of the dashboard's CPU time (docs/benchmarks.md). A JSON array (batching) is refused here with 400. Anything else
 * (other content types, chunked or oversized bodies, a body that is not a JSON object) goes to Yoga unchanged, so
 * its answers stay Yoga's (Yoga refuses batching too: `batching` is off).
 */
export function nodeHandler<S extends object>(yoga: NodeYoga<S>) {
  /** Hands the body text to Yoga: a JSON array is refused, an object is passed on parsed. */
  function handleJsonText(req: IncomingMessage, res: ServerResponse, serverContext: S, text: string): Promise<void> {
    let body: unknown;
    try {
      body = JSON.parse(text);
    } catch {
      body = undefined;
    }
    if (Array.isArray(body)) {
      res.writeHead(400, { 'Content-Type': 'application/json; charset=utf-8', 'Cache-Control': 'no-store' }).end(BATCH_REFUSAL);
      return Promise.resolve();
    }
    // An object with at least one key is taken as parsed; otherwise Yoga parses the text and answers the error.
    (req as IncomingMessage & { body?: unknown }).body = body !== null && typeof body === 'object' && Object.keys(body).length > 0 ? body : text || ' ';
    return Promise.resolve(yoga.handle(req, res, serverContext)).then(() => undefined);
  }

  /** `body`: the request body, when the caller has read it already (the response cache; a JSON POST within the limit). */
  return function handle(req: IncomingMessage, res: ServerResponse, serverContext: S, body?: Buffer): Promise<void> {
    if (body !== undefined) return handleJsonText(req, res, serverContext, body.toString('utf8'));
    const length = req.headers['content-length'];
    const type = req.headers['content-type'];
    if (req.method !== 'POST' || length === undefined || !/^\d+$/.test(length) || Number(length) > MAX_GRAPHQL_BODY_BYTES || !type?.startsWith('application/json')) {
      return Promise.resolve(yoga.handle(req, res, serverContext)).then(() => undefined);
    }
    return new Promise<void>((resolvePromise, reject) => {
      const chunks: Buffer[] = [];
      req.on('data', (chunk: Buffer) => chunks.push(chunk));
      req.once('error', reject);
      req.once('end', () => {
        const text = chunks.length === 1 ? chunks[0]!.toString('utf8') : Buffer.concat(chunks).toString('utf8');
        handleJsonText(req, res, serverContext, text).then(resolvePromise, reject);
      });
    });
  };
}

/**
 * The GraphQL endpoint at /graphql. Unexpected errors are masked (no messages or stacks leave the server);
 * domain errors keep their message and get `extensions.code`; no message carries a "Did you mean" hint.
 * GraphiQL, introspection and the landing page only outside production; no batching, no multipart uploads.
 * Abuse limits (depth, aliases, tokens, cost, directives) from security/limits.ts.
 *
 * Registered operations: the web app's persisted documents (default: codegen's persisted-documents.json) and
 * the integrators' allow-list (`allowListDir`, default config/graphql-operations), by hash. `persistedOnly`
 * (default: `production`) refuses every other document (security/persisted-operations.ts).
 *
 * `handle(req, res, context)` is the node:http entry; `yoga` the instance (for `fetch` in tests).
 */
export function createGraphQLHandler(options: {
  production: boolean;
  logger: Logger;
  persistedDocuments?: Map<string, DocumentNode>;
  persistedOnly?: boolean;
  allowListDir?: string;
}) {
  const allowList = loadAllowList(options.allowListDir ?? DEFAULT_ALLOW_LIST_DIR);
  for (const op of allowList) options.logger.info('graphql: allow-listed operation', { file: op.file, hash: op.hash });
  const webDocuments = options.persistedDocuments ?? loadPersistedDocuments();
  const documents = registeredDocuments(webDocuments, allowList);
  const persistedOnly = options.persistedOnly ?? options.production;
  if (persistedOnly && webDocuments.size === 0) options.logger.warn("graphql: persisted-only mode without the web app's documents (run npm run build): only the allow-list runs");
  const yoga = createYoga<GraphQLServerContext, GraphQLContext>({
    schema: buildSchema(),
    graphqlEndpoint: '/graphql',
    landingPage: false,
    graphiql: !options.production,
    ...YOGA_SPEED_OPTIONS,
    context: ({ requestContext }) => requestContext,
    batching: false,
    plugins: [...persistedOperationPlugins(documents, { persistedOnly }), ...abuseLimitPlugins(), useSessionCookies(), ...(options.production ? [useNoIntrospection()] : [])],
    logging: {
      debug: (...args) => options.logger.debug('yoga', { args: args.map(String) }),
      info: (...args) => options.logger.info('yoga', { args: args.map(String) }),
      warn: (...args) => options.logger.warn('yoga', { args: args.map(String) }),
      // Expected outcomes (a missing session, bad input) reach Yoga's error log as GraphQL errors: debug, not error.
      error: (...args) => {
        const expected = args.every((a) => !(a instanceof Error) || a.name === 'GraphQLError');
        options.logger[expected ? 'debug' : 'error']('yoga', { args: args.map((a) => (a instanceof Error ? a.name : String(a))) });
      },
    },
    maskedErrors: {
      maskError(error, message) {
        // Checked by shape, not instanceof: graphql ships CJS and ESM builds, and Yoga's copy may not be ours.
        const graphqlError = error as { originalError?: unknown; nodes?: GraphQLError['nodes']; path?: GraphQLError['path'] };
        const original = graphqlError.originalError;
        if (isDatabaseBusyError(original)) {
          // Another writer held the database beyond the busy timeout: a temporary condition, as REST's 503.
          options.logger.warn('graphql: database busy');
          return createGraphQLError(transport.busy, {
            nodes: graphqlError.nodes,
            path: graphqlError.path,
            extensions: { code: 'SERVICE_UNAVAILABLE', http: { status: 503, headers: { 'Retry-After': '2' } } },
          });
        }
        if (original instanceof DomainError) {
          const status = HTTP_STATUS[original.code];
          const http = status ? { http: { status, headers: original.retryAfterSeconds ? { 'Retry-After': String(original.retryAfterSeconds) } : {} } } : {};
          return createGraphQLError(original.message, {
            nodes: graphqlError.nodes,
            path: graphqlError.path,
            extensions: { code: CODES[original.code], ...(original.reason ? { reason: original.reason } : {}), ...http },
          });
        }
        // No cause, or a GraphQL error as cause (validation, variable coercion, a scalar refusing input): client errors.
        if (isGraphQLErrorLike(error) && (original === undefined || isGraphQLErrorLike(original))) return asYogaError(error as GraphQLError);
        options.logger.error('graphql resolver failed', { error: original instanceof Error ? original.message : String(original ?? error) });
        return createGraphQLError(message, { extensions: { code: 'INTERNAL_SERVER_ERROR' } });
      },
    },
  });
  return { yoga, handle: nodeHandler<GraphQLServerContext>(yoga) };
}
