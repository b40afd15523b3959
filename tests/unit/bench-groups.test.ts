import { describe, expect, it } from 'vitest';
import { coreList, coresFor } from '../../bench/cpu';
import { mixedRequest, writeAnswerOk, type LoadResult } from '../../bench/load';
import { parseCounts, parseList, parseOptions } from '../../bench/options';
import { summarise, voidReasons } from '../../bench/rounds';
import { ENGINES, type RoundResult, type Variant, type VariantName } from '../../bench/types';

function result(rps: number, extra: Partial<LoadResult> = {}): LoadResult {
  return {
    rps,
    requests: rps * 10,
    p50: 1,
    p99: 2,
    mean: 1,
    non2xx: 0,
    statusCodes: { '200': rps * 10 },
    errors: 0,
    timeouts: 0,
    bodiesChecked: 1,
    bodyMismatches: 0,
    seconds: 10,
    cpuMs: 100,
    ...extra,
  };
}

const quiet = { server: 95, foreign: 0, irq: 5, steal: 0, loadCore: 50, loadForeign: 0, serverCpuMs: 1000 };

function round(group: string, n: number, variant: VariantName, rps: number, extra: Partial<LoadResult> = {}): RoundResult {
  const r = result(rps, extra);
  return { group, round: n, variant, result: r, voidReasons: voidReasons(r), cpu: quiet };
}

function variant(group: string, name: VariantName, writes = false): Variant {
  return {
    name,
    group,
    label: name,
    description: name,
    port: 1,
    pgids: [1],
    serverCores: '0',
    request: { method: 'GET', path: '/', headers: {} },
    expected: '{}',
    ...(writes ? { writes: { every: 10, field: 'setPrizeDraw', requests: [] } } : {}),
  };
}

describe('the bench set-ups (groups)', () => {
  it('takes each ratio against the raw baseline of the same group in the same round', () => {
    const variants = [variant('a', 'dashboard'), variant('a', 'raw'), variant('b', 'dashboard'), variant('b', 'raw')];
    const rounds = [
      round('a', 1, 'dashboard', 100),
      round('a', 1, 'raw', 1000),
      round('a', 2, 'dashboard', 120),
      round('a', 2, 'raw', 1000),
      round('b', 1, 'dashboard', 100),
      round('b', 1, 'raw', 400),
    ];
    const [a, , b] = summarise(variants, rounds);
    expect(a!.ratios).toEqual([0.1, 0.12]);
    expect(a!.ratio).toBeCloseTo(0.11);
    expect(b!.ratios).toEqual([0.25]);
    expect(b!.validRounds).toBe(1);
  });

  it('leaves a void round out and reports the committed writes of mixed traffic', () => {
    const variants = [variant('a', 'mixed', true), variant('a', 'raw')];
    const writes = (perSecond: number, refused = 0) => ({ requests: 50, perSecond, p50: 3, p99: perSecond / 10, refused });
    const rounds = [
      round('a', 1, 'mixed', 200, { writes: writes(20) }),
      round('a', 1, 'raw', 1000),
      round('a', 2, 'mixed', 300, { writes: writes(30, 1) }),
      round('a', 2, 'raw', 1000),
      round('a', 3, 'mixed', 400, { writes: writes(40) }),
      round('a', 3, 'raw', 1000),
    ];
    expect(rounds[2]!.voidReasons).toEqual([expect.stringContaining('1 of 50 writes not committed')]);
    const [mixed] = summarise(variants, rounds);
    expect(mixed!.validRounds).toBe(2);
    expect(mixed!.writesPerSecond).toBe(30);
    expect(mixed!.writeP99).toBe(3);
    expect(mixed!.ratio).toBeCloseTo(0.3);
  });
});

describe('mixed traffic', () => {
  it('makes every n-th request sent a write, the writes in turn, the share exact from the first requests on', () => {
    const kinds = Array.from({ length: 12 }, (_, i) => mixedRequest(i + 1, 'R', ['W1', 'W2'], 4).request);
    expect(kinds).toEqual(['R', 'R', 'R', 'W1', 'R', 'R', 'R', 'W2', 'R', 'R', 'R', 'W1']);
    const writes = Array.from({ length: 1000 }, (_, i) => mixedRequest(i + 1, 'R', ['W'], 10)).filter((r) => r.kind === 'write');
    expect(writes).toHaveLength(100);
    expect(() => mixedRequest(1, 'R', [], 10)).toThrow();
    expect(() => mixedRequest(1, 'R', ['W'], 1)).toThrow();
  });

  it('counts a write only when the mutation answered an ok result without errors', () => {
    expect(writeAnswerOk('{"data":{"setPrizeDraw":{"ok":{"person":{"id":"1"}},"error":null}}}', 'setPrizeDraw')).toBe(true);
    expect(writeAnswerOk('{"data":{"setPrizeDraw":{"ok":null,"error":{"code":"ERROR"}}}}', 'setPrizeDraw')).toBe(false);
    expect(writeAnswerOk('{"data":{"setPrizeDraw":{"ok":true}}}', 'setPrizeDraw')).toBe(false);
    expect(writeAnswerOk('{"data":{"setPrizeDraw":null},"errors":[{"message":"x"}]}', 'setPrizeDraw')).toBe(false);
    expect(writeAnswerOk('{"data":{"other":{"ok":true}}}', 'setPrizeDraw')).toBe(false);
    expect(writeAnswerOk('<html>busy</html>', 'setPrizeDraw')).toBe(false);
  });
});

describe('bench options and cores', () => {
  it('parses engine lists and worker counts, and refuses unknown ones', () => {
    expect(parseList('engines', 'sqlite,postgres,sqlite', ENGINES)).toEqual(['sqlite', 'postgres']);
    expect(parseList('members-100k', 'none', ENGINES)).toEqual([]);
    expect(() => parseList('engines', 'mysql', ENGINES)).toThrow(/unknown "mysql"/);
    expect(parseCounts('workers', '2,1,2')).toEqual([1, 2]);
    expect(() => parseCounts('workers', '0')).toThrow();
    expect(() => parseCounts('workers', '1.5')).toThrow();
  });

  it('spreads the load over 50 sessions unless told otherwise (--sessions)', () => {
    expect(parseOptions([]).sessions).toBe(50);
    expect(parseOptions(['--sessions', '1']).sessions).toBe(1);
    expect(() => parseOptions(['--sessions', '0'])).toThrow(/sessions/);
  });

  it('measures PostgreSQL with one and two portal processes unless told otherwise (--pg-workers)', () => {
    expect(parseOptions([]).pgWorkers).toEqual([1, 2]);
    expect(parseOptions(['--pg-workers', '2']).pgWorkers).toEqual([2]);
    expect(() => parseOptions(['--pg-workers', '0'])).toThrow(/pg-workers/);
  });

  it('pins N workers to the first N cores, at most the machine has', () => {
    expect(coresFor(1, 2)).toBe('0');
    expect(coresFor(2, 2)).toBe('0-1');
    expect(coresFor(4, 2)).toBe('0-1');
    expect(coreList('0-1')).toEqual([0, 1]);
    expect(coreList('0,2-3')).toEqual([0, 2, 3]);
    expect(() => coreList('a')).toThrow();
  });
});
