import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { resolve } from 'node:path';
import compression from 'compression';
import type { Config } from './config';
import type { AppDeps } from './app-deps';
import { createRequestContext } from './platform/request-context';
import { createGraphQLHandler, loadPersistedDocuments } from './graphql/yoga';
import { appShellAnswer, withServedConfig } from './http/served-config';
import { CALCPRINT_PATH, handleCalcprint } from './modules/calculator/calculator.print-route';
import { DOWNLOAD_PATH, handleDownload } from './http/download';
import { DATA_EXPORT_PATH, handleDataExportDownload } from './modules/data-export/data-export.download-route';
import { createEidRoutes } from './modules/eid/eid.routes';
import { createResponseCache } from './http/response-cache';
import { cachedOperationHashes } from './http/response-cache.rules';
import { prerenderedIndexName } from './http/prerendered-index';
import { createStaticHandler } from './http/static';
import { handleUpload, UPLOAD_PATH } from './modules/uploads/uploads.route';
import { handleMergeApplication, MERGE_APPLICATION_PATH } from './modules/merge/merge.application-route';
import { handleRest } from './rest/handler';
import { createFundTokenRoutes } from './fund/http/token-endpoint';
import { createFundGraphQLRoute } from './fund/http/fund-graphql';
import { createStaffEndpoints } from './fund/http/staff-endpoints';
import { createStaffService } from './fund/staff/staff.service';
import { createStaffStore } from './fund/staff/staff.store';
import { FUND_GRAPHQL_PATH } from './fund/access/fund-tokens';
import { createClaimFileRoute } from './fund/http/claim-file';
import { FUND_CLAIM_FILE_PATH } from './fund/claims/claim-file-links';
import transport from '@contract/i18n/de/transport.json';

/**
 * Headers on every answer: no MIME sniffing, no referrer leaks, and a Content-Security-Policy that allows scripts
 * only from the portal itself (no inline scripts), plus the configured Matomo and chatbot origins, and framing only
 * by the configured embedders of the `embedded=1` login (none by default).
 */
export function securityHeaders(config: Config): Record<string, string> {
  const extra = [config.MATOMO_URL, config.CHATBOT_URL].filter((u): u is string => !!u).map((u) => new URL(u).origin);
  const scripts = ["'self'", ...extra].join(' ');
  const frameAncestors = config.FRAME_ANCESTORS.trim() || "'none'";
  return {
    'X-Content-Type-Options': 'nosniff',
    'Referrer-Policy': 'strict-origin-when-cross-origin',
    'Content-Security-Policy': [
      "default-src 'self'",
      `script-src ${scripts}`,
      "style-src 'self' 'unsafe-inline'",
      `img-src 'self' data: ${extra.join(' ')}`.trim(),
      `connect-src ${scripts}`,
      "font-src 'self'",
      "object-src 'none'",
      "base-uri 'self'",
      "form-action 'self'",
      `frame-ancestors ${frameAncestors}`,
    ].join('; '),
    ...(config.PUBLIC_ORIGIN?.startsWith('https:') ? { 'Strict-Transport-Security': 'max-age=31536000; includeSubDomains' } : {}),
  };
}

/**
 * Content types a cross-site page may POST without a CORS preflight (the CORS "simple" ones), and a missing type.
 * Compared by the MIME type's essence (lower-cased, parameters dropped).
 */
const SIMPLE_CONTENT_TYPES = new Set(['', 'application/x-www-form-urlencoded', 'multipart/form-data', 'text/plain']);

/** The essence of a Content-Type header: `application/json; charset=utf-8` → `application/json`. */
export function contentTypeEssence(header: string | undefined): string {
  return (header ?? '').split(';')[0]!.trim().toLowerCase();
}

/**
 * CSRF guard for POST /graphql and POST /rest/* (GraphQL-over-HTTP, and the rule graphql-yoga's and Apollo Server's
 * CSRF prevention apply). A POST passes when it carries
 * - the spec's version-marker header `X-Application-Version` (a non-simple header: a cross-site page cannot send it
 *   without a CORS preflight, which this server never grants), or
 * - an `Origin` equal to the portal's own origin, or
 * - on /graphql only: a non-simple content type (`application/json`, `application/graphql-response+json`, …) and no
 *   foreign `Origin`. Such a request cannot come from a cross-site page without a preflight either, so standard
 *   GraphQL clients (Apollo, urql, graphql-request, Postman, curl) need no custom header.
 * A cross-site form post (simple content type, foreign or no Origin, no marker) is refused; REST keeps needing the
 * marker or the own Origin whatever its content type. GET requests cannot run mutations (Yoga answers 405), so they
 * need no check.
 */
export function passesCsrfCheck(req: IncomingMessage, config: Config, pathname = ''): boolean {
  if (req.method !== 'POST') return true;
  if (typeof req.headers['x-application-version'] === 'string') return true;
  const origin = req.headers.origin;
  const own = config.PUBLIC_ORIGIN ?? `http://${req.headers.host ?? ''}`;
  if (origin !== undefined) return origin === own;
  return pathname === '/graphql' && !SIMPLE_CONTENT_TYPES.has(contentTypeEssence(req.headers['content-type']));
}

function refuseCsrf(res: ServerResponse): void {
  const body = JSON.stringify({ error: 'CSRF', message: transport.csrf });
  res.writeHead(403, { 'Content-Type': 'application/json; charset=utf-8', 'Cache-Control': 'no-store' }).end(body);
}

/** What the request context takes from a request: its headers and both ends of its connection. */
function connectionOf(req: IncomingMessage) {
  return { headers: req.headers, remoteAddress: req.socket.remoteAddress, localAddress: req.socket.localAddress, localPort: req.socket.localPort };
}

/**
 * Compression of API answers (the `compression` middleware, used without Express): bodies above `thresholdBytes`
 * are sent brotli- or gzip-encoded as the request's `Accept-Encoding` allows, with `Vary: Accept-Encoding`. The
 * middleware wraps `res.write`/`res.end` before the handler writes, and calls its `next` synchronously.
 */
function createJsonCompression(thresholdBytes: number) {
  const middleware = compression({ threshold: thresholdBytes });
  type Req = Parameters<typeof middleware>[0];
  type Res = Parameters<typeof middleware>[1];
  return function compressJson(req: IncomingMessage, res: ServerResponse): void {
    middleware(req as Req, res as Res, () => undefined);
  };
}

/**
 * Server paths of spec 000 section 7 ("webportal/verfuegungen", …) that are REST registry methods of the same name:
 * served at `/webportal/…` as the spec's configuration names them, and at `/rest/webportal/…` like every method.
 */
const WEBPORTAL_REST_PATHS = new Set(['/webportal/verfuegungen', '/webportal/kontoinformation', '/webportal/uploadForm', '/webportal/form']);

/**
 * One node:http handler for the three doors (ARCHITECTURE.md): /graphql → Yoga, /rest/{method} → the REST
 * registry, /webportal/eid/start and /webportal/eid/callback → the electronic-ID login (server/modules/eid/eid.routes.ts),
 * everything else → the built web app.
 */
export function createApp(deps: AppDeps, options: { webRoot?: string } = {}) {
  const persistedDocuments = loadPersistedDocuments();
  const graphql = createGraphQLHandler({
    persistedDocuments,
    production: deps.config.NODE_ENV === 'production',
    logger: deps.logger,
    persistedOnly: deps.config.GRAPHQL_PERSISTED_ONLY,
    allowListDir: deps.config.GRAPHQL_ALLOW_LIST_DIR,
  });
  // The client configuration for every index page, asked once from the GraphQL handler (awaited before a page is sent).
  let appShell: unknown = null;
  const appShellReady = appShellAnswer(deps, graphql.yoga, persistedDocuments).then((answer) => {
    appShell = answer;
  });
  const serveStatic = createStaticHandler(options.webRoot ?? resolve('dist/web'), {
    serveSourceMaps: deps.config.NODE_ENV !== 'production',
    indexFile: (req) => prerenderedIndexName(req, deps.config),
    // The client configuration inside every index page, so the web app starts without asking for it first.
    transformIndex: (html) => withServedConfig(html, appShell),
  });
  const compressJson = createJsonCompression(deps.config.COMPRESSION_THRESHOLD_BYTES);
  const eid = createEidRoutes(deps);
  // The fund's machine door (decision 0050): token endpoint and key set.
  const fundTokens = createFundTokenRoutes(deps);
  // The fund's GraphQL endpoint, reached only with the fund's bearer tokens (decision 0053).
  // The workbench's staff sign-in (decision 0054); staff reach the same endpoint with their session.
  const staff = createStaffService({
    store: createStaffStore(deps.db),
    clock: deps.clock,
    lockout: { threshold: deps.authSettings.lockoutThreshold, ms: deps.authSettings.lockoutMs },
  });
  const staffEndpoints = createStaffEndpoints(deps, staff);
  const fundGraphql = createFundGraphQLRoute(deps, fundTokens.tokensFor, { staff, tokenOf: staffEndpoints.tokenOf });
  // Claim files for the fund by short-lived signed links, with the client's token (decision 0056).
  // The workbench opens them with the staff session (decision 0054), each file a READ row of the audit trail.
  const fundClaimFile = createClaimFileRoute(deps, fundTokens.tokensFor, { staff, tokenOf: staffEndpoints.tokenOf, store: createStaffStore(deps.db) });
  const headers = Object.entries(securityHeaders(deps.config));
  // The per-process cache of the hot reads (decision 0038); null when RESPONSE_CACHE_MAX_ENTRIES is 0.
  const cache = createResponseCache(deps, cachedOperationHashes(persistedDocuments));

  async function handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const url = req.url ?? '/';
    const q = url.indexOf('?');
    const pathname = q === -1 ? url : url.slice(0, q);
    const webportalRest = WEBPORTAL_REST_PATHS.has(pathname);
    const api = pathname === '/graphql' || pathname.startsWith('/rest/');
    if ((api || pathname === CALCPRINT_PATH || pathname === UPLOAD_PATH || webportalRest) && !passesCsrfCheck(req, deps.config, pathname)) {
      for (const [k, v] of headers) res.setHeader(k, v);
      return refuseCsrf(res);
    }
    const search = q === -1 ? '' : url.slice(q + 1);
    // A cache hit is answered here, before anything else is built; its stored headers include the security headers.
    const cached = api && cache ? await cache.lookup(req, res, pathname, search) : null;
    if (cached === 'hit') return;
    for (const [k, v] of headers) res.setHeader(k, v);
    if (webportalRest) {
      compressJson(req, res);
      await handleRest(req, res, pathname.slice(1), createRequestContext(deps, connectionOf(req)));
      return;
    }
    if (api) {
      compressJson(req, res);
      cached?.record?.(res);
      const requestContext = createRequestContext(deps, connectionOf(req));
      if (pathname === '/graphql') await graphql.handle(req, res, { requestContext }, cached?.body);
      else await handleRest(req, res, pathname.slice('/rest/'.length), requestContext, cached?.body);
      return;
    }
    if (fundTokens.handles(pathname)) return fundTokens.handle(req, res, pathname);
    if (pathname === FUND_GRAPHQL_PATH) return fundGraphql.handle(req, res);
    if (staffEndpoints.handles(pathname)) return staffEndpoints.handle(req, res, pathname);
    if (pathname === FUND_CLAIM_FILE_PATH) return fundClaimFile(req, res, search);
    if (pathname === DOWNLOAD_PATH) return handleDownload(req, res, url, deps);
    if (pathname === DATA_EXPORT_PATH) return handleDataExportDownload(req, res, url, deps);
    if (pathname === MERGE_APPLICATION_PATH) return handleMergeApplication(req, res, url, createRequestContext(deps, connectionOf(req)));
    if (pathname === UPLOAD_PATH) return handleUpload(req, res, url, deps);
    if (pathname === CALCPRINT_PATH) {
      const requestContext = createRequestContext(deps, connectionOf(req));
      await handleCalcprint(req, res, requestContext);
      return;
    }
    if (eid.handles(pathname)) {
      const requestContext = createRequestContext(deps, connectionOf(req));
      await eid.handle(req, res, pathname, search, requestContext);
      return;
    }
    if (pathname === '/' || pathname.endsWith('.html')) await appShellReady;
    serveStatic(req, res, pathname);
  }

  // An error of a request's own streams (a client that resets the connection in the middle of its body, a response
  // written to a closed socket) belongs to that request: logged, never left unhandled to end the process (decision 0045).
  const onStreamError = (error: Error) => deps.logger.debug('request stream failed', { error: error.message });

  return function requestListener(req: IncomingMessage, res: ServerResponse): void {
    req.on('error', onStreamError);
    res.on('error', onStreamError);
    handle(req, res).catch((error: unknown) => {
      deps.logger.error('request failed', { error: error instanceof Error ? error.message : String(error) });
      if (!res.headersSent) res.writeHead(500, { 'Content-Type': 'application/json; charset=utf-8' }).end('{"error":"INTERNAL"}');
      else res.destroy();
    });
  };
}

/** Connection limits of the node:http server (HTTP_* in server/config.ts; decision 0011). */
export interface ConnectionLimits {
  /** Milliseconds to receive the complete request headers. */
  headersTimeoutMs: number;
  /** Milliseconds to receive the complete request (headers and body); also the socket's inactivity limit. */
  requestTimeoutMs: number;
  /** Milliseconds an idle keep-alive connection stays open. */
  keepAliveTimeoutMs: number;
  /** Open connections at once; more are closed as they arrive. */
  maxConnections: number;
}

/** The connection limits of a configuration. */
export function connectionLimits(config: Config): ConnectionLimits {
  return {
    headersTimeoutMs: config.HTTP_HEADERS_TIMEOUT_MS,
    requestTimeoutMs: config.HTTP_REQUEST_TIMEOUT_MS,
    keepAliveTimeoutMs: config.HTTP_KEEP_ALIVE_TIMEOUT_MS,
    maxConnections: config.HTTP_MAX_CONNECTIONS,
  };
}

/**
 * Applies `limits` to a node:http server (also after it started listening, as the test server does). Node answers a
 * request whose headers or body did not arrive in time with 408 and closes the connection; `timeout` closes a socket
 * without traffic for `requestTimeoutMs` (a client that stops reading a long answer); `maxConnections` closes
 * connections beyond the cap at once.
 */
export function applyConnectionLimits(server: Server, limits: ConnectionLimits): void {
  server.headersTimeout = limits.headersTimeoutMs;
  server.requestTimeout = limits.requestTimeoutMs;
  server.keepAliveTimeout = limits.keepAliveTimeoutMs;
  server.maxConnections = limits.maxConnections;
  server.timeout = limits.requestTimeoutMs;
}

/**
 * How often node:http checks the header and request time limits of open connections, in milliseconds (Node's default
 * of 30 s would let a dribbling client stay up to 30 s past its limit).
 */
export const CONNECTION_CHECK_INTERVAL_MS = 1000;

/**
 * Starts listening with `limits` (default: those of an empty configuration); resolves with the server and the bound
 * port (PORT=0 picks a free one).
 */
export function listen(listener: ReturnType<typeof createApp>, port: number, host: string, limits?: ConnectionLimits): Promise<{ server: Server; port: number }> {
  const server = createServer({ connectionsCheckingInterval: CONNECTION_CHECK_INTERVAL_MS }, listener);
  if (limits) applyConnectionLimits(server, limits);
  return new Promise((resolvePromise, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => {
      const address = server.address();
      resolvePromise({ server, port: typeof address === 'object' && address ? address.port : port });
    });
  });
}
