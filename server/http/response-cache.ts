import type { IncomingMessage, OutgoingHttpHeaders, ServerResponse } from 'node:http';
import { eq, or, sql } from 'drizzle-orm';
import { LRUCache } from 'lru-cache';
import type { Db } from '../../db/client';
import { preparedRead } from '../../db/prepared';
import { dataVersions } from '../../db/schema';
import type { AppDeps } from '../app-deps';
import type { RequestContext } from '../context';
import { cacheKey, candidateOf, graphqlBodyOperation, storable } from './response-cache.rules';
import { isoDateVienna } from '@contract/dates';

/**
 * A per-process cache of whole answers for an allow-list of hot reads (issue 18 item 5, decision 0038; which
 * requests and the key: response-cache.rules.ts), in front of Yoga and the REST handler: a hit costs the session
 * check, one read of two data versions and writing stored bytes, instead of the GraphQL or REST request path.
 *
 * Validity across processes: an entry holds the person's and the global data version (db/schema/data-versions.ts)
 * read before its answer was computed; database triggers bump them on every write to the data the answers read
 * (db/data-versions.ts), whichever process or tool writes. A hit needs both versions unchanged.
 *
 * The session check is the request's own (`scope.session()`, with touch): anything but an active, fully logged-in
 * session takes the normal path, so time-outs, logout and other tenants answer as without the cache.
 */

/** A stored answer: status, headers and body as the normal path wrote them (uncompressed), with the versions it was computed at. */
export interface CachedAnswer {
  status: number;
  headers: OutgoingHttpHeaders;
  body: Buffer;
  personVersion: number;
  globalVersion: number;
  bytes: number;
}

/**
 * The answers of a process, least recently used out first, bounded in entries and bytes (`lru-cache`; an answer
 * larger than `maxBytes` is not kept). Exported for its unit test.
 */
export class AnswerLru {
  private readonly entries: LRUCache<string, CachedAnswer>;

  constructor(maxEntries: number, maxBytes: number) {
    this.entries = new LRUCache<string, CachedAnswer>({ max: maxEntries, maxSize: maxBytes, sizeCalculation: (entry) => Math.max(1, entry.bytes) });
  }

  get(key: string): CachedAnswer | undefined {
    return this.entries.get(key);
  }

  set(key: string, entry: CachedAnswer): void {
    this.entries.set(key, entry);
  }

  get size(): number {
    return this.entries.size;
  }
}

/** The person's and the global data version in one prepared query; a missing row is version 0. */
function dataVersionsReader(db: Db) {
  const query = preparedRead(() =>
    db
      .select({ scope: dataVersions.scope, version: dataVersions.version })
      .from(dataVersions)
      .where(or(eq(dataVersions.scope, sql.placeholder('person')), eq(dataVersions.scope, 'global')))
      .prepare(),
  );
  return async (personId: number): Promise<{ person: number; global: number }> => {
    const rows = await query().execute({ person: `person:${personId}` });
    let person = 0;
    let global = 0;
    for (const row of rows) {
      if (row.scope === 'global') global = row.version;
      else person = row.version;
    }
    return { person, global };
  };
}

/**
 * `isoDateVienna`, formatted once per UTC hour (formatting took 4 % of a hit's CPU): Vienna's offset from UTC is a
 * whole number of hours, so its date changes only on the hour.
 */
function hourlyViennaDate(): (ms: number) => string {
  let hour = Number.NaN;
  let date = '';
  return (ms) => {
    const h = Math.floor(ms / 3_600_000);
    if (h !== hour) {
      hour = h;
      date = isoDateVienna(ms);
    }
    return date;
  };
}

/** Reads a request body whose declared length the candidate check has bounded. */
async function readSmallBody(req: IncomingMessage): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return chunks.length === 1 ? chunks[0]! : Buffer.concat(chunks);
}

function asBuffer(chunk: unknown, encoding: unknown): Buffer {
  if (typeof chunk === 'string') return Buffer.from(chunk, typeof encoding === 'string' ? (encoding as BufferEncoding) : 'utf8');
  return Buffer.from(chunk as Uint8Array);
}

/**
 * Records what the normal path writes to `res` (installed after the compression middleware, so the bytes are the
 * uncompressed ones) and hands it to `done` when the answer ends. Headers are those set before plus those given to
 * `writeHead`; an answer written without `writeHead` or with raw header arrays is not handed on.
 */
function captureAnswer(res: ServerResponse, done: (answer: { status: number; headers: OutgoingHttpHeaders; body: Buffer }) => void): void {
  type Fn = (...args: unknown[]) => unknown;
  const target = res as unknown as Record<'writeHead' | 'write' | 'end', Fn>;
  const { writeHead, write, end } = target;
  let status = 0;
  let headers: OutgoingHttpHeaders | null = null;
  const chunks: Buffer[] = [];
  target.writeHead = function (this: ServerResponse, ...args: unknown[]) {
    status = args[0] as number;
    const given = args.slice(1).find((a) => a !== null && typeof a === 'object');
    if (!Array.isArray(given)) {
      headers = { ...res.getHeaders() };
      for (const [name, value] of Object.entries((given ?? {}) as OutgoingHttpHeaders)) headers[name.toLowerCase()] = value;
    }
    return writeHead.apply(this, args);
  };
  target.write = function (this: ServerResponse, ...args: unknown[]) {
    chunks.push(asBuffer(args[0], args[1]));
    return write.apply(this, args);
  };
  target.end = function (this: ServerResponse, ...args: unknown[]) {
    if (args[0] !== undefined && args[0] !== null && typeof args[0] !== 'function') chunks.push(asBuffer(args[0], args[1]));
    if (headers) done({ status, headers, body: Buffer.concat(chunks) });
    return end.apply(this, args);
  };
}

/**
 * The response cache of a process, or null when RESPONSE_CACHE_MAX_ENTRIES or RESPONSE_CACHE_MAX_BYTES is 0.
 * `hashes`: the persisted-document hashes of the cached GraphQL operations (`cachedOperationHashes`).
 */
export function createResponseCache(deps: AppDeps, hashes: Set<string>) {
  const { RESPONSE_CACHE_MAX_ENTRIES: maxEntries, RESPONSE_CACHE_MAX_BYTES: maxBytes } = deps.config;
  if (maxEntries === 0 || maxBytes === 0) return null;
  const lru = new AnswerLru(maxEntries, maxBytes);
  const versionsOf = dataVersionsReader(deps.db);
  const viennaDate = hourlyViennaDate();

  /** The request's active, fully logged-in session with the person's data versions; null for any other session. */
  async function sessionAndVersions(ctx: RequestContext) {
    const session = await ctx.scope.session();
    if (session.state !== 'ACTIVE' || session.stage !== 'ACTIVE') return null;
    return { session, versions: await versionsOf(session.personId) };
  }

  /**
   * Answers an allow-listed request from the cache, or runs `next` (the normal path, given the request body when it
   * was read here) and stores its answer. The compression middleware must be on `res` already. Answers false, having
   * read nothing, for a request that is no candidate: the caller serves it as without the cache.
   */
  async function serve(req: IncomingMessage, res: ServerResponse, ctx: RequestContext, pathname: string, search: string, next: (body?: Buffer) => Promise<void>): Promise<boolean> {
    const candidate = candidateOf(req, pathname, search, hashes);
    if (!candidate) return false;
    const body = candidate.kind === 'graphql-get' ? undefined : await readSmallBody(req);
    const operation = candidate.kind === 'graphql-post' ? graphqlBodyOperation(body!, hashes) : candidate.operation;
    // A failing session check or version read (a database locked beyond its busy timeout, a lost connection) takes
    // the normal path, whose error handling answers it as without the cache (503 with Retry-After, not a 500); the
    // session check's failure is memoised on the request's scope, so the normal path sees the same error.
    const lookup = operation ? await sessionAndVersions(ctx).catch(() => null) : null;
    if (!operation || !lookup) {
      await next(body);
      return true;
    }
    const { session, versions } = lookup;
    const key = cacheKey(
      session,
      {
        operation,
        method: req.method ?? '',
        url: req.url ?? '',
        accept: req.headers.accept ?? '',
        contentType: req.headers['content-type'] ?? '',
        body: body ?? Buffer.alloc(0),
      },
      viennaDate(deps.clock.now()),
    );
    const hit = lru.get(key);
    if (hit && hit.personVersion === versions.person && hit.globalVersion === versions.global) {
      res.writeHead(hit.status, hit.headers).end(hit.body);
      return true;
    }
    captureAnswer(res, (answer) => {
      if (!storable(answer, candidate.kind !== 'rest')) return;
      const bytes = answer.body.length + key.length + JSON.stringify(answer.headers).length;
      lru.set(key, { ...answer, personVersion: versions.person, globalVersion: versions.global, bytes });
    });
    await next(body);
    return true;
  }

  return { serve };
}
