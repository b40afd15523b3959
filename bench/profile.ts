/**
 * Summarises a V8 `.cpuprofile` (written by `node --cpu-prof`): self time per function and per package, over a
 * time window (the measured round only, not start-up or shutdown). Idle time is left out of the percentages.
 */
import { readFileSync } from 'node:fs';
import { relative } from 'node:path';
import { fileURLToPath } from 'node:url';

interface CallFrame {
  functionName: string;
  url: string;
  lineNumber: number;
  columnNumber: number;
}

interface ProfileNode {
  id: number;
  callFrame: CallFrame;
  parent?: number;
  children?: number[];
}

interface CpuProfile {
  nodes: ProfileNode[];
  startTime: number;
  endTime: number;
  samples: number[];
  timeDeltas: number[];
}

export interface ProfileEntry {
  name: string;
  where: string;
  category: string;
  ms: number;
  percent: number;
}

export interface ProfileSummary {
  /** Busy (non-idle) milliseconds in the window. */
  busyMs: number;
  windowMs: number;
  /** Share of the window the process was busy, 0–1. */
  busyShare: number;
  functions: ProfileEntry[];
  categories: { category: string; ms: number; percent: number }[];
}

/** Where a function lives: a package name, `node:` internals, a portal folder or V8 itself. */
export function categoryOf(frame: CallFrame, root: string): string {
  const { url, functionName } = frame;
  if (!url) {
    if (functionName === '(garbage collector)') return 'V8 garbage collector';
    if (functionName === '(program)') return 'V8/native (program)';
    if (functionName === '(idle)') return '(idle)';
    return 'native (C++ bindings, builtins)';
  }
  if (url.startsWith('node:')) {
    const mod = url.slice('node:'.length).replace(/^internal\//, '');
    if (/^(http|_http|net|stream|streams)/.test(mod)) return 'Node http/net/streams';
    return 'Node internals (other)';
  }
  const pkg = /node_modules\/((?:@[^/]+\/)?[^/]+)\//.exec(url);
  if (pkg) return pkg[1]!;
  let path = url;
  try {
    path = relative(root, url.startsWith('file:') ? fileURLToPath(url) : url);
  } catch {
    /* keep the URL */
  }
  const top = path.split('/').slice(0, 2).join('/');
  return `portal ${top}`;
}

function shortWhere(frame: CallFrame, root: string): string {
  const { url, lineNumber } = frame;
  if (!url) return '';
  let path = url;
  try {
    path = url.startsWith('file:') ? relative(root, fileURLToPath(url)) : url;
  } catch {
    /* keep the URL */
  }
  path = path.replace(/^.*node_modules\//, '');
  // Modules compiled by tsx report line 0 for every function: the name and the file are all there is.
  return lineNumber > 0 ? `${path}:${lineNumber + 1}` : path;
}

/**
 * @param window start and end of the window in microseconds relative to the profile's end (both ≥ 0, start >
 *   end), or undefined for the whole profile.
 */
export function summariseProfile(file: string, root: string, window?: { fromEndUs: number; toEndUs: number }, top = 15): ProfileSummary {
  const profile = JSON.parse(readFileSync(file, 'utf8')) as CpuProfile;
  const byId = new Map(profile.nodes.map((n) => [n.id, n]));
  const from = window ? profile.endTime - window.fromEndUs : profile.startTime;
  const to = window ? profile.endTime - window.toEndUs : profile.endTime;
  const selfUs = new Map<number, number>();
  let t = profile.startTime;
  for (let i = 0; i < profile.samples.length; i++) {
    t += profile.timeDeltas[i] ?? 0;
    if (t < from || t > to) continue;
    const next = profile.timeDeltas[i + 1] ?? 0;
    const id = profile.samples[i]!;
    selfUs.set(id, (selfUs.get(id) ?? 0) + next);
  }
  const fnTotals = new Map<string, { frame: CallFrame; us: number }>();
  const catTotals = new Map<string, number>();
  let busy = 0;
  for (const [id, us] of selfUs) {
    const frame = byId.get(id)!.callFrame;
    const category = categoryOf(frame, root);
    if (category === '(idle)') continue;
    busy += us;
    const key = `${frame.functionName}|${frame.url}|${frame.lineNumber}|${frame.columnNumber}`;
    const entry = fnTotals.get(key);
    if (entry) entry.us += us;
    else fnTotals.set(key, { frame, us });
    catTotals.set(category, (catTotals.get(category) ?? 0) + us);
  }
  const pct = (us: number) => (busy ? (100 * us) / busy : 0);
  const functions = [...fnTotals.values()]
    .sort((a, b) => b.us - a.us)
    .slice(0, top)
    .map(({ frame, us }) => ({
      name: frame.functionName || '(anonymous)',
      where: shortWhere(frame, root),
      category: categoryOf(frame, root),
      ms: us / 1000,
      percent: pct(us),
    }));
  const categories = [...catTotals.entries()].sort((a, b) => b[1] - a[1]).map(([category, us]) => ({ category, ms: us / 1000, percent: pct(us) }));
  const windowMs = (to - from) / 1000;
  return { busyMs: busy / 1000, windowMs, busyShare: windowMs > 0 ? busy / 1000 / windowMs : 0, functions, categories };
}
