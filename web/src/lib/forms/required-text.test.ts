import { describe, expect, it } from 'vitest';
import { requiredKey } from './required-text';

describe('requiredKey', () => {
  const texts = { iban: 'Bitte geben Sie die IBAN ein.', partner: { firstName: 'Bitte geben Sie den Vornamen ein.' } };
  const sections = new Set(['vestedAmount', 'pensionCall']);

  it('names a field by its key, after leaving out the form section and list positions', () => {
    expect(requiredKey('forms', texts, 'iban')).toBe('forms.required.iban');
    expect(requiredKey('forms', texts, 'vestedAmount.iban', sections)).toBe('forms.required.iban');
    expect(requiredKey('forms', texts, 'pensionCall.partner.firstName', sections)).toBe('forms.required.partner.firstName');
  });

  it('gives nothing for a field without a text, a block instead of a text, or an unknown section', () => {
    expect(requiredKey('forms', texts, 'bic')).toBeUndefined();
    expect(requiredKey('forms', texts, 'partner')).toBeUndefined();
    expect(requiredKey('forms', texts, 'other.iban', sections)).toBeUndefined();
    expect(requiredKey('forms', texts, 'toString')).toBeUndefined();
  });
});
