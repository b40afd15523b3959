import { describe, expect, it } from 'vitest';
import { isValidPhone, normalizePhone, phoneProblem, phoneSchema, PHONE_MAX_LENGTH, PHONE_MIN_LENGTH } from '@contract/phone';
import { validatePhone } from '@contract/profile';

describe('phone rule (spec 000 section 5: digits, space, plus, slash, hyphen; 7 to 30)', () => {
  it('accepts the allowed characters at both length limits', () => {
    expect(isValidPhone('+43 1/234 56-78')).toBe(true);
    expect(isValidPhone('1'.repeat(PHONE_MIN_LENGTH))).toBe(true);
    expect(isValidPhone('1'.repeat(PHONE_MAX_LENGTH))).toBe(true);
    expect(isValidPhone('  0664 1234567  ')).toBe(true);
  });

  it('refuses other characters, too short and too long numbers, and empty input', () => {
    for (const bad of ['0664 123456 (mobil)', '+43.1.2345678', '0664_1234567', '06641234567x', '٠٦٦٤١٢٣٤٥٦٧']) expect(phoneProblem(bad), bad).toBe('INVALID_CHARACTERS');
    expect(phoneProblem('1'.repeat(PHONE_MIN_LENGTH - 1))).toBe('TOO_SHORT');
    expect(phoneProblem('1'.repeat(PHONE_MAX_LENGTH + 1))).toBe('TOO_LONG');
    expect(phoneProblem('   ')).toBe('REQUIRED');
  });

  it('normalises surrounding and repeated spaces only', () => {
    expect(normalizePhone('  +43  1   234 ')).toBe('+43 1 234');
    expect(phoneSchema.parse(' 0664 / 123 45 67 ')).toBe('0664 / 123 45 67');
    const refused = phoneSchema.safeParse('abc');
    expect(refused.success).toBe(false);
    expect(refused.error?.issues[0]?.message).toBe('INVALID_CHARACTERS');
  });

  it('the settings form check removes the number when empty and refuses control characters', () => {
    expect(validatePhone({ phone: '' })).toEqual({ ok: true, value: { phone: null } });
    expect(validatePhone({ phone: null })).toEqual({ ok: true, value: { phone: null } });
    expect(validatePhone({ phone: '0664\u200b1234567' })).toEqual({ ok: false, fieldErrors: [{ field: 'phone', code: 'INVALID_CHARACTERS' }] });
    expect(validatePhone({ phone: 12345678 })).toEqual({ ok: false, fieldErrors: [{ field: 'phone', code: 'INVALID' }] });
    expect(validatePhone({ phone: '+43 12' })).toEqual({ ok: false, fieldErrors: [{ field: 'phone', code: 'TOO_SHORT' }] });
  });

  it('needs a digit: allowed characters alone are no number (one rule for settings and mandates)', () => {
    expect(phoneProblem('+ / - - -')).toBe('INVALID_CHARACTERS');
    expect(isValidPhone('+ / - - -')).toBe(false);
  });
});
