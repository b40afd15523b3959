import { describe, expect, it } from 'vitest';
import { placeRuleErrors } from './rule-field-errors';

type Form = { street: string; postcode: string; signature: string };

function recorder() {
  const calls: Array<{ name: string; type: string | undefined; message: string | undefined; focus: boolean | undefined }> = [];
  const setError = (name: string, error: { type?: string; message?: string }, options?: { shouldFocus?: boolean }) => {
    calls.push({ name, type: error.type, message: error.message, focus: options?.shouldFocus });
  };
  return { calls, setError };
}

describe('placeRuleErrors', () => {
  it('places the first message of each field as a rule error, a nested issue on its top-level field, and focuses the first', () => {
    const { calls, setError } = recorder();
    const placed = placeRuleErrors<Form>(
      [
        { path: ['street'], message: 'STREET_REQUIRED' },
        { path: ['signature', 'png'], message: 'ownContributions.fieldErrors.SIGNATURE_REQUIRED' },
        { path: ['street'], message: 'STREET_TOO_LONG' },
      ],
      setError,
    );
    expect(placed).toBe(2);
    expect(calls).toEqual([
      { name: 'street', type: 'rule', message: 'STREET_REQUIRED', focus: true },
      { name: 'signature', type: 'rule', message: 'ownContributions.fieldErrors.SIGNATURE_REQUIRED', focus: false },
    ]);
  });

  it('maps the input fields to the form fields, passes over the unmapped ones and focuses nothing when told', () => {
    const { calls, setError } = recorder();
    const placed = placeRuleErrors<Form>(
      [
        { path: ['documentIds'], message: 'DOCUMENT_REQUIRED' },
        { path: ['country'], message: 'COUNTRY_INVALID' },
      ],
      setError,
      { fieldOf: (field) => (field === 'country' ? 'postcode' : null), focusFirst: false },
    );
    expect(placed).toBe(1);
    expect(calls).toEqual([{ name: 'postcode', type: 'rule', message: 'COUNTRY_INVALID', focus: false }]);
  });
});
