import { randomInt } from 'node:crypto';

/**
 * Constants and generators of registration, password reset and code ordering (spec 001 section 9).
 */

/** No new code can be ordered for this many days after the last order (spec 001 section 9: 7 days). */
export const CODE_ORDER_BLOCK_DAYS = 7;
/** Validity of an ordered or fund-issued code, in days (post takes up to a week; generous margin). */
export const CODE_VALID_DAYS = 90;
/** Validity of a password reset link (spec 001 sections 4 and 9: 24 hours). */
export const RESET_LINK_HOURS = 24;
/** Validity of an activation link after registration. */
export const ACTIVATION_LINK_HOURS = 48;
/** A second reset link is refused ("already requested") while one from the last this-many minutes is unused. */
export const RESET_REQUEST_INTERVAL_MINUTES = 15;

/** Unambiguous digits and lower-case letters (no 0/o, 1/l/i). */
export const REGISTRATION_CODE_ALPHABET = '23456789abcdefghjkmnpqrstuvwxyz';
/** Length of a registration code: 31^12 ≈ 2^59 codes, bound to one SVNR, single use, expiring. */
export const REGISTRATION_CODE_LENGTH = 12;
/** Unambiguous letters of both cases and digits for first passwords. */
export const FIRST_PASSWORD_ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZabcdefghjkmnpqrstuvwxyz23456789';
export const FIRST_PASSWORD_LENGTH = 10;

/** A random code from the OS's CSPRNG (rejection-free via crypto.randomInt). */
export function newCode(kind: 'REGISTRATION_CODE' | 'FIRST_PASSWORD'): string {
  const [alphabet, length] = kind === 'REGISTRATION_CODE' ? [REGISTRATION_CODE_ALPHABET, REGISTRATION_CODE_LENGTH] : [FIRST_PASSWORD_ALPHABET, FIRST_PASSWORD_LENGTH];
  let out = '';
  for (let i = 0; i < length; i++) out += alphabet[randomInt(alphabet.length)];
  return out;
}

/** Case- and accent-tolerant comparison of last names ("Müller" = "müller", surrounding spaces ignored). */
export function sameLastName(a: string, b: string): boolean {
  return a.trim().toLocaleLowerCase('de-AT') === b.trim().toLocaleLowerCase('de-AT');
}
