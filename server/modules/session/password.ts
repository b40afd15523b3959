import { hash, verify } from '@node-rs/argon2';
import { ARGON2_PARAMS } from '@contract/password-hash';

/** Hashes a password; resolves to a PHC string (`$argon2id$v=19$m=19456,t=2,p=1$...`). */
export function hashPassword(password: string): Promise<string> {
  return hash(password, ARGON2_PARAMS);
}

/** True when `password` matches `phc`; false (never throws) for a malformed hash. */
export async function verifyPassword(phc: string, password: string): Promise<boolean> {
  try {
    return await verify(phc, password);
  } catch {
    return false;
  }
}

let dummyHash: Promise<string> | undefined;

/**
 * Verifies against a fixed dummy hash, so that an unknown e-mail costs the same time as a wrong password
 * (no account enumeration by timing). Always resolves to false.
 */
export async function verifyDummy(password: string): Promise<false> {
  dummyHash ??= hashPassword('dummy-password-for-timing-equalisation');
  await verifyPassword(await dummyHash, password);
  return false;
}

/**
 * Checks a password typed at a login or a step-up against the stored hash with the same work whatever its length:
 * a password longer than `maxLength` characters can never be right (none is stored), but it is still run through one
 * argon2id verification (its first `maxLength` characters against the dummy hash), so an over-long guess costs what a
 * wrong one costs (no shortcut that tells a known account from an unknown one by time). Never throws.
 * @returns true only for a password of at most `maxLength` characters that matches `phc`.
 */
export async function verifyWithEqualWork(phc: string, password: string, maxLength: number): Promise<boolean> {
  if (password.length > maxLength) return verifyDummy(password.slice(0, maxLength));
  return verifyPassword(phc, password);
}
