import { describe, expect, it } from 'vitest';
import { isoToTypedDate, typedDateToIso } from './typed-date';

describe('typed dates', () => {
  it('reads DD.MM.YYYY as an ISO date and leaves anything else for the schema to refuse', () => {
    expect(typedDateToIso('01.03.2026')).toBe('2026-03-01');
    expect(typedDateToIso(' 1.3.2026 ')).toBe('2026-03-01');
    expect(typedDateToIso('')).toBe('');
    expect(typedDateToIso(undefined)).toBe('');
    expect(typedDateToIso('2026-03-01')).toBe('2026-03-01');
    expect(typedDateToIso('31.02.26')).toBe('31.02.26');
  });

  it('shows an ISO date as DD.MM.YYYY', () => {
    expect(isoToTypedDate('2026-11-22')).toBe('22.11.2026');
  });
});
