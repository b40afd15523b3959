import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { zodFieldErrors, zodIssuePaths } from '@contract/field-errors';
import { sendMessageFieldErrors, sendMessageInput } from '@contract/messages';
import { fieldErrorsOf, registerSchema } from '@contract/registration';

const schema = z.object({
  iban: z.string().min(1, { error: 'IBAN_REQUIRED' }).regex(/^AT/, { error: 'IBAN_INVALID' }),
  signature: z.object({ png: z.string().startsWith('data:', { error: 'SIGNATURE_INVALID' }) }),
  note: z.string().max(3),
});

function issuesOf(input: unknown) {
  const parsed = schema.safeParse(input);
  if (parsed.success) throw new Error('expected a refusal');
  return parsed.error.issues;
}

describe('zodFieldErrors (@contract/field-errors)', () => {
  it('names each refused field once with the code of its first issue, in the order of the issues', () => {
    // The empty IBAN fails both checks: IBAN_REQUIRED comes first and wins.
    expect(zodFieldErrors(issuesOf({ iban: '', signature: { png: 'data:x' }, note: '' }))).toEqual([{ field: 'iban', code: 'IBAN_REQUIRED' }]);
  });

  it('refuses the top-level field of a nested issue', () => {
    expect(zodFieldErrors(issuesOf({ iban: 'AT1', signature: { png: 'x' }, note: '' }))).toEqual([{ field: 'signature', code: 'SIGNATURE_INVALID' }]);
  });

  it('reads a zod default text as INVALID and an issue of the whole input as the field `input`', () => {
    expect(zodFieldErrors(issuesOf({ iban: 'AT1', signature: { png: 'data:x' }, note: 'long' }))).toEqual([{ field: 'note', code: 'INVALID' }]);
    expect(zodFieldErrors([{ path: [], message: 'NOT_AN_OBJECT' }])).toEqual([{ field: 'input', code: 'NOT_AN_OBJECT' }]);
  });

  it('keeps only the named fields and words the code with codeOf', () => {
    const issues = [
      { path: ['token'], message: 'REQUIRED' },
      { path: [], message: 'WHOLE' },
      { path: ['email', 0], message: 'Invalid email' },
    ];
    expect(zodFieldErrors(issues, { fields: ['email'], codeOf: (message, field) => `${field}:${message}` })).toEqual([{ field: 'email', code: 'email:Invalid email' }]);
  });

  it('answers no field errors for no issues', () => {
    expect(zodFieldErrors([])).toEqual([]);
  });
});

describe('zodIssuePaths (@contract/field-errors)', () => {
  it('lists each refused place once as a dotted path and leaves out the whole input', () => {
    const issues = [
      { path: ['address', 'postcode'], message: 'a' },
      { path: ['address', 'postcode'], message: 'b' },
      { path: [], message: 'c' },
      { path: ['items', 2], message: 'd' },
    ];
    expect(zodIssuePaths(issues)).toEqual(['address.postcode', 'items.2']);
  });
});

describe('the contract mappings written with zodFieldErrors', () => {
  it('sendMessageFieldErrors names an uncoded issue <FIELD>_INVALID', () => {
    const parsed = sendMessageInput.safeParse({ recipient: 'PENSION_FUND', subject: 'Betreff', body: 'Text', attachmentIds: 'x' });
    expect(parsed.success).toBe(false);
    expect(sendMessageFieldErrors(parsed.error!)).toEqual([{ field: 'attachmentIds', code: 'UPLOAD_NOT_FOUND' }]);
    expect(sendMessageFieldErrors(new z.ZodError([{ code: 'custom', path: ['subject'], message: 'odd', input: 1 }]))).toEqual([{ field: 'subject', code: 'SUBJECT_INVALID' }]);
  });

  it('registration fieldErrorsOf keeps the registration fields and reads an unknown code as REQUIRED', () => {
    const error = new z.ZodError([
      { code: 'custom', path: ['somethingElse'], message: 'EMAIL_INVALID', input: 1 },
      { code: 'custom', path: ['email'], message: 'Invalid input', input: 1 },
      { code: 'custom', path: ['email'], message: 'EMAIL_INVALID', input: 1 },
    ]);
    expect(fieldErrorsOf(error)).toEqual([{ field: 'email', code: 'REQUIRED' }]);
    expect(registerSchema.safeParse({}).success).toBe(false);
  });
});
