import { describe, expect, it } from 'vitest';
import { pickStatement, stichtageOf } from '../../server/modules/accounts/accounts.rules';
import { isIsoDate } from '@contract/dates';

const statements = [{ stichtag: '2023-12-31' }, { stichtag: '2024-12-31' }, { stichtag: '2025-12-31' }];

describe('account information rules', () => {
  it('recognises real ISO calendar dates only', () => {
    expect(isIsoDate('2024-02-29')).toBe(true);
    expect(isIsoDate('2025-02-29')).toBe(false);
    expect(isIsoDate('2025-13-01')).toBe(false);
    expect(isIsoDate('31.12.2025')).toBe(false);
    expect(isIsoDate("2025-12-31' OR 1=1")).toBe(false);
  });

  it('picks the newest statement when no Stichtag is given', () => {
    expect(pickStatement(statements)).toEqual({ stichtag: '2025-12-31' });
    expect(pickStatement([])).toBeNull();
  });

  it('picks exactly the statement of a given Stichtag and nothing for an unknown or tampered date', () => {
    expect(pickStatement(statements, '2024-12-31')).toEqual({ stichtag: '2024-12-31' });
    expect(pickStatement(statements, '2022-12-31')).toBeNull();
    expect(pickStatement(statements, '2024-12-31x')).toBeNull();
  });

  it('lists the Stichtage newest first', () => {
    expect(stichtageOf(statements)).toEqual(['2025-12-31', '2024-12-31', '2023-12-31']);
  });
});
