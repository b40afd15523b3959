import { describe, expect, it } from 'vitest';
import { allocationOfYear, annualisedReturnPercent, belongsToVrg, bpToPercent, latestYear, rowOfYear } from '../../server/modules/investment/investment.rules';

describe('investment rules', () => {
  it('converts basis points to percent', () => {
    expect(bpToPercent(523)).toBe(5.23);
    expect(bpToPercent(70)).toBe(0.7);
    expect(bpToPercent(-1200)).toBe(-12);
  });

  it('picks the allocation of a year (default the latest) in asset-class order', () => {
    const rows = [
      { year: 2024, assetClass: 'BONDS' as const, shareBp: 6000 },
      { year: 2024, assetClass: 'EQUITIES' as const, shareBp: 4000 },
      { year: 2025, assetClass: 'CASH' as const, shareBp: 500 },
      { year: 2025, assetClass: 'EQUITIES' as const, shareBp: 4500 },
      { year: 2025, assetClass: 'BONDS' as const, shareBp: 5000 },
    ];
    expect(allocationOfYear(rows).map((r) => r.assetClass)).toEqual(['EQUITIES', 'BONDS', 'CASH']);
    expect(allocationOfYear(rows, 2024).map((r) => r.shareBp)).toEqual([4000, 6000]);
    expect(allocationOfYear(rows, 1999)).toEqual([]);
    expect(allocationOfYear([])).toEqual([]);
  });

  it('picks the row of a year or the latest', () => {
    const rows = [{ year: 2023 }, { year: 2025 }, { year: 2024 }];
    expect(latestYear(rows)).toBe(2025);
    expect(rowOfYear(rows)).toEqual({ year: 2025 });
    expect(rowOfYear(rows, 2023)).toEqual({ year: 2023 });
    expect(rowOfYear(rows, 2000)).toBeNull();
    expect(rowOfYear([])).toBeNull();
  });

  it('computes the annualised return as the geometric mean of consecutive years', () => {
    const rows = [
      { year: 2023, returnBp: 1000 },
      { year: 2024, returnBp: -1000 },
      { year: 2025, returnBp: 500 },
    ];
    expect(annualisedReturnPercent(rows, 1)).toBe(5);
    // (1.1 × 0.9 × 1.05)^(1/3) − 1 = 1.0395^(1/3) − 1 = 1.303 %
    expect(annualisedReturnPercent(rows, 3)).toBe(1.3);
    expect(annualisedReturnPercent(rows, 4)).toBeNull();
    expect(annualisedReturnPercent(rows, 0)).toBeNull();
    expect(annualisedReturnPercent(rows, 1.5)).toBeNull();
    expect(
      annualisedReturnPercent(
        [
          { year: 2023, returnBp: 100 },
          { year: 2025, returnBp: 100 },
        ],
        2,
      ),
    ).toBeNull();
  });

  it('lets a member see only the VRGs of their own contracts', () => {
    expect(belongsToVrg([{ vrg: 3 }], 3)).toBe(true);
    expect(belongsToVrg([{ vrg: 3 }], 5)).toBe(false);
    expect(belongsToVrg([], 3)).toBe(false);
  });
});
