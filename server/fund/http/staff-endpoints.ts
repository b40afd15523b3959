import type { IncomingMessage, ServerResponse } from 'node:http';
import type { AppDeps } from '../../platform/deps';
import { readCookie } from '../../platform/request-context';
import { readBodyWithin } from '../../rest/body';
import type { StaffService } from '../staff/staff.service';

/** Paths of the workbench's sign-in (decision 0054). */
export const STAFF_PATHS = { signIn: '/fund/staff/sign-in', password: '/fund/staff/password', signOut: '/fund/staff/sign-out', me: '/fund/staff/me' } as const;
const PATHS: ReadonlySet<string> = new Set(Object.values(STAFF_PATHS));
/** Largest body of a sign-in or password change (JSON of three short fields). */
const MAX_BODY_BYTES = 4096;

/** Name of the staff session cookie: `__Host-` prefixed over HTTPS; never the members' cookie. */
export function staffCookieName(deps: Pick<AppDeps, 'config'>): string {
  return deps.config.PUBLIC_ORIGIN?.startsWith('https:') ? '__Host-mvbv_staff' : 'mvbv_staff';
}

function answer(res: ServerResponse, status: number, body: unknown, headers: Record<string, string | string[]> = {}): void {
  res.writeHead(status, { 'Content-Type': 'application/json; charset=utf-8', 'Cache-Control': 'no-store', ...headers }).end(JSON.stringify(body));
}

async function readJson(req: IncomingMessage): Promise<Record<string, unknown> | null> {
  const raw = await readBodyWithin(req, MAX_BODY_BYTES);
  if (raw === null) return null;
  try {
    const value = JSON.parse(raw.toString('utf8')) as unknown;
    return value !== null && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>) : null;
  } catch {
    return null;
  }
}

const text = (value: unknown): string => (typeof value === 'string' ? value : '');

/**
 * The workbench's sign-in over JSON (decision 0054); every POST needs `Content-Type: application/json` (a cross-site
 * form cannot send it without a CORS preflight the portal never grants) and the cookie is `SameSite=Strict`.
 *
 * - `POST /fund/staff/sign-in` `{email, password, code}`: 200 `{mustChangePassword, name, role}` with the session
 *   cookie; 401 `INVALID` (one answer for unknown e-mail, wrong password, wrong or used code), 423 `LOCKED` with
 *   `lockedUntil` (ISO instant),
 *   403 `DISABLED`.
 * - `POST /fund/staff/password` `{currentPassword, newPassword}`: 200, or 400 with the refusal's code.
 * - `POST /fund/staff/sign-out`: 204, the cookie cleared.
 * - `GET /fund/staff/me`: 200 `{name, role, mustChangePassword}`, 401 without a live session.
 */
export function createStaffEndpoints(deps: AppDeps, staff: StaffService) {
  const cookie = staffCookieName(deps);
  const secure = deps.config.PUBLIC_ORIGIN?.startsWith('https:') ? '; Secure' : '';
  const setCookie = (token: string) => `${cookie}=${token}; Path=/; HttpOnly; SameSite=Strict${secure}`;
  const clearCookie = `${cookie}=; Path=/; HttpOnly; SameSite=Strict; Max-Age=0${secure}`;

  return {
    handles: (pathname: string) => PATHS.has(pathname),
    /** The session token of the request's staff cookie. */
    tokenOf: (req: IncomingMessage) => readCookie(req.headers.cookie, cookie),
    async handle(req: IncomingMessage, res: ServerResponse, pathname: string): Promise<void> {
      const token = readCookie(req.headers.cookie, cookie);
      if (pathname === STAFF_PATHS.me) {
        if (req.method !== 'GET') return answer(res, 405, { error: 'METHOD_NOT_ALLOWED' }, { Allow: 'GET' });
        const checked = await staff.check(token);
        if (!checked) return answer(res, 401, { error: 'SESSION_INVALID' });
        return answer(res, 200, { name: checked.principal.name, role: checked.principal.role, mustChangePassword: checked.mustChangePassword });
      }
      if (req.method !== 'POST') return answer(res, 405, { error: 'METHOD_NOT_ALLOWED' }, { Allow: 'POST' });
      if ((req.headers['content-type'] ?? '').split(';')[0]!.trim().toLowerCase() !== 'application/json') return answer(res, 415, { error: 'JSON_REQUIRED' });
      if (pathname === STAFF_PATHS.signOut) {
        await staff.signOut(token);
        res.writeHead(204, { 'Cache-Control': 'no-store', 'Set-Cookie': clearCookie }).end();
        return;
      }
      const body = await readJson(req);
      if (body === null) return answer(res, 400, { error: 'INVALID_REQUEST' });
      if (pathname === STAFF_PATHS.signIn) {
        const outcome = await staff.signIn(text(body.email), text(body.password), text(body.code));
        if ('error' in outcome) return answer(res, { INVALID: 401, LOCKED: 423, DISABLED: 403 }[outcome.error], outcome);
        const checked = await staff.check(outcome.ok.token);
        return answer(
          res,
          200,
          { mustChangePassword: outcome.ok.mustChangePassword, name: checked?.principal.name, role: checked?.principal.role },
          { 'Set-Cookie': setCookie(outcome.ok.token) },
        );
      }
      const refusal = await staff.changePassword(token ?? '', text(body.currentPassword), text(body.newPassword));
      if (refusal === 'SESSION_INVALID') return answer(res, 401, { error: refusal });
      if (refusal !== null) return answer(res, 400, { error: refusal });
      return answer(res, 200, { changed: true });
    },
  };
}
