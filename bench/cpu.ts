/**
 * CPU accounting from /proc (Linux) for the bench (bench/run.ts): how busy each core was during a round, whether
 * other work shared the server's core, and the machine the figures were taken on.
 */
import { spawnSync } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { cpus, totalmem } from 'node:os';
import { ROOT } from './processes';
import type { CpuShares, MachineInfo, RoundResult } from './types';

/** The core the measured server runs on (`taskset -c`). */
export const SERVER_CORE = '0';
/** The core every load generator runs on. */
export const LOAD_CORE = '1';

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

/** CPU ticks used so far by the live processes of the given process groups. */
function groupTicks(pgids: number[]): number {
  const wanted = new Set(pgids);
  let ticks = 0;
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      if (wanted.has(Number(fields[2]))) ticks += Number(fields[11]) + Number(fields[12]);
    } catch {
      /* the process ended meanwhile */
    }
  }
  return ticks;
}

export function cpuSnapshot(pgids: number[]): CpuSnapshot | null {
  try {
    return { cores: readCores(), group: groupTicks(pgids) };
  } catch {
    return null;
  }
}

/** The `taskset -c` list for `workers` portal processes on a machine with `cores` cores: 0..min(workers, cores)-1. */
export function coresFor(workers: number, cores: number): string {
  const n = Math.max(1, Math.min(workers, cores));
  return n === 1 ? SERVER_CORE : `0-${n - 1}`;
}

/** The core numbers of a `taskset -c` list such as `0`, `0,1` or `0-3`. */
export function coreList(list: string): number[] {
  const out = new Set<number>();
  for (const part of list.split(',')) {
    const m = /^\s*(\d+)\s*(?:-\s*(\d+)\s*)?$/.exec(part);
    if (!m) throw new Error(`not a core list: "${list}"`);
    const from = Number(m[1]);
    const to = m[2] === undefined ? from : Number(m[2]);
    for (let c = from; c <= to; c++) out.add(c);
  }
  return [...out].sort((a, b) => a - b);
}

/**
 * What the cores did between two snapshots, as percent of one core. `serverCores` is the server's `taskset -c` list;
 * when it includes the load core, the server and the load generator share it, and `foreign` (other processes' work)
 * is counted over all of the server's cores and the load core, and repeated as `loadForeign`.
 */
export function cpuShares(before: CpuSnapshot | null, after: CpuSnapshot | null, loadCpuMs: number, serverCores: string = SERVER_CORE): CpuShares | null {
  if (!before || !after) return null;
  const delta = (core: number) => {
    const a = after.cores[core];
    const b = before.cores[core];
    return a && b ? { proc: a.proc - b.proc, irq: a.irq - b.irq, steal: a.steal - b.steal, total: a.total - b.total } : null;
  };
  const cores = coreList(serverCores).map(delta);
  const load = delta(Number(LOAD_CORE));
  if (!load || load.total <= 0 || cores.some((c) => !c || c.total <= 0)) return null;
  const server = cores as NonNullable<(typeof cores)[number]>[];
  const oneCore = server.reduce((sum, c) => sum + c.total, 0) / server.length;
  const sum = (pick: (c: (typeof server)[number]) => number) => server.reduce((total, c) => total + pick(c), 0);
  const own = after.group - before.group;
  const loadTicks = (loadCpuMs * CLOCK_TICKS) / 1000;
  const share = (ticks: number, total: number) => Math.max(0, (100 * ticks) / total);
  const sharesLoadCore = coreList(serverCores).includes(Number(LOAD_CORE));
  const foreign = sharesLoadCore ? share(sum((c) => c.proc) - own - loadTicks, oneCore) : share(sum((c) => c.proc) - own, oneCore);
  return {
    serverCpuMs: (own * 1000) / CLOCK_TICKS,
    server: share(own, oneCore),
    foreign,
    irq: share(
      sum((c) => c.irq),
      oneCore,
    ),
    steal: share(
      sum((c) => c.steal),
      oneCore,
    ),
    loadCore: share(load.proc + load.irq, load.total),
    loadForeign: sharesLoadCore ? foreign : share(load.proc - loadTicks, load.total),
  };
}

export function machineInfo(): MachineInfo {
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

/** Other processes' share of a core above which a round counts as noisy. */
const QUIET_MAX_FOREIGN = 10;

/** True when neither core had more than QUIET_MAX_FOREIGN % of other processes' work during the round. */
export function isQuiet(r: RoundResult): boolean {
  return r.cpu !== null && r.cpu.foreign <= QUIET_MAX_FOREIGN && r.cpu.loadForeign <= QUIET_MAX_FOREIGN;
}

export function cpuUsPerRequest(r: RoundResult): number {
  return r.cpu && r.result.requests > 0 ? (r.cpu.serverCpuMs * 1000) / r.result.requests : NaN;
}
