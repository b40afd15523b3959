import { describe, expect, it } from 'vitest';
import { renderLighthouseSection, rowOfRuns } from '../../bench/lighthouse';

type Lhr = Parameters<typeof rowOfRuns>[1][number];

/** A Lighthouse result with the figures the bench reads (times in ms). */
function run(performance: number, fcp: number, tti: number, tbt: number): Lhr {
  const category = (score: number) => ({ score, auditRefs: [] });
  return {
    categories: { performance: category(performance / 100), accessibility: category(1), 'best-practices': category(1) },
    audits: {
      'first-contentful-paint': { numericValue: fcp },
      interactive: { numericValue: tti },
      'total-blocking-time': { numericValue: tbt },
      'largest-contentful-paint': { numericValue: fcp },
      'cumulative-layout-shift': { numericValue: 0 },
    },
  } as unknown as Lhr;
}

describe('Lighthouse rows of the bench (bench/lighthouse.ts)', () => {
  it("takes the median run as Lighthouse CI does (nearest the median FCP and TTI), not the best or the last, and keeps every run's score", () => {
    const row = rowOfRuns('/dashboard', [run(97, 960, 2700, 190), run(88, 1000, 3300, 460), run(94, 980, 2840, 290)]);
    expect(row.performance).toBe(94);
    expect(row.tbtMs).toBe(290);
    expect(row.lcpMs).toBe(980);
    expect(row.runs).toEqual([
      { performance: 97, tbtMs: 190 },
      { performance: 88, tbtMs: 460 },
      { performance: 94, tbtMs: 290 },
    ]);
    const section = renderLighthouseSection([row], new Date('2026-11-26T11:00:00Z'));
    expect(section).toContain('Each page ran 3 times');
    expect(section).toContain('| /dashboard | 94 | 100 | 100 | 0.98 | 0.000 | 290 | missed: performance | 97 (190), 88 (460), 94 (290) |');
  });
});
