import { describe, expect, it } from 'vitest';
import { checkPasskeyName, PASSKEY_NAME_MAX_LENGTH } from '@contract/passkeys';

describe('the passkey name rule (@contract/passkeys, decision 0047)', () => {
  it('trims the name and takes 1 to 60 characters, counted as code points', () => {
    expect(checkPasskeyName('  Laptop  ')).toEqual({ ok: true, name: 'Laptop' });
    expect(checkPasskeyName('🔑'.repeat(PASSKEY_NAME_MAX_LENGTH))).toEqual({ ok: true, name: '🔑'.repeat(PASSKEY_NAME_MAX_LENGTH) });
    expect(checkPasskeyName('x'.repeat(PASSKEY_NAME_MAX_LENGTH + 1))).toEqual({ ok: false, code: 'TOO_LONG' });
  });

  it('refuses an empty name and control characters', () => {
    expect(checkPasskeyName('   ')).toEqual({ ok: false, code: 'REQUIRED' });
    expect(checkPasskeyName('Lap\ntop')).toEqual({ ok: false, code: 'INVALID' });
    expect(checkPasskeyName('Lap\u0000top')).toEqual({ ok: false, code: 'INVALID' });
    expect(checkPasskeyName('Lap\u2028top')).toEqual({ ok: false, code: 'INVALID' });
  });
});
