/**
 * The rule of a passkey's name (docs/decisions/0047-passkeys.md), shared by the settings form and the server: the
 * name the member gives a passkey, trimmed, 1 to PASSKEY_NAME_MAX_LENGTH characters (code points), no control
 * characters. Pure, no imports, so web and server check alike.
 */

/** Longest passkey name, in characters (code points). */
export const PASSKEY_NAME_MAX_LENGTH = 60;

/** The codes of a refused name: `REQUIRED` (empty after trimming), `TOO_LONG`, `INVALID` (control characters). */
export type PasskeyNameProblem = 'REQUIRED' | 'TOO_LONG' | 'INVALID';

/**
 * Checks a passkey name. @returns the trimmed name, or the problem's code.
 */
export function checkPasskeyName(raw: string): { ok: true; name: string } | { ok: false; code: PasskeyNameProblem } {
  const name = raw.trim();
  if (name === '') return { ok: false, code: 'REQUIRED' };
  if ([...name].length > PASSKEY_NAME_MAX_LENGTH) return { ok: false, code: 'TOO_LONG' };
  // eslint-disable-next-line no-control-regex -- control characters are what the rule refuses
  if (/[\u0000-\u001f\u007f-\u009f\u2028\u2029]/.test(name)) return { ok: false, code: 'INVALID' };
  return { ok: true, name };
}
