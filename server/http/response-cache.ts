import type { IncomingMessage, OutgoingHttpHeaders, ServerResponse } from 'node:http';
import { brotliCompressSync, constants as zlibConstants, deflateSync, gzipSync } from 'node:zlib';
import { eq, inArray, type Placeholder, sql } from 'drizzle-orm';
import DataLoader from 'dataloader';
import { LRUCache } from 'lru-cache';
import Negotiator from 'negotiator';
import { append as appendVary } from 'vary';
import type { Db } from '../../db/client';
import { byKey, PREPARED_BATCH_MAX, preparedBatch } from '../../db/prepared';
import { memoUntilCommit } from '../../db/read-memo';
import { dataVersions, sessions } from '../../db/schema';
import { alias } from '../../db/schema/kit';
import type { AppDeps } from '../platform/deps';
import { readCookie, sessionCookieName } from '../platform/request-context';
import { hashToken, isWellFormedToken } from '../modules/session/session-token';
import { cacheKey, candidateOf, type Candidate, declaresNoBody, graphqlBodyOperation, storable } from './response-cache.rules';
import { isoDateVienna } from '@contract/dates';

/**
 * A per-process cache of whole answers for an allow-list of hot reads (decision 0038; which
 * requests and the key: response-cache.rules.ts), in front of Yoga and the REST handler: a hit costs the session
 * check, one read of two data versions and writing stored bytes, instead of the GraphQL or REST request path.
 *
 * Validity across processes: an entry holds the person's and the global data version (db/schema/data-versions.ts)
 * read before its answer was computed; database triggers bump them on every write to the data the answers read
 * (db/data-versions.ts), whichever process or tool writes. A hit needs both versions unchanged. On SQLite the session
 * row with the versions is kept between commits (`sessionGateReader`): any commit of any connection drops it.
 *
 * A hit is answered before the request context, the compression middleware and the security headers exist (the
 * stored headers include the security headers; the body is compressed once per encoding and kept), and only for a
 * session that passes the session check as active without any write (`SessionService.sessionStateWithoutWrite`): anything
 * else (time-outs, logout, a pending login, other tenants, a session due for its `lastSeenAt` write) takes the normal
 * path and answers as without the cache.
 */

/** The encodings a stored answer is sent in, as the compression middleware negotiates them (server/app.ts). */
type Encoding = 'br' | 'gzip' | 'deflate' | 'identity';
const SUPPORTED_ENCODINGS: Encoding[] = ['br', 'gzip', 'deflate', 'identity'];
const PREFERRED_ENCODINGS: Encoding[] = ['br', 'gzip'];

/**
 * A stored answer: status, headers and body as the normal path wrote them (uncompressed; Content-Length,
 * Content-Encoding and Vary are set per hit), with the versions it was computed at. `headers` is keyed by lower-case
 * name; `names` holds the names as the normal path wrote them (`Content-Type`, not `content-type`), in its order, so
 * that a hit sends the same header lines as the answer it repeats.
 * `encoded` keeps the body compressed per encoding and `heads` the header list per encoding, each made on the first
 * hit that needs it. `bytes` is what the entry counts against RESPONSE_CACHE_MAX_BYTES: key, headers and body, and as
 * much again as the body for its compressed forms when it is large enough to be compressed.
 */
export interface CachedAnswer {
  status: number;
  headers: OutgoingHttpHeaders;
  names: string[];
  body: Buffer;
  personVersion: number;
  globalVersion: number;
  bytes: number;
  encoded?: Partial<Record<Encoding, Buffer>>;
  heads?: Partial<Record<Encoding, string[]>>;
}

const EMPTY = Buffer.alloc(0);

/**
 * Headers the hit sets itself, by lower-case name with the name it sends when the stored answer had none: the body's
 * length and encoding, and `Vary` with Accept-Encoding added (by `vary`, as the compression middleware does).
 */
const PER_HIT_HEADERS = new Map([
  ['vary', 'Vary'],
  ['content-encoding', 'Content-Encoding'],
  ['content-length', 'Content-Length'],
]);

/** A captured answer as an entry of the cache. */
function storedAnswer(answer: CapturedAnswer, key: string, personVersion: number, globalVersion: number, threshold: number): CachedAnswer {
  const compressedAllowance = answer.body.length >= threshold ? answer.body.length : 0;
  const bytes = answer.body.length + compressedAllowance + key.length + JSON.stringify(answer.headers).length;
  return { ...answer, personVersion, globalVersion, bytes };
}

/**
 * The encoding of a hit, as the compression middleware chooses it (`compression` 1.8 with the portal's threshold):
 * identity below the threshold, without Accept-Encoding or for `Cache-Control: no-transform`; otherwise what
 * `negotiator` picks among br, gzip, deflate and identity, preferring br and gzip. Memoised per Accept-Encoding value
 * (browsers send one of a few), at most 64 values.
 */
function encodingNegotiator(threshold: number) {
  const chosen = new Map<string, Encoding>();
  return (req: IncomingMessage, entry: CachedAnswer): Encoding => {
    const accept = req.headers['accept-encoding'];
    if (entry.body.length < threshold || !accept || /(?:^|,)\s*no-transform\s*(?:,|$)/i.test(String(entry.headers['cache-control'] ?? ''))) return 'identity';
    let encoding = chosen.get(accept);
    if (encoding === undefined) {
      encoding = (negotiateEncoding.call(new Negotiator(req), SUPPORTED_ENCODINGS, PREFERRED_ENCODINGS) as Encoding | undefined) ?? 'identity';
      if (chosen.size >= 64) chosen.clear();
      chosen.set(accept, encoding);
    }
    return encoding;
  };
}

/** negotiator 0.6's `encoding(available, preferred)` (its second parameter is missing from @types/negotiator 0.6). */
const negotiateEncoding = Negotiator.prototype.encoding as unknown as (this: Negotiator, available: string[], preferred: string[]) => string | undefined;

/** `body` compressed as the compression middleware does it (brotli at quality 4, zlib's defaults for gzip and deflate). */
function compress(body: Buffer, encoding: Exclude<Encoding, 'identity'>): Buffer {
  if (encoding === 'br') return brotliCompressSync(body, { params: { [zlibConstants.BROTLI_PARAM_QUALITY]: 4 } });
  return encoding === 'gzip' ? gzipSync(body) : deflateSync(body);
}

/**
 * The stored answer's header list for `encoding` (name, value, name, value, …; as `writeHead` takes it): the stored
 * headers under the names and in the order the normal path wrote them, the per-hit headers in their stored places
 * (appended when the stored answer had none).
 */
function headList(entry: CachedAnswer, encoding: Encoding, body: Buffer): string[] {
  const perHit: Record<string, string | undefined> = {
    vary: appendVary(String(entry.headers.vary ?? ''), 'Accept-Encoding'),
    'content-encoding': encoding === 'identity' ? undefined : encoding,
    'content-length': String(body.length),
  };
  const list: string[] = [];
  const placed = new Set<string>();
  for (const name of entry.names) {
    const lower = name.toLowerCase();
    if (PER_HIT_HEADERS.has(lower)) {
      placed.add(lower);
      if (perHit[lower] !== undefined) list.push(name, perHit[lower]);
      continue;
    }
    const value = entry.headers[lower];
    if (value === undefined) continue;
    for (const v of Array.isArray(value) ? value : [String(value)]) list.push(name, v);
  }
  for (const [lower, name] of PER_HIT_HEADERS) if (!placed.has(lower) && perHit[lower] !== undefined) list.push(name, perHit[lower]);
  return list;
}

/** Writes a stored answer in the encoding the request accepts. */
function writeStored(res: ServerResponse, entry: CachedAnswer, encoding: Encoding): void {
  const encoded = (entry.encoded ??= {});
  const body = encoding === 'identity' ? entry.body : (encoded[encoding] ??= compress(entry.body, encoding));
  const heads = (entry.heads ??= {});
  res.writeHead(entry.status, (heads[encoding] ??= headList(entry, encoding, body))).end(body);
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

/** Sessions whose gate row (eleven short fields) a process keeps between commits (`memoUntilCommit`). */
const GATE_MEMO_MAX_ENTRIES = 10_000;

/**
 * The session row of a token hash with the person's and the global data version (a missing version row is 0; no
 * session row: undefined). A hit reads nothing else.
 *
 * - **One query per event-loop turn**: the lookups of the requests that arrived in one turn are read together, after
 *   the turn (`setImmediate`), by one prepared `IN (…)` query of their distinct token hashes (DataLoader without a
 *   cache). Each request's row is read after the request arrived, as by a query of its own. On PostgreSQL that is one
 *   round trip for many requests instead of one each (docs/benchmarks.md, "Step 7").
 * - **SQLite: kept until the next commit** (`memoUntilCommit`: a hit then runs `PRAGMA data_version` instead of the
 *   query; a REST hit took 40 instead of 56 µs of CPU). The session's state is worked out from the row and the clock on
 *   every hit, so time-outs and the touch are seen as without the memo.
 *
 * Exported for its test (tests/api/response-cache.test.ts); each call makes a reader with its own memo.
 */
export function sessionGateReader(db: Db) {
  const personVersion = alias(dataVersions, 'person_version');
  const globalVersion = alias(dataVersions, 'global_version');
  const readMany = preparedBatch('response_cache_gate', (tokenHashes: readonly (string | Placeholder)[]) =>
    db
      .select({
        tokenHash: sessions.tokenHash,
        personId: sessions.personId,
        tenant: sessions.tenant,
        createdAt: sessions.createdAt,
        lastSeenAt: sessions.lastSeenAt,
        endedAt: sessions.endedAt,
        mailboxType: sessions.mailboxType,
        selectedDutyId: sessions.selectedDutyId,
        stage: sessions.stage,
        personVersion: personVersion.version,
        globalVersion: globalVersion.version,
      })
      .from(sessions)
      .leftJoin(personVersion, sql`${personVersion.scope} = 'person:' || ${sessions.personId}`)
      .leftJoin(globalVersion, eq(globalVersion.scope, 'global'))
      .where(inArray(sessions.tokenHash, tokenHashes as (string | Placeholder)[])),
  );
  type GateRow = Awaited<ReturnType<typeof readMany>>[number];
  const perTurn = new DataLoader<string, GateRow | undefined>(async (tokenHashes) => byKey(tokenHashes, await readMany([...new Set(tokenHashes)]), (row) => row.tokenHash), {
    cache: false,
    maxBatchSize: PREPARED_BATCH_MAX,
    batchScheduleFn: (run) => setImmediate(run),
  });
  return memoUntilCommit(db, (tokenHash: string) => perTurn.load(tokenHash), GATE_MEMO_MAX_ENTRIES);
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

/** Reads a request body whose declared length the candidate check has bounded (events, not an async iterator: cheaper). */
function readSmallBody(req: IncomingMessage): Promise<Buffer> {
  return new Promise((resolveBody, reject) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.once('end', () => resolveBody(chunks.length === 1 ? chunks[0]! : Buffer.concat(chunks)));
    req.once('error', reject);
  });
}

function asBuffer(chunk: unknown, encoding: unknown): Buffer {
  if (typeof chunk === 'string') return Buffer.from(chunk, typeof encoding === 'string' ? (encoding as BufferEncoding) : 'utf8');
  return Buffer.from(chunk as Uint8Array);
}

/** An answer as the normal path wrote it: headers by lower-case name, `names` as written and in order. */
export interface CapturedAnswer {
  status: number;
  headers: OutgoingHttpHeaders;
  names: string[];
  body: Buffer;
}

/**
 * Records what the normal path writes to `res` (installed after the compression middleware, so the bytes are the
 * uncompressed ones) and hands it to `done` when the answer ends. Headers are those set before plus those given to
 * `writeHead`; an answer written without `writeHead` or with raw header arrays is not handed on.
 */
export function captureAnswer(res: ServerResponse, done: (answer: CapturedAnswer) => void): void {
  type Fn = (...args: unknown[]) => unknown;
  const target = res as unknown as Record<'writeHead' | 'write' | 'end', Fn>;
  const { writeHead, write, end } = target;
  let status = 0;
  let headers: OutgoingHttpHeaders | null = null;
  let names: string[] = [];
  const chunks: Buffer[] = [];
  target.writeHead = function (this: ServerResponse, ...args: unknown[]) {
    status = args[0] as number;
    const given = args.slice(1).find((a) => a !== null && typeof a === 'object');
    if (!Array.isArray(given)) {
      headers = { ...res.getHeaders() };
      // outgoingMessage.getRawHeaderNames() (Node 15.13), missing from @types/node's ServerResponse.
      names = (res as ServerResponse & { getRawHeaderNames(): string[] }).getRawHeaderNames();
      for (const [name, value] of Object.entries((given ?? {}) as OutgoingHttpHeaders)) {
        const lower = name.toLowerCase();
        if (!(lower in headers)) names.push(name);
        headers[lower] = value;
      }
    }
    return writeHead.apply(this, args);
  };
  target.write = function (this: ServerResponse, ...args: unknown[]) {
    chunks.push(asBuffer(args[0], args[1]));
    return write.apply(this, args);
  };
  target.end = function (this: ServerResponse, ...args: unknown[]) {
    if (args[0] !== undefined && args[0] !== null && typeof args[0] !== 'function') chunks.push(asBuffer(args[0], args[1]));
    if (headers) done({ status, headers, names, body: Buffer.concat(chunks) });
    return end.apply(this, args);
  };
}

/**
 * What the cache decided for a candidate it did not answer: the normal path runs with `body` (the request body, when
 * it was read here) and, once the compression middleware is on the answer, `record(res)` so that a storable answer
 * is kept (absent when the answer must not be stored).
 */
export interface CacheMiss {
  body: Buffer | undefined;
  record?: (res: ServerResponse) => void;
}

/**
 * The response cache of a process, or null when RESPONSE_CACHE_MAX_ENTRIES or RESPONSE_CACHE_MAX_BYTES is 0.
 * `hashes`: the persisted-document hashes of the cached GraphQL operations (`cachedOperationHashes`).
 */
export function createResponseCache(deps: AppDeps, hashes: Set<string>) {
  const { RESPONSE_CACHE_MAX_ENTRIES: maxEntries, RESPONSE_CACHE_MAX_BYTES: maxBytes, COMPRESSION_THRESHOLD_BYTES: threshold } = deps.config;
  if (maxEntries === 0 || maxBytes === 0) return null;
  const lru = new AnswerLru(maxEntries, maxBytes);
  const gateOf = sessionGateReader(deps.db);
  const viennaDate = hourlyViennaDate();
  const encodingOf = encodingNegotiator(threshold);
  const cookieName = sessionCookieName(deps.config);
  const sessions = deps.services.session;
  // A GET's candidate depends on its path and query string alone: parsed once per distinct URL (at most 256 kept).
  const getCandidates = new Map<string, Candidate | null>();
  const getCandidate = (req: IncomingMessage, pathname: string, search: string): Candidate | null => {
    const url = req.url ?? '';
    let candidate = getCandidates.get(url);
    if (candidate === undefined) {
      candidate = candidateOf(req, pathname, search, hashes);
      if (getCandidates.size >= 256) getCandidates.clear();
      getCandidates.set(url, candidate);
    }
    return candidate;
  };

  /**
   * Answers an allow-listed request from the cache before the normal path has built anything (no request context,
   * no compression middleware, no security headers: the stored answer carries its headers), or tells the caller how
   * to run the normal path:
   * - null: no candidate (nothing read); the caller serves the request as without the cache;
   * - `'hit'`: answered;
   * - a `CacheMiss`: the normal path must run with its body and, when given, its recorder.
   *
   * A hit needs the session to pass the request's session check as active without any write
   * (`SessionService.sessionStateWithoutWrite` ACTIVE); a session due for its touch is answered by the normal path and
   * its answer stored; anything else (no, ended, pending, timed-out, other tenant's session, or
   * one due for its `lastSeenAt` write) takes the normal path, which answers or touches as without the cache. The
   * caller must have run the CSRF check.
   */
  async function lookup(req: IncomingMessage, res: ServerResponse, pathname: string, search: string): Promise<'hit' | CacheMiss | null> {
    const candidate = req.method === 'GET' ? getCandidate(req, pathname, search) : candidateOf(req, pathname, search, hashes);
    if (!candidate) return null;
    const body = candidate.kind === 'graphql-get' ? undefined : declaresNoBody(req) ? EMPTY : await readSmallBody(req);
    const operation = candidate.kind === 'graphql-post' ? graphqlBodyOperation(body!, hashes) : candidate.operation;
    if (!operation) return { body };
    const token = readCookie(req.headers.cookie, cookieName);
    if (!token || !isWellFormedToken(token)) return { body };
    const tokenHash = hashToken(token);
    // A failing read (a database locked beyond its busy timeout, a lost connection) takes the normal path, whose
    // error handling answers it as without the cache (503 with Retry-After, not a 500).
    const gate = await gateOf(tokenHash).catch(() => undefined);
    const now = deps.clock.now();
    const state = gate ? sessions.sessionStateWithoutWrite(gate, now) : 'OTHER';
    if (!gate || state === 'OTHER') return { body };
    const key = cacheKey(
      { state: 'ACTIVE', tokenHash, personId: gate.personId, mailboxType: gate.mailboxType, selectedDutyId: gate.selectedDutyId, stage: gate.stage },
      {
        operation,
        method: req.method ?? '',
        url: req.url ?? '',
        accept: req.headers.accept ?? '',
        contentType: req.headers['content-type'] ?? '',
        body: body ?? EMPTY,
      },
      viennaDate(now),
    );
    const personVersion = gate.personVersion ?? 0;
    const globalVersion = gate.globalVersion ?? 0;
    const hit = lru.get(key);
    if (hit && hit.personVersion === personVersion && hit.globalVersion === globalVersion && state === 'ACTIVE') {
      writeStored(res, hit, encodingOf(req, hit));
      return 'hit';
    }
    return {
      body,
      record: (target) =>
        captureAnswer(target, (answer) => {
          if (!storable(answer, candidate.kind !== 'rest')) return;
          lru.set(key, storedAnswer(answer, key, personVersion, globalVersion, threshold));
        }),
    };
  }

  return { lookup };
}
