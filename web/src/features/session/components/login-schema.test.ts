import { describe, expect, it } from 'vitest';
import { loginSchema } from './login-schema';

function firstErrors(input: { email: string; password: string }) {
  const result = loginSchema.safeParse(input);
  if (result.success) return {};
  const errors: Record<string, string> = {};
  for (const issue of result.error.issues) {
    const field = String(issue.path[0]);
    errors[field] ??= issue.message;
  }
  return errors;
}

describe('loginSchema', () => {
  it('reports ERROR_MAIL_NOT_GIVEN and ERROR_PWD_NOT_GIVEN for an empty form', () => {
    expect(firstErrors({ email: '', password: '' })).toEqual({
      email: 'ERROR_MAIL_NOT_GIVEN',
      password: 'ERROR_PWD_NOT_GIVEN',
    });
  });

  it('treats an e-mail of only whitespace as not given', () => {
    expect(firstErrors({ email: '  \t ', password: 'x' })).toEqual({ email: 'ERROR_MAIL_NOT_GIVEN' });
  });

  it('reports ERROR_MAIL_NOT_VALID for an address without a domain ending', () => {
    expect(firstErrors({ email: 'anna.muster@example', password: 'x' })).toEqual({ email: 'ERROR_MAIL_NOT_VALID' });
    expect(firstErrors({ email: 'anna.muster', password: 'x' })).toEqual({ email: 'ERROR_MAIL_NOT_VALID' });
  });

  it('removes whitespace from the e-mail before checking and submitting it', () => {
    const result = loginSchema.parse({ email: ' anna.muster @example.at ', password: 'Pensionskasse#2026' });
    expect(result.email).toBe('anna.muster@example.at');
  });

  it('keeps the password exactly as typed', () => {
    const result = loginSchema.parse({ email: 'a@b.at', password: ' secret ' });
    expect(result.password).toBe(' secret ');
  });

  it('reports ERROR_PWD_TOO_LONG above 100 characters', () => {
    expect(firstErrors({ email: 'anna@example.at', password: 'x'.repeat(101) })).toEqual({
      password: 'ERROR_PWD_TOO_LONG',
    });
  });
});
