/**
 * The workbench's staff session over the sign-in endpoints of decision 0054 (server/fund/http/staff-endpoints.ts):
 * JSON POSTs with `Content-Type: application/json` and the `SameSite=Strict` cookie the server sets. Every request of
 * the workbench goes through `staffFetch`, which notes its time for the idle warning (the server ends a session after
 * 15 minutes without a request).
 */

/** The server's idle limit of a staff session (decision 0054: 15 minutes without a request). */
export const STAFF_IDLE_MS = 15 * 60_000;
/** How long before the idle end the workbench warns. */
export const IDLE_WARNING_MS = 2 * 60_000;

export type StaffRole = 'CLERK' | 'SUPERVISOR' | 'AUDITOR' | 'ADMIN';

/** The signed-in staff person, as `GET /fund/staff/me` and the sign-in answer name them. */
export interface StaffPerson {
  name: string;
  role: StaffRole;
  mustChangePassword: boolean;
}

export type SignInRefusal = { error: 'INVALID' | 'DISABLED' | 'NETWORK' } | { error: 'LOCKED'; lockedUntil: string };

let lastRequestAt = Date.now();

/** Epoch milliseconds of the workbench's last request to the server. */
export function lastRequestTime(): number {
  return lastRequestAt;
}

/** `fetch` with the session cookie (same origin only), noting the request's time for the idle warning. */
export const staffFetch: typeof fetch = (input, init) => {
  lastRequestAt = Date.now();
  return fetch(input, { ...init, credentials: 'same-origin' });
};

function postJson(path: string, body: unknown): Promise<Response> {
  return staffFetch(path, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(body) });
}

/** The signed-in person, or null without a live session (401) or when the server cannot be reached. */
export async function currentStaff(): Promise<StaffPerson | null> {
  try {
    const res = await staffFetch('/fund/staff/me', { headers: { Accept: 'application/json' } });
    return res.ok ? ((await res.json()) as StaffPerson) : null;
  } catch {
    return null;
  }
}

/** Signs in with e-mail, password and the 6-digit TOTP code; the person, or the refusal (423 with its end). */
export async function signIn(email: string, password: string, code: string): Promise<{ ok: StaffPerson } | SignInRefusal> {
  try {
    const res = await postJson('/fund/staff/sign-in', { email, password, code });
    const body = (await res.json()) as Partial<StaffPerson> & { error?: string; lockedUntil?: string };
    if (res.ok) return { ok: { name: body.name ?? '', role: body.role ?? 'CLERK', mustChangePassword: body.mustChangePassword ?? true } };
    if (body.error === 'LOCKED' && body.lockedUntil) return { error: 'LOCKED', lockedUntil: body.lockedUntil };
    return { error: body.error === 'DISABLED' ? 'DISABLED' : 'INVALID' };
  } catch {
    return { error: 'NETWORK' };
  }
}

/** Sets a new password; null when done, else the server's refusal code (PASSWORD_INCORRECT, PASSWORD_WEAK, …). */
export async function changePassword(currentPassword: string, newPassword: string): Promise<string | null> {
  try {
    const res = await postJson('/fund/staff/password', { currentPassword, newPassword });
    if (res.ok) return null;
    return ((await res.json()) as { error?: string }).error ?? 'other';
  } catch {
    return 'other';
  }
}

/** Ends the session on the server (the cookie is cleared by the answer). */
export async function signOut(): Promise<void> {
  try {
    await postJson('/fund/staff/sign-out', {});
  } catch {
    // The session ends on the server at the idle limit anyway.
  }
}
