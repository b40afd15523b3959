import type { IncomingMessage } from 'node:http';
import { Kind, type DocumentNode } from 'graphql';
import type { SessionCheck } from '../modules/session/session-check';

/**
 * Which requests the per-process response cache answers, and their key (server/http/response-cache.ts, decision
 * 0038). An explicit allow-list of reads: each one's answer depends only on the person's data (versioned in the
 * database, db/data-versions.ts), the session fields in the key and the Vienna date, never on the time of day.
 * - `DashboardPage_Query`: person, contracts and accounts with their newest statement, employers, VRGs, unread
 *   counts, the newest claim and the open decisions (`decisionDaysLeft` counts days: the date is in the key);
 * - `DocumentsOverview_Query`: the person's documents by category with their read state;
 * - REST `getPersonalData`: person, address, the bank account in force on the day, contracts and accounts.
 */
export const CACHED_GRAPHQL_OPERATIONS: readonly string[] = ['DashboardPage_Query', 'DocumentsOverview_Query'];
export const CACHED_REST_PATHS: readonly string[] = ['/rest/getPersonalData'];

/** Largest request body read for the cache (a persisted operation's hash and variables); a larger one takes the normal path. */
export const MAX_CACHED_REQUEST_BYTES = 16 * 1024;

/**
 * Whether a POST that `candidateOf` took declares no body (Content-Length 0, or neither Content-Length nor
 * Transfer-Encoding): the cache then reads nothing from the request.
 */
export function declaresNoBody(req: IncomingMessage): boolean {
  const length = req.headers['content-length'];
  return length === undefined ? req.headers['transfer-encoding'] === undefined : /^0+$/.test(length);
}

/**
 * The persisted-document hashes of the cached GraphQL operations in `documents` (codegen's persisted-documents.json,
 * keys `sha256:<hex>`), each with and without its prefix (the server accepts both).
 */
export function cachedOperationHashes(documents: Map<string, DocumentNode>, operations = CACHED_GRAPHQL_OPERATIONS): Set<string> {
  const hashes = new Set<string>();
  for (const [hash, document] of documents) {
    const named = document.definitions.some((d) => d.kind === Kind.OPERATION_DEFINITION && d.name !== undefined && operations.includes(d.name.value));
    if (!named) continue;
    hashes.add(hash);
    if (hash.startsWith('sha256:')) hashes.add(hash.slice('sha256:'.length));
  }
  return hashes;
}

/** A request the cache may answer: GraphQL by a persisted hash (GET, or POST whose body names it) or an allow-listed REST method. */
export type Candidate = { kind: 'graphql-get'; operation: string } | { kind: 'graphql-post' } | { kind: 'rest'; operation: string };

function persistedHash(extensions: unknown, hashes: Set<string>): string | null {
  if (extensions === null || typeof extensions !== 'object') return null;
  const persisted = (extensions as { persistedQuery?: { sha256Hash?: unknown } }).persistedQuery;
  const hash = persisted?.sha256Hash;
  return typeof hash === 'string' && hashes.has(hash) ? hash : null;
}

/**
 * Whether a POST carries a small body of declared length or, with `orNone`, no body (no Content-Length and no
 * Transfer-Encoding, as a REST call without fields is often sent); chunked or larger bodies take the normal path. A
 * GraphQL POST needs the declared length, as the GraphQL handler's own reading of the body does (server/graphql/yoga.ts).
 */
function smallDeclaredBody(req: IncomingMessage, orNone = false): boolean {
  const length = req.headers['content-length'];
  if (length === undefined) return orNone && req.headers['transfer-encoding'] === undefined;
  return /^\d+$/.test(length) && Number(length) <= MAX_CACHED_REQUEST_BYTES;
}

/**
 * The cache's candidate for a request, from method, path and headers only (nothing read yet), or null. A GET names
 * its operation in the query string (`extensions={"persistedQuery":…}`, no `query`); a POST's operation is known
 * once its body is read (`graphqlBodyOperation`).
 */
export function candidateOf(req: IncomingMessage, pathname: string, search: string, hashes: Set<string>): Candidate | null {
  if (pathname === '/graphql') {
    if (req.method === 'GET') {
      const params = new URLSearchParams(search);
      if (params.has('query')) return null;
      let extensions: unknown;
      try {
        extensions = JSON.parse(params.get('extensions') ?? 'null');
      } catch {
        return null;
      }
      const operation = persistedHash(extensions, hashes);
      return operation ? { kind: 'graphql-get', operation } : null;
    }
    const type = req.headers['content-type'];
    return req.method === 'POST' && type?.startsWith('application/json') && smallDeclaredBody(req) ? { kind: 'graphql-post' } : null;
  }
  if (CACHED_REST_PATHS.includes(pathname) && req.method === 'POST' && smallDeclaredBody(req, true)) return { kind: 'rest', operation: pathname };
  return null;
}

/** The cached operation a GraphQL POST body names by its persisted hash alone (no `query` text), or null. */
export function graphqlBodyOperation(body: Buffer, hashes: Set<string>): string | null {
  let parsed: unknown;
  try {
    parsed = JSON.parse(body.toString('utf8'));
  } catch {
    return null;
  }
  if (parsed === null || typeof parsed !== 'object' || Array.isArray(parsed) || 'query' in parsed) return null;
  return persistedHash((parsed as { extensions?: unknown }).extensions, hashes);
}

/**
 * The cache key of an answer: whose session (the token's hash) and the session fields that change what the same
 * person sees (mailbox type, selected duty, stage), the operation, the request's method, URL, Accept and
 * Content-Type (Yoga's answer depends on them) and body bytes (the variables), and the Vienna date (`today`). The
 * answer is stored uncompressed; compression is applied on every answer as on the normal path.
 */
export function cacheKey(
  session: Extract<SessionCheck, { state: 'ACTIVE' }>,
  request: { operation: string; method: string; url: string; accept: string; contentType: string; body: Buffer },
  today: string,
): string {
  return [
    session.tokenHash,
    session.mailboxType,
    session.selectedDutyId ?? '',
    session.stage,
    today,
    request.operation,
    request.method,
    request.url,
    request.accept,
    request.contentType,
    request.body.toString('latin1'),
  ].join('\n');
}

/** Whether a captured answer may be stored: 200, no cookie set, and (GraphQL) no `errors` in the body. */
export function storable(answer: { status: number; headers: Record<string, unknown>; body: Buffer }, graphql: boolean): boolean {
  if (answer.status !== 200 || answer.headers['set-cookie'] !== undefined) return false;
  if (!graphql) return true;
  try {
    const parsed = JSON.parse(answer.body.toString('utf8')) as { errors?: unknown };
    return parsed.errors === undefined;
  } catch {
    return false;
  }
}
