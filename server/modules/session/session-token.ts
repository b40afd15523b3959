import { hash, randomBytes } from 'node:crypto';

/** A new session token: 256 random bits, base64url (43 characters). Only its hash is stored. */
export function newSessionToken(): string {
  return randomBytes(32).toString('base64url');
}

/** SHA-256 of a token, base64url: the key under which the session is stored (Node's one-shot `crypto.hash`, no Hash object per request). */
export function hashToken(token: string): string {
  return hash('sha256', token, 'base64url');
}

/** True for a string that can be a token issued by `newSessionToken` (cheap filter before any lookup). */
export function isWellFormedToken(token: string): boolean {
  return /^[A-Za-z0-9_-]{43}$/.test(token);
}

/**
 * A new public session id: 128 random bits as 32 lower-case hex characters (`sessions.public_id`). The only id of a
 * session the client sees (the device list, decision 0048); unlike the token it proves nothing.
 */
export function newPublicId(): string {
  return randomBytes(16).toString('hex');
}
