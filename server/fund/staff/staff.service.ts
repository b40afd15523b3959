import { randomBytes, randomInt } from 'node:crypto';
import { Secret, TOTP } from 'otpauth';
import { passwordError } from '@contract/registration';
import { normalizeEmail, isValidEmail } from '@contract/email';
import { hashPassword, verifyDummy, verifyPassword } from '../../modules/session/password';
import { hashToken, isWellFormedToken, newSessionToken } from '../../modules/session/session-token';
import { isoInstant, type Clock } from '../../platform/shared/clock';
import { ROLE_SCOPES, isStaffRole, type StaffRole } from './roles';
import type { StaffStore } from './staff.store';
import type { FundPrincipal } from '../access/scopes';

/** TOTP parameters (RFC 6238 section 4, the authenticator apps' default): 30-second steps, 6 digits, HMAC-SHA1. */
const TOTP_PERIOD_S = 30;
/** Steps of clock drift accepted on either side (RFC 6238 section 5.2 recommends at most one). */
const TOTP_WINDOW = 1;
/** An idle staff session ends after 15 minutes (decision 0054). */
export const STAFF_IDLE_MS = 15 * 60_000;
/** Issuer shown in the authenticator app. */
const TOTP_ISSUER = 'Vorsorgekasse Arbeitsplatz';

/** A staff principal's session answer: who, and whether the password must be changed first. */
export type StaffSessionCheck = { principal: Extract<FundPrincipal, { kind: 'staff' }>; mustChangePassword: boolean } | null;

/** A staff account as the ADMIN sees it (never a secret; decision 0059). */
export interface StaffAccountView {
  id: number;
  email: string;
  name: string;
  role: StaffRole;
  createdAt: string;
  disabledAt: string | null;
  lastSignInAt: string | null;
  lockedUntil: string | null;
}

/** The codes of a refused `staff create` (the CLI prints the message, the workbench shows the code's text). */
export type StaffCommandCode = 'EMAIL_INVALID' | 'NAME_INVALID' | 'ROLE_INVALID' | 'EMAIL_TAKEN';

/** A refusal of `staff create`: a stable code, an English message and the input field it is about. */
export class StaffCommandError extends Error {
  constructor(
    readonly code: StaffCommandCode,
    message: string,
    readonly field: 'email' | 'name' | 'role',
  ) {
    super(message);
  }
}

function totpOf(email: string, secret: string): TOTP {
  return new TOTP({ issuer: TOTP_ISSUER, label: email, algorithm: 'SHA1', digits: 6, period: TOTP_PERIOD_S, secret: Secret.fromBase32(secret) });
}

/** A random initial password that passes the portal's password rules (spec 000 section 5): 24 characters. */
function initialPassword(): string {
  const pick = (set: string) => set[randomInt(set.length)]!;
  const base = randomBytes(15).toString('base64url').replace(/[-_]/g, 'x');
  return `${base}${pick('ABCDEFGHJKLMNPQRSTUVWXYZ')}${pick('abcdefghijkmnpqrstuvwxyz')}${pick('23456789')}${pick('!#%&*+?')}`;
}

/**
 * Staff accounts of the workbench (decision 0054): created on the command line with an initial password and a TOTP
 * secret shown once; sign-in with password and a current TOTP code (RFC 6238), a code accepted once only, wrong
 * attempts locking as for members; the first sign-in forces a new password; an idle session ends after 15 minutes;
 * a disabled account's sessions end at once.
 */
export function createStaffService(deps: { store: StaffStore; clock: Clock; lockout: { threshold: number; ms: number } }) {
  const { store, clock } = deps;
  const now = () => isoInstant(clock.now());

  /**
   * A new initial password and TOTP secret for the account `email`: the columns to store (the password to be replaced
   * at the next sign-in, no code used yet, no lock) and what is shown once (the password and the `otpauth://` URI).
   */
  async function freshSignIn(email: string) {
    const password = initialPassword();
    const secret = new Secret({ size: 20 }).base32;
    return {
      columns: { passwordHash: await hashPassword(password), mustChangePassword: true, totpSecret: secret, lastTotpStep: null, failedAttempts: 0, lockedUntil: null },
      shown: { email, initialPassword: password, totpUri: totpOf(email, secret).toString() },
    };
  }

  async function fail(id: number, failed: number): Promise<void> {
    const attempts = failed + 1;
    await store.update(id, attempts >= deps.lockout.threshold ? { failedAttempts: 0, lockedUntil: isoInstant(clock.now() + deps.lockout.ms) } : { failedAttempts: attempts });
  }

  const service = {
    /**
     * Creates an account. Resolves to the e-mail, the initial password and the `otpauth://totp/…` URI (shown once).
     * @throws StaffCommandError for an invalid e-mail, an empty name, an unknown role or an e-mail already in use.
     */
    async create(input: { email: string; name: string; role: string }): Promise<{ email: string; initialPassword: string; totpUri: string }> {
      const email = normalizeEmail(input.email);
      if (email.length > 254 || !isValidEmail(email)) throw new StaffCommandError('EMAIL_INVALID', 'the e-mail address is not valid', 'email');
      const name = input.name.trim();
      if (name === '' || name.length > 100 || /\p{Cc}/u.test(name)) throw new StaffCommandError('NAME_INVALID', 'the name must have 1 to 100 characters', 'name');
      if (!isStaffRole(input.role)) throw new StaffCommandError('ROLE_INVALID', 'the role must be CLERK, SUPERVISOR, AUDITOR or ADMIN', 'role');
      if (await store.byEmail(email)) throw new StaffCommandError('EMAIL_TAKEN', `a staff account with ${email} exists`, 'email');
      const fresh = await freshSignIn(email);
      await store.insert({ email, name, role: input.role, ...fresh.columns, createdAt: now(), disabledAt: null });
      return fresh.shown;
    },

    /** Disables an account and ends its sessions at once; false for an unknown or already disabled e-mail. */
    async disable(emailText: string): Promise<boolean> {
      const row = await store.byEmail(normalizeEmail(emailText));
      if (!row || row.disabledAt !== null) return false;
      await store.update(row.id, { disabledAt: now() });
      await store.endSessionsOf(row.id, now(), 'DISABLED');
      return true;
    },

    /**
     * Disables the account `id` for the workbench's ADMIN `actorStaffId` (decision 0059): as `disable`, refused with
     * `NOT_FOUND` (no such account), `ALREADY_DISABLED`, or `SELF` (an ADMIN does not lock themselves out). Resolves to
     * the ISO instant of the disabling, or the refusal's code.
     */
    async disableById(id: number, actorStaffId: number): Promise<{ disabledAt: string } | { error: 'NOT_FOUND' | 'ALREADY_DISABLED' | 'SELF' }> {
      const row = await store.byId(id);
      if (!row) return { error: 'NOT_FOUND' };
      if (row.id === actorStaffId) return { error: 'SELF' };
      if (row.disabledAt !== null || !(await service.disable(row.email))) return { error: 'ALREADY_DISABLED' };
      return { disabledAt: (await store.byId(id))!.disabledAt! };
    },

    /**
     * Resets the sign-in of the active account `email` (decision 0072): a new initial password and a new TOTP secret,
     * so neither the old password nor the old authenticator works; the next sign-in must replace the password; a lock
     * is lifted and the account's sessions end at once. Resolves to the e-mail, the initial password and the
     * `otpauth://totp/…` URI (shown once), or null for an unknown or disabled account.
     */
    async resetSignIn(emailText: string): Promise<{ email: string; initialPassword: string; totpUri: string } | null> {
      const row = await store.byEmail(normalizeEmail(emailText));
      if (!row || row.disabledAt !== null) return null;
      const fresh = await freshSignIn(row.email);
      await store.update(row.id, fresh.columns);
      await store.endSessionsOf(row.id, now(), 'PASSWORD_CHANGED');
      return fresh.shown;
    },

    /**
     * `resetSignIn` of the account `id` for the workbench's ADMIN `actorStaffId` (decision 0072), refused with
     * `NOT_FOUND` (no such account), `DISABLED` (a disabled account stays so) or `SELF` (the ADMIN's own account: its
     * session would end; another ADMIN or the command line resets it).
     */
    async resetSignInById(id: number, actorStaffId: number): Promise<{ email: string; initialPassword: string; totpUri: string } | { error: 'NOT_FOUND' | 'DISABLED' | 'SELF' }> {
      const row = await store.byId(id);
      if (!row) return { error: 'NOT_FOUND' };
      if (row.id === actorStaffId) return { error: 'SELF' };
      return (await service.resetSignIn(row.email)) ?? { error: 'DISABLED' };
    },

    /**
     * Every account (never a secret), for ADMIN: with `lastSignInAt`, the ISO instant of the latest session's start
     * (null before the first sign-in), and `lockedUntil` while a lock lasts.
     */
    async list(): Promise<StaffAccountView[]> {
      const [rows, lastSignIns] = await Promise.all([store.list(), store.lastSignIns()]);
      return rows.map((r) => ({
        id: r.id,
        email: r.email,
        name: r.name,
        role: r.role,
        createdAt: r.createdAt,
        disabledAt: r.disabledAt,
        lastSignInAt: lastSignIns.get(r.id) ?? null,
        lockedUntil: r.lockedUntil !== null && Date.parse(r.lockedUntil) > clock.now() ? r.lockedUntil : null,
      }));
    },

    /**
     * Signs in with e-mail, password and TOTP code. Resolves to a new session token and whether the password must be
     * changed first, or a refusal: `INVALID` (unknown e-mail, wrong password or code, or a code already used — one
     * answer for all, no enumeration), `LOCKED` with `lockedUntil` (ISO instant; the workbench shows "Gesperrt bis …"),
     * `DISABLED`.
     */
    async signIn(
      emailText: string,
      password: string,
      code: string,
    ): Promise<{ ok: { token: string; mustChangePassword: boolean } } | { error: 'INVALID' | 'DISABLED' } | { error: 'LOCKED'; lockedUntil: string }> {
      const row = await store.byEmail(normalizeEmail(emailText));
      if (!row) {
        await verifyDummy(password.slice(0, 100));
        return { error: 'INVALID' };
      }
      if (row.disabledAt !== null) return { error: 'DISABLED' };
      if (row.lockedUntil !== null && Date.parse(row.lockedUntil) > clock.now()) return { error: 'LOCKED', lockedUntil: row.lockedUntil };
      const passwordOk = password.length <= 100 && (await verifyPassword(row.passwordHash, password));
      const delta = /^\d{6}$/.test(code) ? totpOf(row.email, row.totpSecret).validate({ token: code, timestamp: clock.now(), window: TOTP_WINDOW }) : null;
      const step = Math.floor(clock.now() / (TOTP_PERIOD_S * 1000)) + (delta ?? 0);
      if (!passwordOk || delta === null || !(await store.takeTotpStep(row.id, step))) {
        await fail(row.id, row.failedAttempts);
        return { error: 'INVALID' };
      }
      await store.update(row.id, { failedAttempts: 0, lockedUntil: null });
      const token = newSessionToken();
      await store.insertSession({ tokenHash: hashToken(token), staffId: row.id, createdAt: now(), lastSeenAt: now() });
      return { ok: { token, mustChangePassword: row.mustChangePassword } };
    },

    /**
     * The session's principal (touching it), or null: unknown, ended, idle for 15 minutes (then ended), or of a disabled
     * account. Scopes are the role's, and none while the password must still be changed.
     */
    async check(token: string | undefined): Promise<StaffSessionCheck> {
      if (!token || !isWellFormedToken(token)) return null;
      const tokenHash = hashToken(token);
      const session = await store.session(tokenHash);
      if (!session || session.endedAt !== null) return null;
      if (Date.parse(session.lastSeenAt) + STAFF_IDLE_MS <= clock.now()) {
        await store.endSession(tokenHash, now(), 'IDLE_TIMEOUT');
        return null;
      }
      const row = await store.byId(session.staffId);
      if (!row || row.disabledAt !== null) return null;
      await store.touch(tokenHash, now());
      const scopes = new Set(row.mustChangePassword ? [] : ROLE_SCOPES[row.role]);
      return { principal: { kind: 'staff', staffId: row.id, role: row.role, name: row.name, scopes }, mustChangePassword: row.mustChangePassword };
    },

    /**
     * Sets a new password in the session (the forced change after the first sign-in, or any later one): the current
     * password must match and the new one pass the portal's rules (spec 000 section 5) and differ from it. Other
     * sessions of the person end. Resolves to null, or the refusal's code: SESSION_INVALID, PASSWORD_INCORRECT,
     * PASSWORD_SAME, or the password rule's (PASSWORD_TOO_SHORT, PASSWORD_WEAK, …).
     */
    async changePassword(token: string, current: string, next: string): Promise<null | string> {
      const checked = await service.check(token);
      if (!checked) return 'SESSION_INVALID';
      const row = (await store.byId(checked.principal.staffId))!;
      if (current.length > 100 || !(await verifyPassword(row.passwordHash, current))) return 'PASSWORD_INCORRECT';
      const problem = passwordError(next, { email: row.email, lastName: row.name.split(' ').at(-1) ?? '' });
      if (problem) return problem;
      if (next === current) return 'PASSWORD_SAME';
      await store.update(row.id, { passwordHash: await hashPassword(next), mustChangePassword: false });
      await store.endSessionsOf(row.id, now(), 'PASSWORD_CHANGED', hashToken(token));
      return null;
    },

    /** Ends the session. */
    async signOut(token: string | undefined): Promise<void> {
      if (token && isWellFormedToken(token)) await store.endSession(hashToken(token), now(), 'SIGNED_OUT');
    },
  };
  return service;
}

export type StaffService = ReturnType<typeof createStaffService>;
