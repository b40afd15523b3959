import type { IncomingMessage, ServerResponse } from 'node:http';
import { Kind, type DefinitionNode, type DocumentNode, type GraphQLError } from 'graphql';
import { createGraphQLError, createYoga, type Plugin } from 'graphql-yoga';
import { isDatabaseBusyError } from '../../../db/client';
import type { AppDeps } from '../../platform/deps';
import { publicOriginFor } from '../../platform/request-context';
import { DomainError } from '../../platform/shared/errors';
import { asYogaError, nodeHandler } from '../../graphql/yoga';
import { abuseLimitPlugins } from '../../graphql/security/limits';
import { FUND_GRAPHQL_PATH, type FundTokens } from '../access/fund-tokens';
import type { FundPrincipal } from '../access/scopes';
import type { FundContext } from '../graphql/fund-context';
import { buildFundSchema, insufficientScope, scopesNeeded } from '../graphql/fund-schema';
import { useStaffAudit } from '../staff/staff-audit';
import { createFundReadMemo } from './fund-read-memo';
import type { StaffService } from '../staff/staff.service';
import { createStaffStore } from '../staff/staff.store';

/**
 * Abuse limits of the fund's endpoint (OWASP GraphQL cheat sheet "Query limiting"). Wider than the members' (whose
 * operations are fixed by the web app): integrators write their own documents and read pages of up to 500 items.
 */
export const FUND_GRAPHQL_LIMITS = { maxDepth: 10, maxAliases: 15, maxTokens: 3000, maxCost: 500_000, maxDirectives: 20 } as const;

/**
 * Largest request body in bytes: a statement's PDF or a message's attachments travel base64-encoded in the variables
 * (10 MB of file is about 13.4 MB of base64); Yoga stops reading beyond it (413).
 */
export const FUND_GRAPHQL_MAX_BODY_BYTES = 15 * 1024 * 1024;

/** What the HTTP layer hands to Yoga: the verified principal and the origin for links. */
interface FundServerContext {
  principal: FundPrincipal;
  origin: string;
}

/** The definitions a request executes: its operation (by name, or the only one) and every fragment. */
function executedDefinitions(document: DocumentNode, operationName: string | null | undefined): DocumentNode {
  const operations = document.definitions.filter((d) => d.kind === Kind.OPERATION_DEFINITION);
  const chosen = operationName ? operations.filter((o) => o.name?.value === operationName) : operations.length === 1 ? operations : [];
  const definitions: DefinitionNode[] = [...chosen, ...document.definitions.filter((d) => d.kind === Kind.FRAGMENT_DEFINITION)];
  return { ...document, definitions };
}

/**
 * Refuses, before anything runs, a document that selects a field whose `@scope` the principal lacks: 403 with
 * `WWW-Authenticate: Bearer error="insufficient_scope"` and `extensions.scope` (RFC 6750 section 3.1). Checked per
 * request, after Yoga's cached parse and validation, because the answer depends on the token.
 */
function useScopeCheck(): Plugin<FundContext> {
  return {
    onExecute({ args, setResultAndStopExecution }) {
      const principal = (args.contextValue as FundContext).principal;
      const missing = scopesNeeded(args.schema, executedDefinitions(args.document, args.operationName)).find((s) => !principal.scopes.has(s));
      if (missing) {
        const error = insufficientScope(missing);
        setResultAndStopExecution({ errors: [createGraphQLError(error.message, { extensions: error.extensions })] });
      }
    },
  };
}

/** `Cache-Control: no-store` on every answer: they carry members' data (RFC 9111 section 5.2.2.5). */
function useNoStore(): Plugin {
  return {
    onResponse({ response }) {
      response.headers.set('Cache-Control', 'no-store');
    },
  };
}

const DOMAIN_CODES: Record<DomainError['code'], string> = {
  SESSION_INVALID: 'UNAUTHENTICATED',
  SESSION_TIMEOUT: 'UNAUTHENTICATED',
  NOT_FOUND: 'NOT_FOUND',
  BAD_REQUEST: 'BAD_USER_INPUT',
  FORBIDDEN: 'FORBIDDEN',
  RATE_LIMITED: 'RATE_LIMITED',
  PAYLOAD_TOO_LARGE: 'PAYLOAD_TOO_LARGE',
};

function answer401(res: ServerResponse, error: 'invalid_request' | 'invalid_token', message: string): void {
  // RFC 6750 section 3: a request without a token gets the challenge without an error code; a bad token gets invalid_token.
  const challenge = error === 'invalid_request' ? 'Bearer realm="fund"' : `Bearer realm="fund", error="invalid_token"`;
  res
    .writeHead(401, { 'Content-Type': 'application/json; charset=utf-8', 'Cache-Control': 'no-store', 'WWW-Authenticate': challenge })
    .end(JSON.stringify({ errors: [{ message, extensions: { code: 'UNAUTHENTICATED' } }] }));
}

/**
 * The principal of the request's `Authorization: Bearer` token (decision 0050), or null after answering 401: no or
 * malformed header (`Bearer realm="fund"`), or a token that does not verify (`error="invalid_token"`).
 */
export async function bearerPrincipal(deps: AppDeps, tokensFor: (req: IncomingMessage) => FundTokens, req: IncomingMessage, res: ServerResponse): Promise<FundPrincipal | null> {
  const header = req.headers.authorization;
  const match = header === undefined ? null : /^Bearer ([A-Za-z0-9\-._~+/]+=*)$/i.exec(header.trim());
  if (!match) {
    answer401(res, 'invalid_request', 'Send an access token of the fund: Authorization: Bearer <token> (POST /oauth/token).');
    return null;
  }
  const verified = await tokensFor(req).verify(match[1]!);
  if ('refused' in verified) {
    deps.logger.info('fund token refused at the endpoint', { refused: verified.refused });
    answer401(res, 'invalid_token', 'The access token is invalid, expired or revoked.');
    return null;
  }
  return verified.ok;
}

/**
 * The fund's GraphQL endpoint `POST /fund/graphql` (decision 0053): its own schema (server/fund/**\/*.graphql and the shared enums of `fundSdlFiles`,
 * printed by `npm run codegen` to server/fund/graphql/__generated__/fund.graphql), reached with a bearer access token of the fund (decision 0050) or, without an
 * Authorization header, a staff session of the workbench (`staffDoor`, decision 0054) with its role's scopes and every
 * operation in the audit trail; the members' session cookie is never read here. No token or a malformed header: 401 `WWW-Authenticate: Bearer realm="fund"`; a token
 * that does not verify (signature, `alg`, issuer, audience, expiry, revoked client): 401 with
 * `error="invalid_token"`; a missing scope: 403 naming it. Unexpected errors are masked; domain errors keep their
 * message with `extensions.code`. No batching, no uploads (files travel base64-encoded), introspection for
 * authenticated callers (the schema is published anyway).
 * @throws Error at construction when a field's scope is undeclared or unknown (the server does not start).
 */
export function createFundGraphQLRoute(
  deps: AppDeps,
  tokensFor: (req: IncomingMessage) => FundTokens,
  staffDoor?: { staff: StaffService; tokenOf: (req: IncomingMessage) => string | undefined },
) {
  const staffStore = createStaffStore(deps.db);
  const schema = buildFundSchema();
  const yoga = createYoga<FundServerContext, FundContext>({
    schema,
    graphqlEndpoint: FUND_GRAPHQL_PATH,
    landingPage: false,
    graphiql: false,
    cors: false,
    multipart: false,
    batching: false,
    maxRequestBodySize: FUND_GRAPHQL_MAX_BODY_BYTES,
    context: ({ principal, origin }) => ({ principal, origin, deps, audit: new Map() }),
    plugins: [...abuseLimitPlugins(FUND_GRAPHQL_LIMITS), useScopeCheck(), useNoStore(), useStaffAudit({ store: staffStore, clock: deps.clock, logger: deps.logger })],
    logging: {
      debug: (...args) => deps.logger.debug('fund yoga', { args: args.map(String) }),
      info: (...args) => deps.logger.info('fund yoga', { args: args.map(String) }),
      warn: (...args) => deps.logger.warn('fund yoga', { args: args.map(String) }),
      error: (...args) => {
        const expected = args.every((a) => !(a instanceof Error) || a.name === 'GraphQLError');
        deps.logger[expected ? 'debug' : 'error']('fund yoga', { args: args.map((a) => (a instanceof Error ? a.name : String(a))) });
      },
    },
    maskedErrors: {
      maskError(error, message) {
        const graphqlError = error as { originalError?: unknown; nodes?: GraphQLError['nodes']; path?: GraphQLError['path'] };
        const original = graphqlError.originalError;
        const at = { nodes: graphqlError.nodes, path: graphqlError.path };
        if (isDatabaseBusyError(original)) {
          return createGraphQLError('The database is busy; retry shortly.', {
            ...at,
            extensions: { code: 'SERVICE_UNAVAILABLE', http: { status: 503, headers: { 'Retry-After': '2' } } },
          });
        }
        if (original instanceof DomainError) return createGraphQLError(original.message, { ...at, extensions: { code: DOMAIN_CODES[original.code] } });
        const isGraphQLError = (value: unknown) => value instanceof Error && value.name === 'GraphQLError';
        if (isGraphQLError(error) && (original === undefined || isGraphQLError(original))) {
          const inner = (original ?? error) as GraphQLError;
          return asYogaError(createGraphQLError(inner.message, { ...at, extensions: inner.extensions }));
        }
        deps.logger.error('fund graphql resolver failed', { error: original instanceof Error ? original.message : String(original ?? error) });
        return createGraphQLError(message, { extensions: { code: 'INTERNAL_SERVER_ERROR' } });
      },
    },
  });

  // Reads of the work list by machine clients, kept while nothing they show changed (decision 0060).
  const memo = createFundReadMemo(deps.db, schema, deps.clock);
  const toYoga = nodeHandler<FundServerContext>(yoga);

  return {
    yoga,
    /** Verifies the bearer token, then hands the request to Yoga with the principal. */
    async handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
      const header = req.headers.authorization;
      const staffToken = header === undefined ? staffDoor?.tokenOf(req) : undefined;
      if (staffToken !== undefined && staffDoor) {
        // The workbench (decision 0054): the staff session cookie, never the members'. A cookie rides along on any
        // request, so a POST must carry the non-simple JSON content type (no cross-site form can, no CORS is granted).
        const json = (req.headers['content-type'] ?? '').split(';')[0]!.trim().toLowerCase() === 'application/json';
        const checked = await staffDoor.staff.check(staffToken);
        if (!checked || (req.method === 'POST' && !json)) return answer401(res, 'invalid_token', 'The staff session is missing, ended or idle; sign in again.');
        const origin = publicOriginFor(deps.config, { localAddress: req.socket.localAddress, localPort: req.socket.localPort });
        await yoga.handle(req, res, { principal: checked.principal, origin });
        return;
      }
      const principal = await bearerPrincipal(deps, tokensFor, req, res);
      if (!principal) return;
      const origin = publicOriginFor(deps.config, { localAddress: req.socket.localAddress, localPort: req.socket.localPort });
      const memoised = await memo.lookup(req, res, principal, origin);
      if (memoised === 'hit') return;
      memoised?.record?.(res);
      await toYoga(req, res, { principal, origin }, memoised?.body);
    },
  };
}
