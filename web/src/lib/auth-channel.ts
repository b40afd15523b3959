/**
 * Signals between browser tabs of the portal (spec 000 sections 3, 4 and 9): a message under the localStorage key
 * `mvbv-auth`. Writing it fires a `storage` event in every other tab of the same origin (not in the writing one).
 * - `logout` and `timeout`: the session has ended; other tabs go to /login.
 * - `login`: a member has logged in; a tab on /login goes to /dashboard (not in the electronic-ID flow).
 * `at` makes each message a new value, so that a repeated type still fires the event.
 */
export const AUTH_STORAGE_KEY = 'mvbv-auth';

export type AuthMessageType = 'login' | 'logout' | 'timeout';

export interface AuthMessage {
  type: AuthMessageType;
  /** Milliseconds since the epoch when the message was written. */
  at: number;
}

function isAuthMessageType(value: unknown): value is AuthMessageType {
  return value === 'login' || value === 'logout' || value === 'timeout';
}

/** Reads a stored message; null for anything that is not one (removed key, foreign value). */
export function parseAuthMessage(value: string | null): AuthMessage | null {
  if (value === null) return null;
  try {
    const parsed = JSON.parse(value) as { type?: unknown; at?: unknown } | null;
    if (!parsed || !isAuthMessageType(parsed.type)) return null;
    return { type: parsed.type, at: typeof parsed.at === 'number' ? parsed.at : 0 };
  } catch {
    return null;
  }
}

/** Tells the other tabs about a login, logout or session time-out. Storage that refuses writes is ignored. */
export function broadcastAuth(type: AuthMessageType, storage: Pick<Storage, 'setItem'> = localStorage, now = Date.now()): void {
  try {
    storage.setItem(AUTH_STORAGE_KEY, JSON.stringify({ type, at: now } satisfies AuthMessage));
  } catch {
    // Private mode or full storage: the other tabs notice the ended session at their next call instead.
  }
}

/** Calls `listener` for every message another tab writes; returns the function that stops listening. */
export function onAuthMessage(listener: (message: AuthMessage) => void, target: Window = window): () => void {
  const handler = (event: StorageEvent) => {
    if (event.key !== AUTH_STORAGE_KEY) return;
    const message = parseAuthMessage(event.newValue);
    if (message) listener(message);
  };
  target.addEventListener('storage', handler);
  return () => target.removeEventListener('storage', handler);
}
