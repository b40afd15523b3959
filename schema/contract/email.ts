/** E-mail addresses as the portal accepts them (spec 000 section 5 "E-mail"), on both sides of the API. */

/** Shortest and longest e-mail the portal accepts (spec 000 section 5 and 9), in characters. */
export const EMAIL_MAX_LENGTH = 100;
export const EMAIL_MIN_LENGTH = 5;

/**
 * The spec's word-based e-mail pattern (spec 000 section 5): word characters, dots, plus and hyphen before the
 * at sign; dot-separated word labels after it; a final label of 2 to 63 letters.
 */
const EMAIL_PATTERN = /^[\w.+-]+@(?:[A-Za-z0-9](?:[A-Za-z0-9-]*[A-Za-z0-9])?\.)+[A-Za-z]{2,63}$/;

/** Removes all whitespace (spec 000 section 5: "whitespace is removed first") and lower-cases the address. */
export function normalizeEmail(value: string): string {
  return value.replace(/\s+/g, '').toLowerCase();
}

/** True for a normalised e-mail of 5 to 100 characters that matches the spec's pattern. */
export function isValidEmail(email: string): boolean {
  return email.length >= EMAIL_MIN_LENGTH && email.length <= EMAIL_MAX_LENGTH && EMAIL_PATTERN.test(email);
}
