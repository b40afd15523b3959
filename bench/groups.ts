/**
 * One measured set-up of the bench (bench/run.ts), a GroupInfo: the portal it started, the reference answers of
 * each variant taken once (logged in as anna), the raw baseline answering the same dashboard bytes, and the
 * interleaved rounds (warm-up, then A B C … raw, A B C … raw, …), each round's CPU accounting included.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { cpuShares, cpuSnapshot, SERVER_CORE } from './cpu';
import { canonicalJson, writeAnswerOk } from './load';
import { BENCH_OPEN_CLAIMS, FUND_CLAIMS_FILE, fundClaimsRequest } from './fund-claims';
import { dashboardDocument, documentsDocument, fetchText, logIn, newestVkStatementDownload, startHelper } from './portal';
import { log, type Child } from './processes';
import { loadSpec, runLoadProcess, voidReasons } from './rounds';
import type { ALL_VARIANTS, BenchOptions, GroupInfo, RequestShape, RoundResult, Variant, VariantName } from './types';

export interface PreparedGroup {
  variants: Variant[];
  /** The reference servers this group started (raw, hello): stopped with the portal. */
  helpers: Child[];
  dashboardSource: string;
  documentsSource: string | null;
  downloadSource: string | null;
}

/** The mutation of the `mixed` variant: a preference of anna that no measured answer shows; each call commits a row update. */
const WRITE_FIELD = 'setPrizeDraw';
const writeBody = (participate: boolean) =>
  JSON.stringify({
    operationName: 'BenchPrizeDraw',
    variables: { p: participate },
    query: `mutation BenchPrizeDraw($p: Boolean!) { ${WRITE_FIELD}(participate: $p) { ok { person { id } } error { code } } }`,
  });

/**
 * Logs anna in on the group's portal and builds the variants named in `names` (raw always), with their reference
 * answers. `pgids` are the process groups whose CPU counts as the portal's (the portal's own, PostgreSQL's).
 */
export async function prepareGroup(group: GroupInfo, port: number, pgids: number[], names: VariantName[], options: BenchOptions, dir: string): Promise<PreparedGroup> {
  const helpers: Child[] = [];
  const want = (n: VariantName) => names.includes(n);
  const cookie = await logIn(port);
  // Further sessions of anna, one login each, for connections to spread over (`--sessions`); the reference answers
  // are taken with the first, and the last must answer the same.
  const cookies = [cookie];
  while (cookies.length < options.sessions) cookies.push(await logIn(port));
  const baseHeaders = { accept: 'application/json', 'x-application-version': 'Portal', cookie };
  const postHeaders = { ...baseHeaders, 'content-type': 'application/json' };
  const writeRequests: RequestShape[] = [true, false].map((p) => ({ method: 'POST', path: '/graphql', headers: postHeaders, body: writeBody(p) }));
  if (want('mixed')) {
    // Before any reference answer: the writes must work, and the answers must not depend on them (checked in the rounds).
    for (const w of writeRequests) {
      const answer = await fetchText(port, w);
      if (answer.status !== 200 || !writeAnswerOk(answer.text, WRITE_FIELD)) throw new Error(`${WRITE_FIELD} answered ${answer.status}: ${answer.text.slice(0, 300)}`);
    }
  }
  // The download marks the document read the first time; take it once before any reference answer.
  const download = want('download') ? await newestVkStatementDownload(port, cookie) : null;
  const downloadRequest: RequestShape | null = download ? { method: 'GET', path: download.path, headers: { accept: '*/*', cookie } } : null;
  const firstPdf = downloadRequest ? await fetchText(port, downloadRequest) : null;
  if (firstPdf && (firstPdf.status !== 200 || !firstPdf.text.startsWith('%PDF-'))) throw new Error(`download answered ${firstPdf.status}: ${firstPdf.text.slice(0, 200)}`);

  const doc = await dashboardDocument();
  if (options.noPersisted && doc.hash) {
    doc.hash = null;
    doc.source = doc.source.replace(/, sent as a persisted document.*$/, ' as full text (--no-persisted)');
  }
  const textRequest: RequestShape = {
    method: 'POST',
    path: '/graphql',
    headers: postHeaders,
    body: JSON.stringify({ operationName: doc.operationName, variables: {}, query: doc.query }),
  };
  const dashboardRequest: RequestShape = doc.hash
    ? {
        method: 'GET',
        path: `/graphql?operationName=${doc.operationName}&extensions=${encodeURIComponent(JSON.stringify({ persistedQuery: { version: 1, sha256Hash: doc.hash } }))}`,
        headers: baseHeaders,
      }
    : textRequest;
  const dashboard = await fetchText(port, dashboardRequest);
  const parsed = JSON.parse(dashboard.text) as { data?: { me?: unknown }; errors?: unknown };
  if (dashboard.status !== 200 || parsed.errors || !parsed.data?.me) throw new Error(`dashboard reference answer is wrong (${dashboard.status}): ${dashboard.text.slice(0, 500)}`);
  const asText = await fetchText(port, textRequest);
  if (canonicalJson(asText.text) !== canonicalJson(dashboard.text)) throw new Error('the dashboard answers differently as full text and as persisted document');
  const restRequest: RequestShape = { method: 'POST', path: '/rest/getPersonalData', headers: baseHeaders };
  const rest = await fetchText(port, restRequest);
  if (rest.status !== 200 || !rest.text.includes('VBVPK')) throw new Error(`getPersonalData reference answer is wrong (${rest.status}): ${rest.text.slice(0, 500)}`);

  // The documents list as the web app sends it: Apollo's HttpLink POSTs the persisted document's hash (no text).
  const docs = await documentsDocument();
  const documentsRequest: RequestShape = {
    method: 'POST',
    path: '/graphql',
    headers: postHeaders,
    body: JSON.stringify(
      docs.hash
        ? { operationName: docs.operationName, variables: {}, extensions: { persistedQuery: { version: 1, sha256Hash: docs.hash } } }
        : { operationName: docs.operationName, variables: {}, query: docs.query },
    ),
  };
  const documents = want('documents') ? await fetchText(port, documentsRequest) : null;
  if (documents) {
    const documentsParsed = JSON.parse(documents.text) as { data?: { me?: unknown }; errors?: unknown };
    if (documents.status !== 200 || documentsParsed.errors || !documentsParsed.data?.me)
      throw new Error(`documents reference answer is wrong (${documents.status}): ${documents.text.slice(0, 500)}`);
  }
  let pdfBytes = 0;
  let pdfText = '';
  if (downloadRequest && firstPdf) {
    const pdf = await fetchText(port, downloadRequest);
    if (pdf.status !== 200 || !pdf.text.startsWith('%PDF-') || pdf.text !== firstPdf.text) throw new Error('the download does not answer the same PDF twice');
    pdfText = pdf.text;
    pdfBytes = Buffer.byteLength(await (await fetch(`http://127.0.0.1:${port}${downloadRequest.path}`, { headers: downloadRequest.headers })).arrayBuffer());
  }

  const bodyFile = join(dir, `dashboard-answer-${group.id}.json`);
  writeFileSync(bodyFile, dashboard.text);
  const raw = await startHelper('raw node:http', 'bench/raw-server.ts', { BENCH_BODY_FILE: bodyFile });
  helpers.push(raw.child);
  const hello = want('hello') ? await startHelper('yoga hello', 'bench/yoga-hello.ts') : null;
  if (hello) helpers.push(hello.child);
  const helloRequest: RequestShape =
    dashboardRequest.method === 'GET'
      ? { method: 'GET', path: `/graphql?query=${encodeURIComponent('{ hello }')}`, headers: { accept: 'application/json' } }
      : { method: 'POST', path: '/graphql', headers: { accept: 'application/json', 'content-type': 'application/json' }, body: JSON.stringify({ query: '{ hello }' }) };
  const helloExpected = '{"data":{"hello":"world"}}';
  if (hello) {
    const answer = await fetchText(hello.port, helloRequest);
    if (answer.status !== 200 || canonicalJson(answer.text) !== helloExpected) throw new Error(`yoga hello answers wrongly: ${answer.text}`);
  }
  if (cookies.length > 1) {
    const last = { cookie: cookies.at(-1)! };
    for (const [name, request, expected] of [
      ['dashboard', dashboardRequest, dashboard.text],
      ['getPersonalData', restRequest, rest.text],
    ] as const) {
      const answer = await fetchText(port, { ...request, headers: { ...request.headers, ...last } });
      if (canonicalJson(answer.text) !== canonicalJson(expected)) throw new Error(`${name} answers another session of anna differently: ${answer.text.slice(0, 300)}`);
    }
  }
  // The fund's work list (decision 0056): its client was created when the database was seeded (run.ts).
  let fundClaims: { request: RequestShape; expected: string; refresh: () => Promise<RequestShape> } | null = null;
  if (want('fund-claims')) {
    const client = JSON.parse(readFileSync(join(dir, FUND_CLAIMS_FILE), 'utf8')) as { clientId: string; clientSecret: string };
    const refresh = () => fundClaimsRequest(port, client);
    const request = await refresh();
    const answer = await fetchText(port, request);
    const parsed = JSON.parse(answer.text) as { data?: { claims?: { edges: unknown[] } }; errors?: unknown };
    if (answer.status !== 200 || parsed.errors || parsed.data?.claims?.edges.length !== 100)
      throw new Error(`claims(first: 100) reference answer is wrong (${answer.status}): ${answer.text.slice(0, 500)}`);
    fundClaims = { request, expected: answer.text, refresh };
  }
  const bytes = Buffer.byteLength(dashboard.text);
  const portal = { group: group.id, port, pgids, serverCores: group.serverCores, ...(cookies.length > 1 ? { cookies } : {}) };
  const reference = { group: group.id, serverCores: SERVER_CORE };
  const all: Record<(typeof ALL_VARIANTS)[number], Variant | null> = {
    dashboard: {
      ...portal,
      name: 'dashboard',
      label: 'GraphQL dashboard',
      description: `${dashboardRequest.method} /graphql, ${doc.hash ? 'persisted document by hash' : 'full document text'}, logged in; ${bytes} B answer`,
      request: dashboardRequest,
      expected: dashboard.text,
    },
    'dashboard-post':
      doc.hash === null
        ? null
        : {
            ...portal,
            name: 'dashboard-post',
            label: 'GraphQL dashboard, full text POST',
            description: 'POST /graphql with the full document text (as integrators and tests send it), logged in',
            request: textRequest,
            expected: dashboard.text,
          },
    rest: {
      ...portal,
      name: 'rest',
      label: 'REST getPersonalData',
      description: `POST /rest/getPersonalData, logged in; ${Buffer.byteLength(rest.text)} B answer`,
      request: restRequest,
      expected: rest.text,
    },
    documents: documents && {
      ...portal,
      name: 'documents',
      label: 'GraphQL documents list',
      description: `POST /graphql, ${docs.hash ? 'persisted document by hash' : 'full document text'} (\`${docs.operationName}\`: counts and the newest 5 documents of each of the 6 categories, as the web app sends it), logged in; ${Buffer.byteLength(documents.text)} B answer`,
      request: documentsRequest,
      expected: documents.text,
    },
    download: download && {
      ...portal,
      name: 'download',
      label: 'PDF download',
      description: `GET ${download.path.replace(/id=\d+/, 'id=…')} (${download.fileName}), logged in; ${pdfBytes} B answer`,
      request: downloadRequest!,
      expected: pdfText,
      bodyCheck: 'pdf',
    },
    mixed: {
      ...portal,
      name: 'mixed',
      label: `Mixed: ${100 - Math.round(100 / options.writeEvery)} % dashboard, ${Math.round(100 / options.writeEvery)} % writes`,
      description: `the dashboard request above, and every ${options.writeEvery}th request sent (counted over all connections) the mutation \`${WRITE_FIELD}(participate: true)\`, next time \`false\` (POST /graphql, full text; updates anna's persons row in a write transaction, answers its \`ok\` result only after the commit); every write answer and every ${options.sampleEvery}th dashboard answer checked`,
      request: dashboardRequest,
      expected: dashboard.text,
      writes: { every: options.writeEvery, field: WRITE_FIELD, requests: writeRequests },
    },
    'fund-claims': fundClaims && {
      ...portal,
      name: 'fund-claims',
      label: 'Fund API claims(first: 100)',
      description: `POST /fund/graphql \`claims(first: 100)\` of ${BENCH_OPEN_CLAIMS} open claims (member, bank or institution, due date, days left, documents) with a bearer token of the fund (claims:read), taken again before each run; ${Buffer.byteLength(fundClaims.expected)} B answer`,
      request: fundClaims.request,
      expected: fundClaims.expected,
      refresh: fundClaims.refresh,
    },
    raw: {
      ...reference,
      name: 'raw',
      label: 'raw node:http',
      description: `bare node:http answering the dashboard's ${bytes} bytes to the same request`,
      port: raw.port,
      pgids: [raw.child.proc.pid!],
      request: dashboardRequest,
      expected: dashboard.text,
    },
    hello: hello && {
      ...reference,
      name: 'hello',
      label: 'Yoga { hello } floor',
      description: `${helloRequest.method} /graphql \`{ hello }\` on a minimal Yoga with the portal's speed options`,
      port: hello.port,
      pgids: [hello.child.proc.pid!],
      request: helloRequest,
      expected: helloExpected,
    },
  };
  return {
    variants: names.map((n) => (n in all ? all[n as keyof typeof all] : null)).filter((v): v is Variant => v !== null),
    helpers,
    dashboardSource: doc.source,
    documentsSource: want('documents') ? docs.source : null,
    downloadSource: download ? `anna's newest Vorsorgekasse statement, ${download.fileName}` : null,
  };
}

/** Warm-up of every variant, then `group.rounds` interleaved rounds; every round with its CPU accounting. */
export async function runGroupRounds(group: GroupInfo, variants: Variant[], options: BenchOptions): Promise<{ warmups: RoundResult[]; rounds: RoundResult[] }> {
  const spec = { ...options };
  const warmups: RoundResult[] = [];
  if (group.warmup > 0) {
    for (const v of variants) {
      if (v.refresh) v.request = await v.refresh();
      log(`[${group.id}] warm-up ${v.label} (${group.warmup} s)`);
      const result = await runLoadProcess(loadSpec(v, group.warmup, spec), `${group.id} ${v.name} warm-up`);
      warmups.push({ group: group.id, round: 0, variant: v.name, result, voidReasons: voidReasons(result), cpu: null });
    }
  }
  const rounds: RoundResult[] = [];
  for (let round = 1; round <= group.rounds; round++) {
    for (const v of variants) {
      if (v.refresh) v.request = await v.refresh();
      const before = cpuSnapshot(v.pgids);
      const result = await runLoadProcess(loadSpec(v, group.duration, spec), `${group.id} ${v.name} round ${round}`);
      const cpu = cpuShares(before, cpuSnapshot(v.pgids), result.cpuMs, v.serverCores);
      const reasons = voidReasons(result);
      rounds.push({ group: group.id, round, variant: v.name, result, voidReasons: reasons, cpu });
      const w = result.writes;
      log(
        `[${group.id}] round ${round} ${v.label.padEnd(34)} ${result.rps.toFixed(0).padStart(6)} req/s  p50 ${result.p50.toFixed(2)} ms  p99 ${result.p99.toFixed(2)} ms${w ? `  writes ${w.perSecond.toFixed(0)}/s (${w.requests} sent, ${w.refused} refused) p99 ${Number(w.p99).toFixed(2)} ms` : ''}${cpu ? `  ${((cpu.serverCpuMs * 1000) / Math.max(1, result.requests)).toFixed(0)} µs CPU/req; server cores: server ${cpu.server.toFixed(0)} % irq ${cpu.irq.toFixed(0)} % other ${cpu.foreign.toFixed(0)} %; load core ${cpu.loadCore.toFixed(0)} % (other ${cpu.loadForeign.toFixed(0)} %)` : ''}${reasons.length ? `  VOID: ${reasons.join('; ')}` : ''}`,
      );
    }
  }
  return { warmups, rounds };
}
