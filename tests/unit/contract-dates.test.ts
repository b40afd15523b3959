import { afterEach, describe, expect, it, vi } from 'vitest';

describe('isoDateVienna (schema/contract/dates.ts)', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.resetModules();
  });

  it('builds its time-zone formatter on the first call, not when the module loads (the module is in the web entry chunk)', async () => {
    vi.resetModules();
    let constructed = 0;
    const Original = Intl.DateTimeFormat;
    class Counting extends Original {
      constructor(...args: ConstructorParameters<typeof Intl.DateTimeFormat>) {
        super(...args);
        constructed++;
      }
    }
    vi.stubGlobal('Intl', Object.create(Intl, { DateTimeFormat: { value: Counting } }));
    const { isoDateVienna, addDays } = await import('@contract/dates');
    expect(addDays('2026-01-31', 1)).toBe('2026-02-01');
    expect(constructed).toBe(0);
    expect(isoDateVienna(Date.UTC(2026, 0, 31, 22, 59))).toBe('2026-01-31');
    expect(isoDateVienna(Date.UTC(2026, 0, 31, 23, 0))).toBe('2026-02-01');
    expect(constructed).toBe(1);
  });

  it('gives the calendar date in Vienna across the summer-time change', async () => {
    const { isoDateVienna } = await import('@contract/dates');
    // 29.03.2026: clocks go from 02:00 CET to 03:00 CEST; 21:59 UTC on 28.03. is 22:59 in Vienna, 22:00 UTC on 29.03. is 00:00 on 30.03.
    expect(isoDateVienna(Date.UTC(2026, 2, 28, 22, 59))).toBe('2026-03-28');
    expect(isoDateVienna(Date.UTC(2026, 2, 28, 23, 0))).toBe('2026-03-29');
    expect(isoDateVienna(Date.UTC(2026, 2, 29, 21, 59))).toBe('2026-03-29');
    expect(isoDateVienna(Date.UTC(2026, 2, 29, 22, 0))).toBe('2026-03-30');
  });
});
