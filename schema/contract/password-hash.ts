/**
 * Password hashing with argon2id at the OWASP Password Storage Cheat Sheet's first recommendation:
 * m = 19 MiB (19456 KiB), t = 2 iterations, p = 1. The PHC string stores the parameters and salt, so they can
 * be raised later and old hashes still verify.
 */
export const ARGON2_PARAMS = {
  /** Algorithm.Argon2id (a const enum, which verbatimModuleSyntax cannot import). */
  algorithm: 2,
  memoryCost: 19456,
  timeCost: 2,
  parallelism: 1,
} as const;
