/**
 * Load worker of `npm run bench`: one autocannon run against one variant, in its own process (the orchestrator
 * starts it pinned to core 1 with `taskset -c 1`, so it never shares a core with the server under test).
 *
 * Input: the JSON LoadSpec in the environment variable BENCH_LOAD_SPEC, or in the file BENCH_LOAD_SPEC_FILE names. Output: one line `RESULT <json>` with a
 * LoadResult on stdout. Latencies are recorded here from autocannon's `response` events in fractions of a
 * millisecond (autocannon's own histogram has whole milliseconds only); only 2xx answers count.
 */
import { readFileSync } from 'node:fs';
import { pathToFileURL } from 'node:url';
import autocannon from 'autocannon';

export interface LoadSpec {
  url: string;
  method: 'GET' | 'POST';
  headers: Record<string, string>;
  body?: string;
  /** Seconds. */
  duration: number;
  /** Stop after this many requests instead of after `duration` (the bench's own tests). */
  amount?: number;
  connections: number;
  /** The expected answer body (compared as JSON, or by `bodyCheck`). */
  expected: string;
  /**
   * How a sampled body is compared with `expected`: `json` (default) as canonical JSON; `pdf` for a binary PDF, which
   * autocannon hands over decoded chunk by chunk as UTF-8 (so the bytes of a multi-byte sequence split between two
   * chunks decode differently): the body must start with `%PDF-` and end with the same ASCII trailer as `expected`
   * (from the last `trailer` keyword: the object count, the document /ID and the byte offset of the cross-reference
   * table, which pins the file's length).
   */
  bodyCheck?: 'json' | 'pdf';
  /** Every n-th answer's body is checked against `expected` (1 = all). */
  sampleEvery: number;
  /**
   * Mixed traffic: every `every`-th request sent (counted over all connections, mixedRequest) is the next of `requests`
   * (in turn), the others the main request. Every write answer is checked (writeAnswerOk) and counted; only reads are
   * compared with `expected`.
   */
  writes?: { every: number; field: string; requests: { method: 'GET' | 'POST'; path: string; headers: Record<string, string>; body?: string }[] };
  /**
   * Session cookies (`name=value`) sent instead of the `cookie` in `headers`: connection i sends `cookies[i % length]`;
   * in mixed traffic request n (counted over all connections) sends `cookies[n % length]`, reads and writes alike.
   * Absent: every connection sends `headers`.
   */
  cookies?: string[];
  /**
   * Many members: request n (counted over all connections) sends `cookies[n % length]`, and a sampled body of that
   * request is compared with `expected[n % length]` (that member's own answer; `expected` above is not used).
   */
  rotation?: { cookies: string[]; expected: string[] };
}

export interface LoadResult {
  /** Completed requests per second over the run (all answers, 2xx or not). */
  rps: number;
  requests: number;
  /** Latency percentiles of 2xx answers, milliseconds. */
  p50: number;
  p99: number;
  mean: number;
  non2xx: number;
  statusCodes: Record<string, number>;
  errors: number;
  timeouts: number;
  bodiesChecked: number;
  bodyMismatches: number;
  /** The start of the first wrong body, for the report. */
  firstMismatch?: string;
  seconds: number;
  /** CPU milliseconds this load process used (user + system, start-up included). */
  cpuMs: number;
  /** Mixed traffic only: writes sent, committed per second (2xx with an `ok` result), refused, and the 2xx writes' latency percentiles (ms). */
  writes?: { requests: number; perSecond: number; p50: number; p99: number; refused: number };
}

/**
 * The answer of a write: JSON with no `errors`, and the mutation's result (decision 0012 `{ ok, error }`) with an `ok`
 * object and no `error` (the server committed it).
 */
export function writeAnswerOk(body: string, field: string): boolean {
  try {
    const parsed = JSON.parse(body) as { data?: Record<string, { ok?: unknown; error?: unknown } | null>; errors?: unknown };
    const result = parsed.data?.[field];
    return parsed.errors === undefined && typeof result?.ok === 'object' && result.ok !== null && (result.error ?? null) === null;
  } catch {
    return false;
  }
}

/**
 * Mixed traffic: what the n-th request sent (counted over all connections from 1) is: every `every`-th a write, the
 * next of `writes` in turn (so two writes that set a value and set it back alternate), the others `read`. Counting
 * over all connections keeps the share exact however few requests each connection gets through.
 */
export function mixedRequest<R, W>(n: number, read: R, writes: W[], every: number): { kind: 'read'; request: R } | { kind: 'write'; request: W } {
  if (!Number.isInteger(every) || every < 2) throw new Error(`every must be a whole number ≥ 2, got ${every}`);
  if (writes.length === 0) throw new Error('mixed traffic needs at least one write request');
  if (n % every !== 0) return { kind: 'read', request: read };
  return { kind: 'write', request: writes[(n / every - 1) % writes.length]! };
}

/** JSON text with object keys sorted, so that two answers compare equal whatever their key order. */
export function canonicalJson(text: string): string {
  const sort = (v: unknown): unknown => {
    if (Array.isArray(v)) return v.map(sort);
    if (v && typeof v === 'object') {
      return Object.fromEntries(
        Object.keys(v)
          .sort()
          .map((k) => [k, sort((v as Record<string, unknown>)[k])]),
      );
    }
    return v;
  };
  try {
    return JSON.stringify(sort(JSON.parse(text)));
  } catch {
    return `<not JSON> ${text}`;
  }
}

function percentile(sorted: Float64Array, q: number): number {
  if (sorted.length === 0) return NaN;
  const i = Math.min(sorted.length - 1, Math.max(0, Math.ceil(q * sorted.length) - 1));
  return sorted[i]!;
}

/** The ASCII tail of a PDF from its last `trailer` keyword; empty when there is none. */
export function pdfTrailer(text: string): string {
  const at = text.lastIndexOf('trailer');
  return at === -1 ? '' : text.slice(at);
}

/** Whether `body` is a PDF with the same trailer as `expectedTrailer` (see LoadSpec.bodyCheck). */
export function samePdf(body: string, expectedTrailer: string): boolean {
  return expectedTrailer !== '' && body.startsWith('%PDF-') && pdfTrailer(body) === expectedTrailer;
}

export async function runLoad(spec: LoadSpec): Promise<LoadResult> {
  const pdf = spec.bodyCheck === 'pdf';
  const expectedCanonical = pdf ? '' : canonicalJson(spec.expected);
  const expectedTrailer = pdf ? pdfTrailer(spec.expected) : '';
  let seen = 0;
  let bodiesChecked = 0;
  let bodyMismatches = 0;
  let firstMismatch: string | undefined;
  const verifyBody = (body: string): boolean => {
    if (seen++ % spec.sampleEvery !== 0) return true;
    bodiesChecked++;
    if (pdf ? samePdf(body, expectedTrailer) : body === spec.expected || canonicalJson(body) === expectedCanonical) return true;
    bodyMismatches++;
    firstMismatch ??= body.slice(0, 300);
    return false;
  };

  let latencies = new Float64Array(1 << 16);
  let count = 0;
  const writeLatencies: number[] = [];
  let writesRefused = 0;
  let writesCommitted = 0;
  // autocannon calls a request's onResponse and then, synchronously, emits `response` with the latency and verifies
  // the body; a write is told from a read by its answer, which names the mutation's field.
  let lastWasWrite = false;
  let sent = 0;
  const writes = spec.writes;
  // Connection i's cookie, handed out in the order autocannon sets the connections up.
  const cookies = spec.cookies;
  let connectionsSeen = 0;
  const nextCookie = (cookies: string[]): string => cookies[connectionsSeen++ % cookies.length]!;
  const read = { method: spec.method, path: new URL(spec.url).pathname + new URL(spec.url).search, headers: spec.headers, body: spec.body ?? '' };
  const sequence = writes
    ? [
        {
          ...read,
          setupRequest: (req: Record<string, unknown>) => {
            const next = mixedRequest(++sent, read, writes.requests, writes.every).request;
            // autocannon resets a connection's context after each pass through the sequence: the session goes by
            // the request count instead (request n sends session n modulo their number).
            const cookie = cookies?.[sent % cookies.length];
            const headers = cookie === undefined ? next.headers : { ...next.headers, cookie };
            return { ...req, method: next.method, path: next.path, headers, body: next.body ?? '' };
          },
          onResponse: (status: number, body: string) => {
            lastWasWrite = body.includes(`"${writes.field}"`);
            if (!lastWasWrite) return;
            if (status >= 200 && status <= 299 && writeAnswerOk(body, writes.field)) writesCommitted++;
            else {
              writesRefused++;
              firstMismatch ??= body.slice(0, 300);
            }
          },
        },
      ]
    : undefined;
  const rotation = spec.rotation;
  const rotated =
    rotation &&
    rotationSequence(spec, rotation, (ok, body) => {
      bodiesChecked++;
      if (ok) return;
      bodyMismatches++;
      firstMismatch ??= body.slice(0, 300);
    });
  const started = process.hrtime.bigint();
  const instance = autocannon({
    url: spec.url,
    method: spec.method,
    headers: spec.headers,
    ...(spec.body === undefined ? {} : { body: spec.body }),
    ...(sequence ? { requests: sequence } : rotated ? { requests: rotated } : {}),
    ...(cookies && !sequence && !rotated
      ? { setupClient: (client: { setHeaders(headers: Record<string, string>): void }) => client.setHeaders({ ...spec.headers, cookie: nextCookie(cookies) }) }
      : {}),
    connections: spec.connections,
    ...(spec.amount === undefined ? { duration: spec.duration } : { amount: spec.amount }),
    timeout: 10,
    verifyBody: rotated ? () => true : writes ? (body: string) => (lastWasWrite ? true : verifyBody(body)) : verifyBody,
  });
  instance.on('response', (_client: unknown, statusCode: number, _bytes: number, responseTime: number) => {
    if (statusCode < 200 || statusCode > 299) return;
    if (lastWasWrite) writeLatencies.push(responseTime);
    if (count === latencies.length) {
      const bigger = new Float64Array(latencies.length * 2);
      bigger.set(latencies);
      latencies = bigger;
    }
    latencies[count++] = responseTime;
  });
  const result = await instance;
  const seconds = Number(process.hrtime.bigint() - started) / 1e9;
  const sorted = latencies.subarray(0, count).sort();
  let sum = 0;
  for (let i = 0; i < count; i++) sum += sorted[i]!;
  const statusCodes: Record<string, number> = {};
  for (const [code, { count: n }] of Object.entries(result.statusCodeStats ?? {})) statusCodes[code] = Number(n);
  const requests = Object.values(statusCodes).reduce((a, b) => a + b, 0);
  return {
    rps: requests / result.duration,
    requests,
    p50: percentile(sorted, 0.5),
    p99: percentile(sorted, 0.99),
    mean: count ? sum / count : NaN,
    non2xx: result.non2xx,
    statusCodes,
    errors: result.errors,
    timeouts: result.timeouts,
    bodiesChecked,
    bodyMismatches,
    ...(firstMismatch === undefined ? {} : { firstMismatch }),
    seconds,
    cpuMs: (process.cpuUsage().user + process.cpuUsage().system) / 1000,
    ...(writes ? { writes: writeSummary(writeLatencies, writesCommitted, writesRefused, result.duration) } : {}),
  };
}

/**
 * The request sequence of a many-members run: each request takes the next session (counted over all connections) and
 * remembers its index in the connection's context, so that its answer is compared with that member's reference
 * (every `sampleEvery`-th answer, as canonical JSON). `report(ok, body)` counts each checked body.
 */
function rotationSequence(spec: LoadSpec, rotation: NonNullable<LoadSpec['rotation']>, report: (ok: boolean, body: string) => void) {
  if (rotation.cookies.length === 0 || rotation.cookies.length !== rotation.expected.length) throw new Error('rotation needs one expected answer per session cookie');
  const expected = rotation.expected.map(canonicalJson);
  const path = new URL(spec.url).pathname + new URL(spec.url).search;
  let sent = 0;
  let answered = 0;
  return [
    {
      method: spec.method,
      path,
      ...(spec.body === undefined ? {} : { body: spec.body }),
      setupRequest: (req: Record<string, unknown>, context: Record<string, unknown>) => {
        const member = sent++ % rotation.cookies.length;
        context.member = member;
        return { ...req, headers: { ...spec.headers, cookie: rotation.cookies[member]! } };
      },
      onResponse: (_status: number, body: string, context: Record<string, unknown>) => {
        if (answered++ % spec.sampleEvery !== 0) return;
        const member = context.member as number;
        report(body === rotation.expected[member] || canonicalJson(body) === expected[member], body);
      },
    },
  ];
}

function writeSummary(latencies: number[], committed: number, refused: number, seconds: number): NonNullable<LoadResult['writes']> {
  const sorted = Float64Array.from(latencies).sort();
  return { requests: committed + refused, perSecond: committed / seconds, p50: percentile(sorted, 0.5), p99: percentile(sorted, 0.99), refused };
}

const isMain = process.argv[1] !== undefined && import.meta.url === pathToFileURL(process.argv[1]).href;
if (isMain) {
  const file = process.env.BENCH_LOAD_SPEC_FILE;
  const raw = file ? readFileSync(file, 'utf8') : process.env.BENCH_LOAD_SPEC;
  if (!raw) {
    process.stderr.write('load: neither BENCH_LOAD_SPEC nor BENCH_LOAD_SPEC_FILE is set\n');
    process.exit(2);
  }
  runLoad(JSON.parse(raw) as LoadSpec).then(
    (result) => {
      process.stdout.write(`RESULT ${JSON.stringify(result)}\n`);
      process.exit(0);
    },
    (error: unknown) => {
      process.stderr.write(`load: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
      process.exit(1);
    },
  );
}
