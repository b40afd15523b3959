import { z } from 'zod';

/**
 * Phone numbers as the portal accepts them (spec 000 section 5 "Phone", section 9 limits): digits, space, plus,
 * slash and hyphen only, 7 to 30 characters. Shared by the settings form, the server and the own-contributions
 * mandate (spec 001 section 6, "phone valid if given"). Pure, no Node imports.
 */

/** Shortest and longest phone number, in characters (spec 000 section 9). */
export const PHONE_MIN_LENGTH = 7;
export const PHONE_MAX_LENGTH = 30;

/** The characters a phone number may hold: digits, space, plus, slash and hyphen. */
const PHONE_PATTERN = /^[0-9 +/-]+$/;

/** Why a phone number is refused (catalogue key suffixes of the profile field errors). */
export type PhoneProblem = 'REQUIRED' | 'TOO_SHORT' | 'TOO_LONG' | 'INVALID_CHARACTERS';

/** Surrounding whitespace removed and runs of spaces collapsed to one; nothing else changes. */
export function normalizePhone(value: string): string {
  return value.replace(/\s+/g, ' ').trim();
}

/** The problem of a phone number as typed (after `normalizePhone`), or null when it is valid. */
export function phoneProblem(value: string): PhoneProblem | null {
  const phone = normalizePhone(value);
  if (phone === '') return 'REQUIRED';
  // A number needs at least one digit: "+ / -" alone is made of allowed characters but is no number.
  if (!PHONE_PATTERN.test(phone) || !/\d/.test(phone)) return 'INVALID_CHARACTERS';
  if (phone.length < PHONE_MIN_LENGTH) return 'TOO_SHORT';
  if (phone.length > PHONE_MAX_LENGTH) return 'TOO_LONG';
  return null;
}

/** True for a phone number of the spec's rule (after `normalizePhone`): `+43 1 234/567-89` is one. */
export function isValidPhone(value: string): boolean {
  return phoneProblem(value) === null;
}

/** zod rule for a required phone: the normalised number, or an issue whose `message` is the `PhoneProblem`. */
export const phoneSchema = z.string({ error: 'REQUIRED' }).transform((value, ctx) => {
  const problem = phoneProblem(value);
  if (problem) {
    ctx.issues.push({ code: 'custom', message: problem, input: value });
    return z.NEVER;
  }
  return normalizePhone(value);
});
