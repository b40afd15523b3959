import type { DocumentNode } from 'graphql';
import type { AppDeps } from '../platform/deps';
import { createRequestContext, type RequestContext } from '../platform/request-context';

/** The web app's query for what it needs before the first screen (web/src/app/api/get-app-shell.ts). */
const APP_SHELL_OPERATION = 'AppShell_Query';

/** The id of the JSON data block the web app reads (web/src/lib/served-config.ts). */
const SERVED_CONFIG_ELEMENT_ID = 'client-config';

/** The persisted document's hash that defines `operationName`, if any. */
function hashOf(documents: Map<string, DocumentNode>, operationName: string): string | undefined {
  for (const [hash, document] of documents) {
    if (document.definitions.some((d) => d.kind === 'OperationDefinition' && d.name?.value === operationName)) return hash;
  }
  return undefined;
}

/**
 * JSON as the content of a `<script type="application/json">` element: `<` is escaped, so no text of the
 * configuration (the announcement's HTML) can close the element, and U+2028/U+2029 as well.
 */
function scriptJson(value: unknown): string {
  return JSON.stringify(value)
    .replace(/</g, '\\u003c')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');
}

/** The part of the Yoga instance (server/graphql/yoga.ts) the answer is asked from: its in-process `fetch`. */
interface FetchingYoga {
  fetch(url: string, init: RequestInit, serverContext: { requestContext: RequestContext }): Response | Promise<Response>;
}

/**
 * The answer of the web app's persisted `AppShell_Query` (the client configuration of spec 000 section 3: tenant,
 * analytics, chatbot, inactivity warning, announcement, eID and version numbers) as `data`, asked once from this
 * server's own GraphQL handler by hash, as the web app would ask. The configuration depends only on the environment
 * (server/modules/tenant/client-config.ts), so it is the same for every request of the process. Null when the web
 * app's documents are not there (no build) or the query fails; the page then goes without it.
 */
export async function appShellAnswer(deps: AppDeps, yoga: FetchingYoga, documents: Map<string, DocumentNode>): Promise<unknown> {
  const hash = hashOf(documents, APP_SHELL_OPERATION);
  if (!hash) return null;
  try {
    const requestContext = createRequestContext(deps, { headers: {}, remoteAddress: undefined });
    const body = JSON.stringify({ operationName: APP_SHELL_OPERATION, extensions: { persistedQuery: { version: 1, sha256Hash: hash } } });
    const res = await yoga.fetch(
      'http://portal.internal/graphql',
      { method: 'POST', headers: { 'content-type': 'application/json', accept: 'application/json' }, body },
      { requestContext },
    );
    const answer = (await res.json()) as { data?: unknown; errors?: unknown[] };
    return res.ok && !answer.errors?.length && answer.data ? answer.data : null;
  } catch (error) {
    deps.logger.warn('served config: AppShell_Query failed', { error: error instanceof Error ? error.message : String(error) });
    return null;
  }
}

/**
 * Puts `answer` into an index page as `<script type="application/json" id="client-config">` before `</head>`
 * (decision 0034, amendment "later"): the web app starts its router from it instead of asking for the
 * configuration first. A data block is not run, so the CSP's `script-src 'self'` stands. Without an answer the page
 * stays as it is and the app asks over GraphQL.
 */
export function withServedConfig(html: string, answer: unknown): string {
  if (answer === null || !html.includes('</head>')) return html;
  return html.replace('</head>', `  <script type="application/json" id="${SERVED_CONFIG_ELEMENT_ID}">${scriptJson(answer)}</script>\n  </head>`);
}
