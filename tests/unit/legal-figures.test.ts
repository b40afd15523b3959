import { describe, expect, it, vi } from 'vitest';
import { LEGAL_FIGURES, formatRevaluationFactor, latestLegalFigures, legalFiguresFor, missingLegalFiguresYear } from '@contract/legal-figures';
import { ManualClock } from '../../server/platform/shared/clock';
import { warnIfLegalFiguresMissing } from '../../server/platform/shared/legal-figures-check';
import type { Logger } from '../../server/log';

/** The yearly legal figures (schema/contract/legal-figures.ts, decision 0043) and the start-up check of the year. */
describe('legal figures by year', () => {
  it('hold the 2026 figures of the law (BGBl. II Nr. 263/2025)', () => {
    const f = legalFiguresFor(2026);
    expect(f.year).toBe(2026);
    expect(f.maxContributionBaseMonthlyCents).toBe(693_000); // 6.930 € a month
    expect(f.maxContributionBaseYearlyCents).toBe(9_702_000); // 97.020 € a year with the special payments
    expect(f.revaluationFactorPermille).toBe(1073);
    expect(formatRevaluationFactor(f.revaluationFactorPermille)).toBe('1,073');
    expect(f.premiumRateBp).toBe(425);
    expect(f.insuranceTaxBp).toBe(250);
    expect(f.calculationInterestBp).toBe(200);
    expect(f.sources.maxContributionBase).toContain('BGBl. II Nr. 263/2025');
    expect(f.sources.revaluationFactor).toContain('BGBl. II Nr. 263/2025');
    expect(legalFiguresFor(2025)).toMatchObject({ maxContributionBaseMonthlyCents: 645_000, revaluationFactorPermille: 1063 });
  });

  it('give every year a source for every figure, yearly cap = 14 × monthly, years ascending without gaps', () => {
    LEGAL_FIGURES.forEach((f, i) => {
      expect(f.maxContributionBaseYearlyCents).toBe(f.maxContributionBaseMonthlyCents * 14);
      for (const source of Object.values(f.sources)) expect(source.length).toBeGreaterThan(10);
      if (i > 0) expect(f.year).toBe(LEGAL_FIGURES[i - 1]!.year + 1);
    });
  });

  it('look up by the year of a date; a missing year falls back to the latest known year', () => {
    expect(legalFiguresFor('2026-12-31').year).toBe(2026);
    expect(legalFiguresFor('2025-12-31').year).toBe(2025);
    expect(legalFiguresFor('2031-03-01')).toBe(latestLegalFigures());
    expect(legalFiguresFor(2027).year).toBe(latestLegalFigures().year);
    // Before the table: its first year.
    expect(legalFiguresFor(1999).year).toBe(LEGAL_FIGURES[0]!.year);
  });

  it('name the current year when the table lacks it', () => {
    expect(missingLegalFiguresYear('2026-11-28')).toBeNull();
    expect(missingLegalFiguresYear('2027-01-01')).toBe(2027);
  });
});

describe('start-up warning of a missing year', () => {
  const logger = () => ({ debug: vi.fn(), info: vi.fn(), warn: vi.fn(), error: vi.fn() }) satisfies Logger;

  it('is silent while the clock is in a year of the table', () => {
    const log = logger();
    expect(warnIfLegalFiguresMissing(new ManualClock(Date.parse('2026-12-31T22:59:59Z')), log)).toBeNull();
    expect(log.warn).not.toHaveBeenCalled();
  });

  it('warns once the clock reaches a year the table lacks (Vienna time: 23:00 UTC on 31 December is already 1 January)', () => {
    const log = logger();
    expect(warnIfLegalFiguresMissing(new ManualClock(Date.parse('2026-12-31T23:00:00Z')), log)).toBe(2027);
    expect(log.warn).toHaveBeenCalledTimes(1);
    expect(log.warn).toHaveBeenCalledWith('legal figures of the current year missing; using the latest known year', { year: 2027, usedYear: 2026 });
  });
});
