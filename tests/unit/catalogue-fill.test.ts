import { describe, expect, it } from 'vitest';
import { fill } from '@contract/i18n/fill';

describe('fill', () => {
  it('replaces every placeholder, also repeated and with spaces inside the braces', () => {
    expect(fill('Konto {{account}}: {{ amount }} (Konto {{account}})', { account: '0123', amount: 5 })).toBe('Konto 0123: 5 (Konto 0123)');
  });

  it('throws when a placeholder has no value, so no text goes out with braces left in it', () => {
    expect(() => fill('bis {{date}}', {})).toThrow(/\{\{date\}\}/);
  });
});
