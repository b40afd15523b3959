import { describe, expect, it } from 'vitest';
import { applyServerFieldErrors } from './server-field-errors';

type Form = { email: string; password: string };

function recorder() {
  const calls: Array<{ name: string; message: string | undefined; focus: boolean | undefined }> = [];
  const setError = (name: string, error: { message?: string }, options?: { shouldFocus?: boolean }) => {
    calls.push({ name, message: error.message, focus: options?.shouldFocus });
  };
  return { calls, setError };
}

describe('applyServerFieldErrors', () => {
  it('places the errors of the form fields with their code and returns the others in order', () => {
    const { calls, setError } = recorder();
    const rest = applyServerFieldErrors<Form>(
      [
        { field: 'token', code: 'REQUIRED' },
        { field: 'email', code: 'EMAIL_NOT_UNIQUE' },
        { field: 'personId', code: 'INVALID' },
      ],
      ['email', 'password'],
      setError,
    );
    expect(calls).toEqual([{ name: 'email', message: 'EMAIL_NOT_UNIQUE', focus: false }]);
    expect(rest).toEqual([
      { field: 'token', code: 'REQUIRED' },
      { field: 'personId', code: 'INVALID' },
    ]);
  });

  it('focuses only the first placed field when asked, and words the message with messageOf', () => {
    const { calls, setError } = recorder();
    const rest = applyServerFieldErrors<Form>(
      [
        { field: 'password', code: 'TOO_SHORT' },
        { field: 'email', code: 'INVALID' },
      ],
      ['email', 'password'],
      setError,
      { focusFirst: true, messageOf: (e) => `x.${e.field}.${e.code}` },
    );
    expect(calls).toEqual([
      { name: 'password', message: 'x.password.TOO_SHORT', focus: true },
      { name: 'email', message: 'x.email.INVALID', focus: false },
    ]);
    expect(rest).toEqual([]);
  });
});
