/**
 * Load rounds of the bench (bench/run.ts): one autocannon process per round on the load core, the checks that void a
 * round, the medians over rounds, and the profiled portal.
 */
import { mkdtempSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { cpuUsPerRequest, isQuiet, LOAD_CORE } from './cpu';
import type { LoadResult, LoadSpec } from './load';
import { startPortal } from './portal';
import { log, ROOT, signalGroup, startChild, stopChild } from './processes';
import { summariseProfile } from './profile';
import type { BenchOptions, ProfileRun, RoundResult, Variant, VariantSummary } from './types';

export function loadSpec(variant: Variant, seconds: number, options: Pick<BenchOptions, 'connections' | 'sampleEvery'>): LoadSpec {
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
    ...(variant.writes ? { writes: variant.writes } : {}),
    ...(variant.cookies ? { cookies: variant.cookies } : {}),
    ...(variant.rotation ? { rotation: variant.rotation } : {}),
  };
}

/** One autocannon run in its own process on the load core. */
export async function runLoadProcess(spec: LoadSpec, label: string): Promise<LoadResult> {
  // The many-members specs carry 200 sessions and answers, more than an environment variable may hold: a file then.
  const text = JSON.stringify(spec);
  const file = text.length > 64 * 1024 ? join(mkdtempSync(join(tmpdir(), 'bench-load-')), 'spec.json') : null;
  if (file) writeFileSync(file, text);
  const child = startChild(
    `load ${label}`,
    'taskset',
    ['-c', LOAD_CORE, process.execPath, '--import', 'tsx', 'bench/load.ts'],
    file ? { BENCH_LOAD_SPEC_FILE: file } : { BENCH_LOAD_SPEC: text },
  );
  const timer = setTimeout(() => signalGroup(child, 'SIGKILL'), (spec.duration + 60) * 1000);
  const code = await child.exited;
  clearTimeout(timer);
  if (file) rmSync(dirname(file), { recursive: true, force: true });
  const line = child.stdout.find((l) => l.startsWith('RESULT '));
  if (code !== 0 || !line) throw new Error(`load run ${label} failed (exit ${code}):\n${child.stderr.slice(-20).join('\n')}`);
  return JSON.parse(line.slice('RESULT '.length)) as LoadResult;
}

export function voidReasons(r: LoadResult): string[] {
  const reasons: string[] = [];
  if (r.requests === 0) reasons.push('no answers');
  if (r.non2xx > 0) reasons.push(`${r.non2xx} non-2xx (${JSON.stringify(r.statusCodes)})`);
  if (r.errors > 0) reasons.push(`${r.errors} connection errors`);
  if (r.timeouts > 0) reasons.push(`${r.timeouts} time-outs`);
  if (r.bodyMismatches > 0) reasons.push(`${r.bodyMismatches} of ${r.bodiesChecked} checked bodies wrong (first: ${r.firstMismatch ?? ''})`);
  if (r.writes && r.writes.refused > 0) reasons.push(`${r.writes.refused} of ${r.writes.requests} writes not committed (first: ${r.firstMismatch ?? ''})`);
  if (r.writes && r.writes.requests === 0) reasons.push('no writes answered');
  return reasons;
}

/** The median of the finite values (NaN when there are none). */
function median(values: number[]): number {
  const v = values.filter((x) => Number.isFinite(x)).sort((a, b) => a - b);
  if (v.length === 0) return NaN;
  const mid = Math.floor(v.length / 2);
  return v.length % 2 ? v[mid]! : (v[mid - 1]! + v[mid]!) / 2;
}

/**
 * Medians over the valid rounds of each variant; ratios to the raw baseline of the same group in the same round.
 * Variants of several groups may be passed together (each variant carries its group).
 */
export function summarise(variants: Variant[], rounds: RoundResult[]): VariantSummary[] {
  const key = (group: string, round: number) => `${group}#${round}`;
  const rawRounds = rounds.filter((r) => r.variant === 'raw' && r.voidReasons.length === 0);
  const rawByRound = new Map(rawRounds.map((r) => [key(r.group, r.round), r.result.rps]));
  const quietRaw = new Set(rawRounds.filter(isQuiet).map((r) => key(r.group, r.round)));
  return variants.map((v) => {
    const valid = rounds.filter((r) => r.group === v.group && r.variant === v.name && r.voidReasons.length === 0);
    const rawOf = (r: RoundResult) => rawByRound.get(key(r.group, r.round));
    const ratios = v.name === 'raw' ? [] : valid.filter((r) => rawOf(r) !== undefined).map((r) => r.result.rps / rawOf(r)!);
    const quiet = valid.filter((r) => isQuiet(r) && quietRaw.has(key(r.group, r.round)));
    const quietRatios = v.name === 'raw' ? [] : quiet.map((r) => r.result.rps / rawOf(r)!);
    const writes = valid.map((r) => r.result.writes).filter((w) => w !== undefined);
    return {
      name: v.name,
      group: v.group,
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
      ...(v.writes ? { writesPerSecond: median(writes.map((w) => w.perSecond)), writeP50: median(writes.map((w) => w.p50)), writeP99: median(writes.map((w) => w.p99)) } : {}),
    };
  });
}

function findProfile(dir: string): string {
  const files = readdirSync(dir).filter((f) => f.endsWith('.cpuprofile'));
  if (files.length === 0) throw new Error(`no .cpuprofile in ${dir}`);
  return join(dir, files.sort((a, b) => statSync(join(dir, b)).size - statSync(join(dir, a)).size)[0]!);
}

/** One profiled portal: a short warm-up and one measured round per variant, then a clean exit writes the profile. */
export async function profilePortal(database: string, dir: string, variants: Variant[], options: BenchOptions): Promise<ProfileRun[]> {
  const profDir = join(dir, 'cpu-prof');
  const { child, port } = await startPortal(database, { extraNodeArgs: ['--cpu-prof', `--cpu-prof-dir=${profDir}`] });
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
