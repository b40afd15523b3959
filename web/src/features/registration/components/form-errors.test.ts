import { describe, expect, it } from 'vitest';
import { REGISTRATION_FIELD_CODES, REGISTRATION_FIELDS } from '@contract/registration';
import { resources } from '../../../i18n/resources';
import { applyServerFieldErrors, fieldMessageKey, messageKeyOf } from './form-errors';

function text(key: string): unknown {
  return key.split('.').reduce<unknown>((node, part) => (node as Record<string, unknown> | undefined)?.[part], resources.de.translation);
}

/** Every field and refusal code of the schema (the contract's lists); REQUIRED names the field, so it is tested apart. */
const FIELDS = REGISTRATION_FIELDS;
const CODES = REGISTRATION_FIELD_CODES.filter((code) => code !== 'REQUIRED');

describe('fieldMessageKey', () => {
  it('names the field for REQUIRED, with a German text for every field of the schema', () => {
    expect(fieldMessageKey('svnr', 'REQUIRED')).toBe('registration.required.svnr');
    for (const field of FIELDS) expect(typeof text(fieldMessageKey(field, 'REQUIRED')), field).toBe('string');
  });
  it('has a German text for every refusal code of the schema', () => {
    for (const code of CODES) {
      const key = fieldMessageKey('password', code);
      expect(key, code).not.toBe('registration.fieldError.UNKNOWN');
      expect(typeof text(key), code).toBe('string');
    }
  });
  it('explains the SVNR check digit', () => {
    expect(String(text(fieldMessageKey('svnr', 'SVNR_CHECK_DIGIT')))).toMatch(/Prüfziffer/);
  });
  it('falls back to a generic text for an unknown code or field', () => {
    expect(fieldMessageKey('svnr', 'SOMETHING_NEW')).toBe('registration.fieldError.UNKNOWN');
    expect(fieldMessageKey('nickname', 'REQUIRED')).toBe('registration.fieldError.UNKNOWN');
  });
});

describe('messageKeyOf', () => {
  it('keeps catalogue keys and turns rule codes into keys', () => {
    expect(messageKeyOf('email', 'registration.fieldError.EMAIL_NOT_UNIQUE')).toBe('registration.fieldError.EMAIL_NOT_UNIQUE');
    expect(messageKeyOf('email', 'EMAIL_MISMATCH')).toBe('registration.fieldError.EMAIL_MISMATCH');
    expect(messageKeyOf('email', undefined)).toBeUndefined();
  });
});

describe('applyServerFieldErrors', () => {
  it('sets the errors of the form fields and returns the others', () => {
    const set: Array<[string, string | undefined]> = [];
    const rest = applyServerFieldErrors<{ email: string; password: string }>(
      [
        { field: 'email', code: 'EMAIL_NOT_UNIQUE' },
        { field: 'token', code: 'REQUIRED' },
      ],
      ['email', 'password'],
      (name, error) => set.push([name, error.message]),
    );
    expect(set).toEqual([['email', 'registration.fieldError.EMAIL_NOT_UNIQUE']]);
    expect(rest).toEqual([{ field: 'token', code: 'REQUIRED' }]);
  });
});
