import { zxcvbn, zxcvbnOptions } from '@zxcvbn-ts/core';
import { adjacencyGraphs, dictionary as commonDictionary } from '@zxcvbn-ts/language-common';
import { dictionary as germanDictionary } from '@zxcvbn-ts/language-de';
import { passwordError, type PersonalPasswordContext, type RegistrationFieldCode } from '@contract/registration';

/**
 * Common and breached-style passwords (decision 0011; NIST SP 800-63B section 3.1.1.2: compare new passwords with
 * lists of commonly used, expected or compromised values; OWASP ASVS 5.0 V6.2.4). The estimate is zxcvbn-ts's, with
 * its published lists: the top passwords of public breaches and the diceware words (@zxcvbn-ts/language-common), the
 * German common words, first and last names (@zxcvbn-ts/language-de), and the keyboard layouts; patterns such as
 * years, dates, repeats, sequences and keyboard runs are scored too. `Password123!`, `Passwort123!`,
 * `Sommer2024!!` and `Qwertz123456!` all come out below the bar.
 *
 * Pure (no Node imports) beside the spec's rules in registration.schemas.ts, but kept out of the web bundle: the
 * dictionaries are about 1 MB, so the web forms check the spec's composition rule and show this check's code when the
 * server answers it (catalogue `PASSWORD_COMMON`).
 */

/** Guesses (log10) a new password must need at least: 10^10 (zxcvbn score 4, "very unguessable"). */
export const MIN_GUESSES_LOG10 = 10;

/**
 * Characters of the password the estimate looks at. zxcvbn's cost grows fast with the length (repeats of a long
 * password took up to 2 s of CPU on the event loop); common and breached passwords are short, and a password whose
 * first 24 characters are guessable is refused as a whole.
 */
export const ESTIMATE_LENGTH = 24;

let configured = false;
function configure(): void {
  if (configured) return;
  // German Wikipedia words are left out: four times the entries for little gain, and the slowest list to match.
  const { wikipedia: _wikipedia, ...german } = germanDictionary as Record<string, string[]>;
  zxcvbnOptions.setOptions({ dictionary: { ...commonDictionary, ...german }, graphs: adjacencyGraphs });
  configured = true;
}

/**
 * True when `password` is common or follows a common pattern: fewer than 10^10 guesses estimated for its first
 * `ESTIMATE_LENGTH` characters.
 */
export function isCommonPassword(password: string): boolean {
  configure();
  return zxcvbn(password.slice(0, ESTIMATE_LENGTH)).guessesLog10 < MIN_GUESSES_LOG10;
}

/**
 * The server's check of a NEW password (registration, reset, change after PASSWORD_INSECURE, password change): the
 * spec's rules first (`passwordError`: length, composition, personal data), then `PASSWORD_COMMON` for a common or
 * breached-style password. @returns the field code, or null when the password may be set.
 */
export function newPasswordError(password: string, context: PersonalPasswordContext = {}): RegistrationFieldCode | null {
  return passwordError(password, context) ?? (isCommonPassword(password) ? 'PASSWORD_COMMON' : null);
}
