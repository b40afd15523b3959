/**
 * `npm run bench`: measures the portal against a raw node:http baseline and a Yoga `{ hello }` floor, and writes
 * docs/benchmarks.md. A script, not a test.
 *
 * 1. Seeds a fresh database (default 2,000 members) in a temp folder with the seed CLI.
 * 2. Starts the real portal (`npx tsx server/main.ts`, NODE_ENV=production, PUBLIC_ORIGIN, LOG_LEVEL=warn, GRAPHQL_PERSISTED_ONLY=0), the raw baseline
 *    (bench/raw-server.ts, answering the bytes of the portal's real dashboard answer) and the Yoga floor
 *    (bench/yoga-hello.ts), each pinned to core 0 with `taskset -c 0`. Every load run is a separate process
 *    (bench/load.ts, autocannon) pinned to core 1, so server and load generator never share a core.
 * 3. Logs anna in (GraphQL login mutation), downloads her newest Vorsorgekasse statement once (so that the download
 *    marks it read before any reference answer is taken: afterwards the download changes nothing), fetches every
 *    variant's reference answer once, warms every variant up,
 *    then runs interleaved rounds (A B C D A B C D …). A round with a non-2xx answer, a connection error or a
 *    wrong body (a sample of bodies is compared with the reference as JSON) is void. The headline figure is the
 *    median over rounds of portal req/s ÷ raw req/s within the same round.
 * 4. Profiles the portal (`node --cpu-prof`) during one dashboard round and one REST round and summarises the
 *    self time per function and per package.
 * 5. Times seeding 100,000 members with the CLI into a temp file and reports the file size.
 * Everything listens on 127.0.0.1 on ports chosen at run time; every child process is killed at the end, also on
 * error or Ctrl-C.
 *
 *   npm run bench -- [--rounds 5] [--duration 10] [--warmup 10] [--connections 50] [--members 2000]
 *                    [--variants dashboard,dashboard-post,rest,documents,download,raw,hello] [--skip-seed100k] [--seed-members 100000]
 *                    [--no-profile] [--sample-every 20] [--out docs/benchmarks.md] [--keep] [--no-persisted]
 */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { performance } from 'node:perf_hooks';
import { parseArgs } from 'node:util';
import { writeBundleReport } from './bundle';
import { cpuShares, cpuSnapshot, machineInfo } from './cpu';
import { writeLighthouseReport } from './lighthouse';
import { canonicalJson } from './load';
import { dashboardDocument, documentsDocument, fetchText, logIn, newestVkStatementDownload, seed, startHelper, startPortal } from './portal';
import { killAllNow, log, removeAtExit, ROOT, stopChild, type Child } from './processes';
import { renderReport } from './report';
import { loadSpec, profilePortal, runLoadProcess, summarise, voidReasons } from './rounds';
import { ALL_VARIANTS, type BenchOptions, type BenchReport, type ProfileRun, type RequestShape, type RoundResult, type SeedTiming, type Variant, type VariantName } from './types';

function parseOptions(argv: string[]): BenchOptions {
  const { values } = parseArgs({
    args: argv,
    strict: true,
    allowPositionals: false,
    options: {
      rounds: { type: 'string', default: '5' },
      duration: { type: 'string', default: '10' },
      warmup: { type: 'string', default: '10' },
      connections: { type: 'string', default: '50' },
      members: { type: 'string', default: '2000' },
      'seed-members': { type: 'string', default: '100000' },
      'skip-seed100k': { type: 'boolean', default: false },
      'no-profile': { type: 'boolean', default: false },
      variants: { type: 'string', default: ALL_VARIANTS.join(',') },
      'sample-every': { type: 'string', default: '20' },
      out: { type: 'string', default: 'docs/benchmarks.md' },
      keep: { type: 'boolean', default: false },
      'no-persisted': { type: 'boolean', default: false },
      help: { type: 'boolean', short: 'h', default: false },
    },
  });
  if (values.help) {
    process.stdout.write(
      'npm run bench -- [--rounds 5] [--duration 10] [--warmup 10] [--connections 50] [--members 2000]\n' +
        `  [--variants ${ALL_VARIANTS.join(',')}] [--skip-seed100k] [--seed-members 100000] [--no-profile]\n` +
        '  [--sample-every 20] [--out docs/benchmarks.md] [--keep] [--no-persisted]\n',
    );
    process.exit(0);
  }
  const int = (name: string, value: string, min: number) => {
    const n = Number(value);
    if (!Number.isInteger(n) || n < min) throw new Error(`--${name} must be a whole number ≥ ${min}, got "${value}"`);
    return n;
  };
  const variants = values.variants.split(',').map((v) => v.trim()) as VariantName[];
  for (const v of variants) if (!ALL_VARIANTS.includes(v)) throw new Error(`unknown variant "${v}" (known: ${ALL_VARIANTS.join(', ')})`);
  if (!variants.includes('raw')) variants.push('raw');
  return {
    rounds: int('rounds', values.rounds, 1),
    duration: int('duration', values.duration, 1),
    warmup: int('warmup', values.warmup, 0),
    connections: int('connections', values.connections, 1),
    members: int('members', values.members, 0),
    seedMembers: int('seed-members', values['seed-members'], 1),
    skipSeed100k: values['skip-seed100k'],
    profile: !values['no-profile'],
    variants,
    sampleEvery: int('sample-every', values['sample-every'], 1),
    out: resolve(ROOT, values.out),
    keep: values.keep,
    noPersisted: values['no-persisted'],
  };
}

// ---------------------------------------------------------------------------------------------------------------

async function main(): Promise<void> {
  const options = parseOptions(process.argv.slice(2));
  const t0 = performance.now();
  const machine = machineInfo();
  if (machine.cores < 2) throw new Error('the bench needs 2 cores: the server on core 0, the load generator on core 1');
  const dir = mkdtempSync(join(tmpdir(), 'portal-bench-'));
  if (!options.keep) removeAtExit(dir);
  const database = join(dir, 'portal.db');
  log(`temp folder ${dir}`);
  const running: Child[] = [];
  try {
    log(`seeding ${options.members} members`);
    const seedSmall = await seed(options.members, database);

    const portal = await startPortal(database, null);
    running.push(portal.child);
    log(`portal listening on ${portal.port}`);
    const cookie = await logIn(portal.port);
    // The download marks the document read the first time; take it once before any reference answer, so that no
    // answer (documents list, dashboard counts) changes during the rounds.
    const download = await newestVkStatementDownload(portal.port, cookie);
    const downloadRequest: RequestShape = { method: 'GET', path: download.path, headers: { accept: '*/*', cookie } };
    const firstPdf = await fetchText(portal.port, downloadRequest);
    if (firstPdf.status !== 200 || !firstPdf.text.startsWith('%PDF-')) throw new Error(`download answered ${firstPdf.status}: ${firstPdf.text.slice(0, 200)}`);
    const doc = await dashboardDocument();
    if (options.noPersisted && doc.hash) {
      doc.hash = null;
      doc.source = doc.source.replace(/, sent as a persisted document.*$/, ' as full text (--no-persisted)');
    }
    const baseHeaders = { accept: 'application/json', 'x-application-version': 'Portal', cookie };
    const postHeaders = { ...baseHeaders, 'content-type': 'application/json' };
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

    const dashboard = await fetchText(portal.port, dashboardRequest);
    const parsed = JSON.parse(dashboard.text) as { data?: { me?: unknown }; errors?: unknown };
    if (dashboard.status !== 200 || parsed.errors || !parsed.data?.me)
      throw new Error(`dashboard reference answer is wrong (${dashboard.status}): ${dashboard.text.slice(0, 500)}`);
    const asText = await fetchText(portal.port, textRequest);
    if (canonicalJson(asText.text) !== canonicalJson(dashboard.text)) throw new Error('the dashboard answers differently as full text and as persisted document');
    const restRequest: RequestShape = { method: 'POST', path: '/rest/getPersonalData', headers: baseHeaders };
    const rest = await fetchText(portal.port, restRequest);
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
    const documents = await fetchText(portal.port, documentsRequest);
    const documentsParsed = JSON.parse(documents.text) as { data?: { me?: unknown }; errors?: unknown };
    if (documents.status !== 200 || documentsParsed.errors || !documentsParsed.data?.me)
      throw new Error(`documents reference answer is wrong (${documents.status}): ${documents.text.slice(0, 500)}`);
    const pdf = await fetchText(portal.port, downloadRequest);
    if (pdf.status !== 200 || !pdf.text.startsWith('%PDF-') || pdf.text !== firstPdf.text) throw new Error('the download does not answer the same PDF twice');
    const pdfBytes = Buffer.byteLength(await (await fetch(`http://127.0.0.1:${portal.port}${download.path}`, { headers: downloadRequest.headers })).arrayBuffer());

    const bodyFile = join(dir, 'dashboard-answer.json');
    writeFileSync(bodyFile, dashboard.text);
    const raw = await startHelper('raw node:http', 'bench/raw-server.ts', { BENCH_BODY_FILE: bodyFile });
    running.push(raw.child);
    const hello = options.variants.includes('hello') ? await startHelper('yoga hello', 'bench/yoga-hello.ts') : null;
    if (hello) running.push(hello.child);
    const helloRequest: RequestShape =
      dashboardRequest.method === 'GET'
        ? { method: 'GET', path: `/graphql?query=${encodeURIComponent('{ hello }')}`, headers: { accept: 'application/json' } }
        : { method: 'POST', path: '/graphql', headers: { accept: 'application/json', 'content-type': 'application/json' }, body: JSON.stringify({ query: '{ hello }' }) };
    const helloExpected = '{"data":{"hello":"world"}}';
    if (hello) {
      const answer = await fetchText(hello.port, helloRequest);
      if (answer.status !== 200 || canonicalJson(answer.text) !== helloExpected) throw new Error(`yoga hello answers wrongly: ${answer.text}`);
    }
    const bytes = Buffer.byteLength(dashboard.text);
    const all: Record<VariantName, Variant | null> = {
      dashboard: {
        name: 'dashboard',
        label: 'GraphQL dashboard',
        description: `${dashboardRequest.method} /graphql, ${doc.hash ? 'persisted document by hash' : 'full document text'}, logged in; ${bytes} B answer`,
        port: portal.port,
        pgid: portal.child.proc.pid!,
        request: dashboardRequest,
        expected: dashboard.text,
      },
      'dashboard-post':
        doc.hash === null
          ? null
          : {
              name: 'dashboard-post',
              label: 'GraphQL dashboard, full text POST',
              description: 'POST /graphql with the full document text (as integrators and tests send it), logged in',
              port: portal.port,
              pgid: portal.child.proc.pid!,
              request: textRequest,
              expected: dashboard.text,
            },
      rest: {
        name: 'rest',
        label: 'REST getPersonalData',
        description: `POST /rest/getPersonalData, logged in; ${Buffer.byteLength(rest.text)} B answer`,
        port: portal.port,
        pgid: portal.child.proc.pid!,
        request: restRequest,
        expected: rest.text,
      },
      documents: {
        name: 'documents',
        label: 'GraphQL documents list',
        description: `POST /graphql, ${docs.hash ? 'persisted document by hash' : 'full document text'} (\`${docs.operationName}\`: counts and the newest 5 documents of each of the 6 categories, as the web app sends it), logged in; ${Buffer.byteLength(documents.text)} B answer`,
        port: portal.port,
        pgid: portal.child.proc.pid!,
        request: documentsRequest,
        expected: documents.text,
      },
      download: {
        name: 'download',
        label: 'PDF download',
        description: `GET ${download.path.replace(/id=\d+/, 'id=…')} (${download.fileName}, rendered with pdfkit per request), logged in; ${pdfBytes} B answer`,
        port: portal.port,
        pgid: portal.child.proc.pid!,
        request: downloadRequest,
        expected: pdf.text,
        bodyCheck: 'pdf',
      },
      raw: {
        name: 'raw',
        label: 'raw node:http',
        description: `bare node:http answering the dashboard's ${bytes} bytes to the same request`,
        port: raw.port,
        pgid: raw.child.proc.pid!,
        request: dashboardRequest,
        expected: dashboard.text,
      },
      hello: hello
        ? {
            name: 'hello',
            label: 'Yoga { hello } floor',
            description: `${helloRequest.method} /graphql \`{ hello }\` on a minimal Yoga with the portal's speed options`,
            port: hello.port,
            pgid: hello.child.proc.pid!,
            request: helloRequest,
            expected: helloExpected,
          }
        : null,
    };
    const variants = options.variants.map((n) => all[n]).filter((v): v is Variant => v !== null);

    const warmups: RoundResult[] = [];
    if (options.warmup > 0) {
      for (const v of variants) {
        log(`warm-up ${v.label} (${options.warmup} s)`);
        const result = await runLoadProcess(loadSpec(v, options.warmup, options), `${v.name} warm-up`);
        warmups.push({ round: 0, variant: v.name, result, voidReasons: voidReasons(result), cpu: null });
      }
    }
    const rounds: RoundResult[] = [];
    for (let round = 1; round <= options.rounds; round++) {
      for (const v of variants) {
        const before = cpuSnapshot(v.pgid);
        const result = await runLoadProcess(loadSpec(v, options.duration, options), `${v.name} round ${round}`);
        const cpu = cpuShares(before, cpuSnapshot(v.pgid), result.cpuMs);
        const reasons = voidReasons(result);
        rounds.push({ round, variant: v.name, result, voidReasons: reasons, cpu });
        log(
          `round ${round} ${v.label.padEnd(34)} ${result.rps.toFixed(0).padStart(6)} req/s  p50 ${result.p50.toFixed(2)} ms  p99 ${result.p99.toFixed(2)} ms${cpu ? `  ${((cpu.serverCpuMs * 1000) / Math.max(1, result.requests)).toFixed(0)} µs CPU/req; core 0: server ${cpu.server.toFixed(0)} % irq ${cpu.irq.toFixed(0)} % other ${cpu.foreign.toFixed(0)} % steal ${cpu.steal.toFixed(0)} %; core 1 ${cpu.loadCore.toFixed(0)} % (other ${cpu.loadForeign.toFixed(0)} %)` : ''}${reasons.length ? `  VOID: ${reasons.join('; ')}` : ''}`,
        );
      }
    }
    const summaries = summarise(variants, rounds);
    for (const child of running.splice(0)) await stopChild(child);

    let profiles: ProfileRun[] = [];
    if (options.profile) {
      const profiled = variants.filter((v) => ['dashboard', 'rest', 'documents', 'download'].includes(v.name));
      profiles = await profilePortal(database, dir, profiled, options);
    }

    let seed100k: SeedTiming | null = null;
    if (!options.skipSeed100k) {
      log(`seeding ${options.seedMembers} members (timed)`);
      seed100k = await seed(options.seedMembers, join(dir, 'seed-100k.db'));
      log(`seeded ${options.seedMembers} in ${seed100k.wallSeconds.toFixed(1)} s, ${(seed100k.bytes / 1024 / 1024).toFixed(1)} MiB`);
    }

    const report: BenchReport = {
      options,
      machine,
      date: new Date().toISOString(),
      dashboardSource: doc.source,
      documentsSource: options.variants.includes('documents') ? docs.source : null,
      downloadSource: options.variants.includes('download') ? `anna's newest Vorsorgekasse statement, ${download.fileName}` : null,
      variants,
      warmups,
      rounds,
      summaries,
      profiles,
      seedSmall,
      seed100k,
      totalSeconds: (performance.now() - t0) / 1000,
    };
    writeFileSync(join(dir, 'report.json'), JSON.stringify(report, null, 2));
    const previous = existsSync(options.out) ? readFileSync(options.out, 'utf8') : null;
    writeFileSync(options.out, renderReport(report, previous));
    log('building the web app for the first-load JavaScript figures');
    const build = spawnSync('npm', ['run', 'build'], { cwd: ROOT, stdio: 'ignore' });
    if (build.status !== 0) throw new Error('npm run build failed');
    for (const load of writeBundleReport(options.out)) log(`${load.route}: ${(load.gzip / 1024).toFixed(1)} KiB gzip first load (budget ${load.budgetKiB})`);
    log('running Lighthouse on /login and /dashboard');
    for (const row of await writeLighthouseReport(options.out)) log(`${row.page}: Lighthouse performance ${row.performance}, accessibility ${row.accessibility}`);
    log(`wrote ${options.out}`);
    for (const s of summaries) {
      log(
        `${s.label.padEnd(34)} ${s.rps.toFixed(0).padStart(6)} req/s  p50 ${s.p50.toFixed(2)} ms  p99 ${s.p99.toFixed(2)} ms  ratio ${s.ratio.toFixed(3)}  ${s.cpuUs.toFixed(0)} µs CPU/req  (${s.validRounds} valid rounds)`,
      );
    }
  } finally {
    for (const child of running) await stopChild(child);
    killAllNow();
    if (options.keep) log(`kept ${dir}`);
    else rmSync(dir, { recursive: true, force: true });
  }
}

main().then(
  () => process.exit(0),
  (error: unknown) => {
    log(`failed: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`);
    killAllNow();
    process.exit(1);
  },
);
