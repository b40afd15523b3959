import { describe, expect, it } from 'vitest';
import { DOCUMENT_CATEGORIES, visibleCategories } from './document-categories';

describe('visibleCategories', () => {
  const all = DOCUMENT_CATEGORIES.map((entry) => entry.category);

  it('leaves out payroll accounts (Lohnkonten) for a person who has none', () => {
    expect(visibleCategories([])).toEqual(all.filter((c) => c !== 'PAYROLL_ACCOUNT'));
    expect(visibleCategories([{ category: 'PAYROLL_ACCOUNT', total: 0 }])).not.toContain('PAYROLL_ACCOUNT');
  });

  it('shows payroll accounts once there is one, and always every other category, empty or not', () => {
    expect(visibleCategories([{ category: 'PAYROLL_ACCOUNT', total: 1 }])).toEqual(all);
    expect(visibleCategories([{ category: 'PAYMENT_STATEMENT', total: 0 }])).toContain('PAYMENT_STATEMENT');
  });
});
