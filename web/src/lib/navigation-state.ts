/**
 * The `state` one screen hands to the next with `navigate(to, { state })`: a notice the target shows once (the
 * login page's session notices, the dashboard's review request), `keepFocus`, which tells the root route not to
 * move focus to the new page's heading, and `keepScroll`, which keeps the scroll position (web/src/lib/
 * scroll-restoration.ts) where a new entry would start at the top. Features never import each other, so the shapes live here.
 */
/** `pwdResetSuccess`: the password was reset from the mailed link (spec 000 `loginShowPwdResetSuccess`). */
/** `accessDeleted`: the member deleted their portal access on /einstellungen (every session ended). */
/** `settingsChanged`: the session ended because the password was changed in another session (spec 000 section 2). */
export const LOGIN_NOTICES = ['timeout', 'failure', 'loggedOut', 'loggedOutElsewhere', 'pwdResetSuccess', 'accessDeleted', 'settingsChanged'] as const;
export type LoginNotice = (typeof LOGIN_NOTICES)[number];

export const DASHBOARD_NOTICES = ['reviewRegistration'] as const;
export type DashboardNotice = (typeof DASHBOARD_NOTICES)[number];

export interface NavigationState {
  notice?: LoginNotice | DashboardNotice;
  /** E-mail the member logged in with (for the e-mail confirmation page). */
  email?: string;
  keepFocus?: boolean;
  /** The new entry keeps the scroll position of the one left (another Stichtag of the same screen). */
  keepScroll?: boolean;
}

/** The notice in a location's state when it is one of `allowed`, else null. */
export function noticeOf<T extends string>(state: unknown, allowed: readonly T[]): T | null {
  const notice = (state as { notice?: unknown } | null)?.notice;
  return typeof notice === 'string' && (allowed as readonly string[]).includes(notice) ? (notice as T) : null;
}

/** The e-mail in a location's state, or null. */
export function emailOf(state: unknown): string | null {
  const email = (state as { email?: unknown } | null)?.email;
  return typeof email === 'string' && email !== '' ? email : null;
}

/**
 * Whether this tab has shown a logged-in screen since it was opened: a session that then answers "no session"
 * (UNAUTHENTICATED: ended elsewhere, password changed, cookie gone) was lost, and the login says so ("failure"
 * notice) instead of appearing without a word. A first visit without a session stays silent.
 */
let loggedInScreenSeen = false;

/** Marks that a logged-in screen was shown in this tab (called by the member layout once its data arrived). */
export function markLoggedInScreenSeen(): void {
  loggedInScreenSeen = true;
}

/** Whether this tab has shown a logged-in screen (see `markLoggedInScreenSeen`). */
export function hasSeenLoggedInScreen(): boolean {
  return loggedInScreenSeen;
}
