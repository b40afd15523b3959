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
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { writeBundleReport } from './bundle';
import { writeLighthouseReport } from './lighthouse';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { cpus, tmpdir, totalmem } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { performance } from 'node:perf_hooks';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import { print, type DocumentNode } from 'graphql';
import { canonicalJson, type LoadResult, type LoadSpec } from './load';
import { summariseProfile } from './profile';
import { renderReport } from './report';
import {
  ALL_VARIANTS,
  type BenchOptions,
  type BenchReport,
  type CpuShares,
  type MachineInfo,
  type ProfileRun,
  type RequestShape,
  type RoundResult,
  type SeedTiming,
  type Variant,
  type VariantName,
  type VariantSummary,
} from './types';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const SERVER_CORE = '0';
const LOAD_CORE = '1';
const DEMO_EMAIL = 'anna.muster@example.at';
const DEMO_PASSWORD = 'Pensionskasse#2026';
const LOGIN = 'mutation Login($email: String!, $password: String!) { login(email: $email, password: $password) { status loggedIn } }';
/** Used only when the web app's dashboard query cannot be loaded from web/src/gql. */
const FALLBACK_DASHBOARD = `query BenchDashboard {
  me {
    id titlePrefix firstName lastName titleSuffix unreadMessageCount
    pensionContracts { id contractNumber vrgName role employer { name } statement { stichtag totalCapital } }
    severanceAccounts { id accountNumber status employer { name } statement { stichtag totalEntitlement } }
  }
}`;

/** Used only when the web app's documents overview query cannot be loaded from web/src/gql. */
const FALLBACK_DOCUMENTS = `query BenchDocuments {
  me {
    id unreadDocumentCount documentCounts { category total unread }
    documents(first: 5) { totalCount unreadCount endCursor hasNextPage nodes { id title documentDate fileName contentType unread readAt downloadUrl } }
  }
}`;

// ---------------------------------------------------------------------------------------------------------------
// Child processes

interface Child {
  label: string;
  proc: ChildProcess;
  stderr: string[];
  stdout: string[];
  exited: Promise<number | null>;
}

const children = new Set<Child>();

function log(msg: string): void {
  process.stderr.write(`[bench] ${msg}\n`);
}

/** Starts a process in its own process group (so that it and its children can be signalled together). */
function startChild(label: string, command: string, args: string[], env: Record<string, string> = {}): Child {
  const proc = spawn(command, args, { cwd: ROOT, env: { ...process.env, ...env }, detached: true, stdio: ['ignore', 'pipe', 'pipe'] });
  const child: Child = {
    label,
    proc,
    stderr: [],
    stdout: [],
    exited: new Promise((resolveExit) => {
      proc.once('exit', (code) => resolveExit(code));
      proc.once('error', () => resolveExit(-1));
    }),
  };
  const keep = (into: string[]) => (chunk: Buffer) => {
    for (const line of chunk.toString('utf8').split('\n')) if (line) into.push(line);
    if (into.length > 200) into.splice(0, into.length - 200);
  };
  proc.stdout!.on('data', keep(child.stdout));
  proc.stderr!.on('data', keep(child.stderr));
  children.add(child);
  // When the group leader ends, whatever it left in its group (npx → tsx → node, esbuild) goes with it.
  void child.exited.then(() => {
    signalGroup(child, 'SIGKILL');
    children.delete(child);
  });
  return child;
}

function signalGroup(child: Child, signal: NodeJS.Signals): void {
  if (child.proc.pid === undefined) return;
  try {
    process.kill(-child.proc.pid, signal);
  } catch {
    /* already gone */
  }
}

/** Sends SIGTERM to the child's process group and waits; SIGKILL after `graceMs`. */
async function stopChild(child: Child, graceMs = 8_000): Promise<void> {
  if (!children.has(child)) return;
  signalGroup(child, 'SIGTERM');
  const timer = setTimeout(() => signalGroup(child, 'SIGKILL'), graceMs);
  await child.exited;
  clearTimeout(timer);
}

function killAllNow(): void {
  for (const child of children) signalGroup(child, 'SIGKILL');
}

/** The run's temp folder, removed at exit (also after Ctrl-C) unless --keep. */
let tempFolder: string | undefined;

process.once('exit', () => {
  killAllNow();
  if (tempFolder) rmSync(tempFolder, { recursive: true, force: true });
});
for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP'] as const) {
  process.once(signal, () => {
    log(`${signal}: stopping every child process`);
    killAllNow();
    process.exit(130);
  });
}

/** Resolves with the port once the child prints `LISTENING <port>`; rejects when it exits or takes too long. */
function waitForListening(child: Child, timeoutMs = 60_000): Promise<number> {
  return new Promise((resolvePort, reject) => {
    let buffer = '';
    const onData = (chunk: Buffer) => {
      buffer += chunk.toString('utf8');
      const match = /^LISTENING (\d+)$/m.exec(buffer);
      if (match) {
        cleanup();
        resolvePort(Number(match[1]));
      }
    };
    const timer = setTimeout(() => {
      cleanup();
      reject(new Error(`${child.label} did not print LISTENING within ${timeoutMs} ms:\n${child.stderr.slice(-20).join('\n')}`));
    }, timeoutMs);
    const onExit = () => {
      cleanup();
      reject(new Error(`${child.label} exited before listening:\n${[...child.stdout, ...child.stderr].slice(-30).join('\n')}`));
    };
    const cleanup = () => {
      clearTimeout(timer);
      child.proc.stdout!.off('data', onData);
      child.proc.off('exit', onExit);
    };
    child.proc.stdout!.on('data', onData);
    child.proc.once('exit', onExit);
  });
}

// ---------------------------------------------------------------------------------------------------------------
// CPU accounting from /proc (Linux), to show how busy each core was and whether other work shared core 0.

interface CoreTicks {
  /** user + nice + system: processes. */
  proc: number;
  /** irq + softirq: the kernel's interrupt and network work (loopback TCP lands here). */
  irq: number;
  steal: number;
  total: number;
}

interface CpuSnapshot {
  cores: CoreTicks[];
  group: number;
}

/** Clock ticks per second of /proc's CPU times. */
const CLOCK_TICKS = (() => {
  const out = spawnSync('getconf', ['CLK_TCK'], { encoding: 'utf8' });
  const n = Number(out.stdout?.trim());
  return out.status === 0 && n > 0 ? n : 100;
})();

function readCores(): CoreTicks[] {
  const out: CoreTicks[] = [];
  for (const line of readFileSync('/proc/stat', 'utf8').split('\n')) {
    const m = /^cpu(\d+) (.*)$/.exec(line);
    if (!m) continue;
    const [user = 0, nice = 0, system = 0, idle = 0, iowait = 0, irq = 0, softirq = 0, steal = 0] = m[2]!.trim().split(/\s+/).map(Number);
    out[Number(m[1])] = { proc: user + nice + system, irq: irq + softirq, steal, total: user + nice + system + idle + iowait + irq + softirq + steal };
  }
  return out;
}

/** CPU ticks used so far by the live processes of one process group. */
function groupTicks(pgid: number): number {
  let ticks = 0;
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      if (Number(fields[2]) === pgid) ticks += Number(fields[11]) + Number(fields[12]);
    } catch {
      /* the process ended meanwhile */
    }
  }
  return ticks;
}

function cpuSnapshot(pgid: number): CpuSnapshot | null {
  try {
    return { cores: readCores(), group: groupTicks(pgid) };
  } catch {
    return null;
  }
}

function cpuShares(before: CpuSnapshot | null, after: CpuSnapshot | null, loadCpuMs: number): CpuShares | null {
  if (!before || !after) return null;
  const delta = (core: number) => {
    const a = after.cores[core];
    const b = before.cores[core];
    return a && b ? { proc: a.proc - b.proc, irq: a.irq - b.irq, steal: a.steal - b.steal, total: a.total - b.total } : null;
  };
  const server = delta(Number(SERVER_CORE));
  const load = delta(Number(LOAD_CORE));
  if (!server || !load || server.total <= 0 || load.total <= 0) return null;
  const own = after.group - before.group;
  const share = (ticks: number, total: number) => Math.max(0, (100 * ticks) / total);
  return {
    serverCpuMs: (own * 1000) / CLOCK_TICKS,
    server: share(own, server.total),
    foreign: share(server.proc - own, server.total),
    irq: share(server.irq, server.total),
    steal: share(server.steal, server.total),
    loadCore: share(load.proc + load.irq, load.total),
    loadForeign: share(load.proc - (loadCpuMs * CLOCK_TICKS) / 1000, load.total),
  };
}

// ---------------------------------------------------------------------------------------------------------------
// Steps

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

function machineInfo(): MachineInfo {
  let model = cpus()[0]?.model ?? 'unknown';
  try {
    const line = readFileSync('/proc/cpuinfo', 'utf8')
      .split('\n')
      .find((l) => l.startsWith('model name'));
    if (line) model = line.slice(line.indexOf(':') + 1).trim();
  } catch {
    /* not Linux */
  }
  let kernel = 'unknown';
  try {
    kernel = readFileSync('/proc/sys/kernel/osrelease', 'utf8').trim();
  } catch {
    /* not Linux */
  }
  const git = spawnSync('git', ['rev-parse', '--short', 'HEAD'], { cwd: ROOT, encoding: 'utf8' });
  return {
    cores: cpus().length,
    model,
    memoryGiB: Math.round((totalmem() / 1024 ** 3) * 10) / 10,
    node: process.version,
    kernel,
    commit: git.status === 0 ? git.stdout.trim() : 'unknown',
  };
}

/** Runs the seed CLI and times it (wall clock, including process start-up). */
async function seed(members: number, database: string): Promise<SeedTiming> {
  const started = performance.now();
  const child = startChild(`seed ${members}`, process.execPath, ['--import', 'tsx', 'db/seed/cli.ts', '--members', String(members), '--database', database, '--reset']);
  const code = await child.exited;
  const wallSeconds = (performance.now() - started) / 1000;
  if (code !== 0) throw new Error(`seeding ${members} members failed (exit ${code}):\n${[...child.stdout, ...child.stderr].slice(-30).join('\n')}`);
  const done = child.stdout.map((l) => /^Done in ([\d.]+) s/.exec(l)).find(Boolean);
  let bytes = 0;
  for (const suffix of ['', '-wal']) if (existsSync(database + suffix)) bytes += statSync(database + suffix).size;
  return { members, wallSeconds, cliSeconds: done ? Number(done[1]) : null, bytes };
}

async function startPortal(database: string, extraNodeArgs: string[] | null): Promise<{ child: Child; port: number }> {
  // Production refuses documents sent as text (GRAPHQL_PERSISTED_ONLY); the bench logs in with a text mutation and
  // measures the full-text POST variant, so it turns that off. The persisted variants take the same path either way.
  const env = {
    DATABASE_PATH: database,
    PORT: '0',
    HOST: '127.0.0.1',
    NODE_ENV: 'production',
    PUBLIC_ORIGIN: 'http://127.0.0.1',
    LOG_LEVEL: 'warn',
    SEED_MEMBERS: '0',
    GRAPHQL_PERSISTED_ONLY: '0',
  };
  const child = extraNodeArgs
    ? startChild('portal (profiled)', 'taskset', ['-c', SERVER_CORE, process.execPath, ...extraNodeArgs, '--import', 'tsx', 'server/main.ts'], env)
    : startChild('portal', 'taskset', ['-c', SERVER_CORE, 'npx', 'tsx', 'server/main.ts'], env);
  return { child, port: await waitForListening(child) };
}

async function startHelper(label: string, file: string, env: Record<string, string> = {}): Promise<{ child: Child; port: number }> {
  const child = startChild(label, 'taskset', ['-c', SERVER_CORE, process.execPath, '--import', 'tsx', file], env);
  return { child, port: await waitForListening(child) };
}

async function logIn(port: number): Promise<string> {
  const res = await fetch(`http://127.0.0.1:${port}/graphql`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', accept: 'application/json', 'x-application-version': 'Portal' },
    body: JSON.stringify({ query: LOGIN, operationName: 'Login', variables: { email: DEMO_EMAIL, password: DEMO_PASSWORD } }),
    signal: AbortSignal.timeout(15_000),
  });
  const body = (await res.json()) as { data?: { login?: { loggedIn?: boolean; status?: string } } };
  if (!body.data?.login?.loggedIn) throw new Error(`login of ${DEMO_EMAIL} failed: ${JSON.stringify(body)}`);
  const cookie = res.headers
    .getSetCookie()
    .map((c) => c.split(';')[0]!)
    .find((c) => /session=/.test(c));
  if (!cookie) throw new Error('login answered no session cookie');
  return cookie;
}

interface WebDocument {
  query: string;
  operationName: string;
  hash: string | null;
  source: string;
}

/**
 * A query of the web app (web/src/gql, generated by `npm run codegen`), by its exported document name, with its
 * persisted-document hash when persisted-documents.json lists it; otherwise `fallback` as full text.
 */
async function webDocument(operationName: string, file: string, fallback: { query: string; operationName: string }): Promise<WebDocument> {
  const generated = join(ROOT, 'web/src/gql/graphql.ts');
  try {
    const mod = (await import(pathToFileURL(generated).href)) as Record<string, unknown>;
    const doc = mod[`${operationName}Document`] as (DocumentNode & { __meta__?: { hash?: string } }) | undefined;
    if (doc?.definitions) {
      let query = print(doc);
      let hash: string | null = doc.__meta__?.hash ?? null;
      let persisted: Record<string, string> = {};
      try {
        persisted = JSON.parse(readFileSync(join(ROOT, 'web/src/gql/persisted-documents.json'), 'utf8')) as Record<string, string>;
      } catch {
        /* no list */
      }
      // The text the server runs for the hash (codegen's normalised print), so both ways answer alike.
      const listed = hash === null ? undefined : persisted[hash];
      if (typeof listed === 'string') query = listed;
      else hash = null;
      return {
        query,
        operationName,
        hash,
        source: hash
          ? `the web app's \`${operationName}\` (${file}), sent as a persisted document by hash (${hash.slice(0, 19)}…)`
          : `the web app's \`${operationName}\` (${file}) as full text; persisted-documents.json does not list its hash`,
      };
    }
  } catch (error) {
    log(`could not load ${generated} (${error instanceof Error ? error.message : String(error)}); using the fallback ${operationName}`);
  }
  return { ...fallback, hash: null, source: `the bench’s fallback query \`${fallback.operationName}\` (web/src/gql has no ${operationName})` };
}

/** The web app's dashboard query (DashboardPage_Query), or the fallback. */
function dashboardDocument(): Promise<WebDocument> {
  return webDocument('DashboardPage_Query', 'web/src/features/dashboard/api/get-dashboard.ts', { query: FALLBACK_DASHBOARD, operationName: 'BenchDashboard' });
}

/** The web app's documents overview query (DocumentsOverview_Query), or the fallback. */
function documentsDocument(): Promise<WebDocument> {
  return webDocument('DocumentsOverview_Query', 'web/src/features/documents/api/get-documents-overview.ts', {
    query: FALLBACK_DOCUMENTS,
    operationName: 'BenchDocuments',
  });
}

/** The newest Vorsorgekasse statement of the logged-in member: its download path as the web app links it. */
async function newestVkStatementDownload(port: number, cookie: string): Promise<{ path: string; fileName: string }> {
  const res = await fetch(`http://127.0.0.1:${port}/graphql`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', accept: 'application/json', 'x-application-version': 'Portal', cookie },
    body: JSON.stringify({ query: '{ me { documents(category: VK_ACCOUNT_STATEMENT, first: 1) { nodes { downloadUrl fileName } } } }' }),
    signal: AbortSignal.timeout(15_000),
  });
  const body = (await res.json()) as { data?: { me?: { documents?: { nodes?: { downloadUrl: string; fileName: string }[] } } } };
  const doc = body.data?.me?.documents?.nodes?.[0];
  if (!doc) throw new Error(`${DEMO_EMAIL} has no Vorsorgekasse statement to download: ${JSON.stringify(body)}`);
  return { path: `${doc.downloadUrl}${doc.downloadUrl.includes('?') ? '&' : '?'}lng=de`, fileName: doc.fileName };
}

async function fetchText(port: number, request: RequestShape): Promise<{ status: number; text: string }> {
  const res = await fetch(`http://127.0.0.1:${port}${request.path}`, {
    method: request.method,
    headers: request.headers,
    ...(request.body === undefined ? {} : { body: request.body }),
    signal: AbortSignal.timeout(15_000),
  });
  return { status: res.status, text: await res.text() };
}

function loadSpec(variant: Variant, seconds: number, options: BenchOptions): LoadSpec {
  return {
    url: `http://127.0.0.1:${variant.port}${variant.request.path}`,
    method: variant.request.method,
    headers: variant.request.headers,
    ...(variant.request.body === undefined ? {} : { body: variant.request.body }),
    duration: seconds,
    connections: options.connections,
    expected: variant.expected,
    ...(variant.bodyCheck ? { bodyCheck: variant.bodyCheck } : {}),
    sampleEvery: options.sampleEvery,
  };
}

/** One autocannon run in its own process on the load core. */
async function runLoadProcess(spec: LoadSpec, label: string): Promise<LoadResult> {
  const child = startChild(`load ${label}`, 'taskset', ['-c', LOAD_CORE, process.execPath, '--import', 'tsx', 'bench/load.ts'], {
    BENCH_LOAD_SPEC: JSON.stringify(spec),
  });
  const timer = setTimeout(() => signalGroup(child, 'SIGKILL'), (spec.duration + 60) * 1000);
  const code = await child.exited;
  clearTimeout(timer);
  const line = child.stdout.find((l) => l.startsWith('RESULT '));
  if (code !== 0 || !line) throw new Error(`load run ${label} failed (exit ${code}):\n${child.stderr.slice(-20).join('\n')}`);
  return JSON.parse(line.slice('RESULT '.length)) as LoadResult;
}

function voidReasons(r: LoadResult): string[] {
  const reasons: string[] = [];
  if (r.requests === 0) reasons.push('no answers');
  if (r.non2xx > 0) reasons.push(`${r.non2xx} non-2xx (${JSON.stringify(r.statusCodes)})`);
  if (r.errors > 0) reasons.push(`${r.errors} connection errors`);
  if (r.timeouts > 0) reasons.push(`${r.timeouts} time-outs`);
  if (r.bodyMismatches > 0) reasons.push(`${r.bodyMismatches} of ${r.bodiesChecked} checked bodies wrong (first: ${r.firstMismatch ?? ''})`);
  return reasons;
}

/** Other processes' share of a core above which a round counts as noisy. */
export const QUIET_MAX_FOREIGN = 10;

/** True when neither core had more than QUIET_MAX_FOREIGN % of other processes' work during the round. */
export function isQuiet(r: RoundResult): boolean {
  return r.cpu !== null && r.cpu.foreign <= QUIET_MAX_FOREIGN && r.cpu.loadForeign <= QUIET_MAX_FOREIGN;
}

export function cpuUsPerRequest(r: RoundResult): number {
  return r.cpu && r.result.requests > 0 ? (r.cpu.serverCpuMs * 1000) / r.result.requests : NaN;
}

export function median(values: number[]): number {
  const v = values.filter((x) => Number.isFinite(x)).sort((a, b) => a - b);
  if (v.length === 0) return NaN;
  const mid = Math.floor(v.length / 2);
  return v.length % 2 ? v[mid]! : (v[mid - 1]! + v[mid]!) / 2;
}

function summarise(variants: Variant[], rounds: RoundResult[]): VariantSummary[] {
  const rawByRound = new Map(rounds.filter((r) => r.variant === 'raw' && r.voidReasons.length === 0).map((r) => [r.round, r.result.rps]));
  const quietRaw = new Set(rounds.filter((r) => r.variant === 'raw' && r.voidReasons.length === 0 && isQuiet(r)).map((r) => r.round));
  return variants.map((v) => {
    const valid = rounds.filter((r) => r.variant === v.name && r.voidReasons.length === 0);
    const ratios = v.name === 'raw' ? [] : valid.filter((r) => rawByRound.has(r.round)).map((r) => r.result.rps / rawByRound.get(r.round)!);
    const quiet = valid.filter((r) => isQuiet(r) && quietRaw.has(r.round));
    const quietRatios = v.name === 'raw' ? [] : quiet.map((r) => r.result.rps / rawByRound.get(r.round)!);
    return {
      name: v.name,
      label: v.label,
      description: v.description,
      validRounds: valid.length,
      rps: median(valid.map((r) => r.result.rps)),
      p50: median(valid.map((r) => r.result.p50)),
      p99: median(valid.map((r) => r.result.p99)),
      ratio: v.name === 'raw' ? 1 : median(ratios),
      ratios,
      cpuUs: median(valid.map((r) => cpuUsPerRequest(r))),
      quietRatio: v.name === 'raw' ? 1 : median(quietRatios),
      quietRounds: v.name === 'raw' ? quiet.length : quietRatios.length,
      quietP99: median(valid.filter(isQuiet).map((r) => r.result.p99)),
    };
  });
}

function findProfile(dir: string): string {
  const files = readdirSync(dir).filter((f) => f.endsWith('.cpuprofile'));
  if (files.length === 0) throw new Error(`no .cpuprofile in ${dir}`);
  return join(dir, files.sort((a, b) => statSync(join(dir, b)).size - statSync(join(dir, a)).size)[0]!);
}

/** One profiled portal: a short warm-up and one measured round per variant, then a clean exit writes the profile. */
async function profilePortal(database: string, dir: string, variants: Variant[], options: BenchOptions): Promise<ProfileRun[]> {
  const profDir = join(dir, 'cpu-prof');
  const { child, port } = await startPortal(database, ['--cpu-prof', `--cpu-prof-dir=${profDir}`]);
  const marks: { variant: Variant; start: number; end: number; rps: number }[] = [];
  try {
    for (const variant of variants) {
      const v = { ...variant, port };
      log(`profile: ${v.label}`);
      await runLoadProcess(loadSpec(v, Math.min(options.warmup, 5) || 1, options), `${v.name} profile warm-up`);
      const start = performance.now();
      const result = await runLoadProcess(loadSpec(v, options.duration, options), `${v.name} profile`);
      const end = performance.now();
      // The load process starts (~0.3 s) before autocannon sends; take the last `duration` seconds before `end`.
      marks.push({ variant: v, start: Math.max(start, end - result.seconds * 1000), end, rps: result.rps });
    }
  } finally {
    await stopChild(child, 15_000);
  }
  const exitedAt = performance.now();
  const file = findProfile(profDir);
  return marks.map((m) => ({
    variant: m.variant.name,
    rps: m.rps,
    summary: summariseProfile(file, ROOT, { fromEndUs: (exitedAt - m.start) * 1000, toEndUs: (exitedAt - m.end) * 1000 }),
  }));
}

// ---------------------------------------------------------------------------------------------------------------

async function main(): Promise<void> {
  const options = parseOptions(process.argv.slice(2));
  const t0 = performance.now();
  const machine = machineInfo();
  if (machine.cores < 2) throw new Error('the bench needs 2 cores: the server on core 0, the load generator on core 1');
  const dir = mkdtempSync(join(tmpdir(), 'portal-bench-'));
  if (!options.keep) tempFolder = dir;
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
