/**
 * The session a request carries, after the time-out checks (SessionService.checkSession; RequestScope.session()).
 * - ACTIVE: a valid session of `personId` (`stage` PENDING while a login-flow step is open), with the SHA-256 hash of
 *   its cookie token and the mailbox chosen at login;
 * - NONE: no session cookie; INVALID: unknown, logged out, ended otherwise or of another tenant (`endedBy`
 *   SETTINGS_CHANGED when a password change elsewhere ended it); TIMEOUT: ended by inactivity or lifetime.
 */
export type SessionCheck =
  | { state: 'ACTIVE'; personId: number; tokenHash: string; mailboxType: 'AWB_LB' | 'ASP'; selectedDutyId: number | null; stage: 'PENDING' | 'ACTIVE' }
  | { state: 'NONE' }
  | { state: 'INVALID'; endedBy?: 'SETTINGS_CHANGED' }
  | { state: 'TIMEOUT' };
