import type { LoginStatus } from '../session/session.rules';
import { hashPassword, verifyDummy } from '../session/password';
import { hashToken, isWellFormedToken, newSessionToken } from '../session/session-token';
import type { FlowSession } from '../login-flow/login-flow.service';
import type { RequestScope } from '../../platform/shared/request-scope';
import { portalLink } from '../../platform/mail/templates';
import { isoInstant } from '../../platform/shared/clock';
import { ok, type Ok } from '../../platform/shared/result';
import { normalizeEmail } from '@contract/email';
import {
  changeInsecurePasswordSchema,
  changePasswordSchema,
  fieldErrorsOf,
  passwordLostSchema,
  resetPasswordSchema,
  type ChangeInsecurePasswordFormInput,
  type ChangePasswordFormInput,
  type PasswordLostFormInput,
  type ResetPasswordFormInput,
} from '@contract/registration';
import { normalizeSvnr } from '@contract/svnr';
import { newPasswordError } from './password-strength';
import { refuse, registrationHelpers, type FlowErr, type RegistrationDeps, type RegistrationErr } from './registration.deps';
import { passwordChangedMail, passwordResetMail } from './registration.mails';
import { RESET_LINK_HOURS, RESET_REQUEST_INTERVAL_MINUTES, sameLastName } from './registration.rules';

/** Refusals of password lost (REST `pwdLost`; server/modules/registration/registration.graphql `RequestPasswordResetError`). */
export type PasswordLostCode =
  | 'INVALID_INPUT'
  | 'ERROR_NOT_FOUND'
  | 'ERROR_MAIL_DIFFERS'
  | 'MAIL_NOT_FOUND'
  | 'REGISTRATION_CODE_NEEDED'
  | 'ERROR_ALREADY_REQUESTED'
  | 'ERROR_NO_VALID_CONTRACT'
  | 'ERROR_NO_ACTIVE_ACCESS'
  | 'MAINTENANCE'
  | 'ERROR';
/** Refusals of a reset from the link (REST `pwdReset`). */
export type PasswordResetCode = 'INVALID_INPUT' | 'ERROR_PW_ALREADY_USED' | 'ERROR_LINK_EXPIRED' | 'ERROR_RESET_FAILED' | 'MAINTENANCE' | 'ERROR';
/** Refusals of a password change (settings, and after PASSWORD_INSECURE). */
export type PasswordChangeCode = 'INVALID_INPUT' | 'ERROR_WRONG_CURRENT_PASSWORD' | 'ERROR_PW_ALREADY_USED' | 'ERROR';

/**
 * Password lost, reset from the link, and password change (spec 001 sections 2, 5 and 8; spec 000 section 4). Part of
 * the registration service (`createRegistrationService`), in its own module. Every outcome is a `Result`: the
 * success value, or the spec's status name as `code` with the refused fields; a refusal changes nothing and sends
 * nothing. Links carry 256 random bits, only their SHA-256 is stored (person_tokens); they are single use. Methods
 * that mail a link or write the security log take the request's scope first; inputs are the contract's form inputs.
 */
export function createPasswordService(deps: RegistrationDeps) {
  const { store, mailer, audit, clock, tenant, loginFlow } = deps;
  const helpers = registrationHelpers(deps);
  const nowIso = () => isoInstant(clock.now());

  /** The change-history row of a password change (area PASSWORD, no values), by the member, in the given session. */
  const recordPasswordChange = (scope: RequestScope, personId: number, sessionHash: string | null, changedAt: string) =>
    store.recordProfileChange({ personId, actor: 'MEMBER', sessionHash, area: 'PASSWORD', field: 'password', changedAt, ipAddress: scope.meta.ipAddress });

  /** Whether a reset link can still be used: VALID, ERROR_LINK_EXPIRED, or ERROR_RESET_FAILED (unknown, altered, used). */
  async function resetLinkStatus(token: string): Promise<'VALID' | 'ERROR_LINK_EXPIRED' | 'ERROR_RESET_FAILED'> {
    if (!isWellFormedToken(token)) return 'ERROR_RESET_FAILED';
    const row = await store.findToken(hashToken(token), 'PASSWORD_RESET');
    if (!row || row.usedAt) return 'ERROR_RESET_FAILED';
    if (Date.parse(row.expiresAt) <= clock.now()) return 'ERROR_LINK_EXPIRED';
    return 'VALID';
  }

  return {
    resetLinkStatus,

    /**
     * Password lost (REST `pwdLost`). Order: maintenance; fields; one argon2 check (always, for equal timing);
     * number and last name (ERROR_NOT_FOUND); membership (ERROR_NO_VALID_CONTRACT); no access
     * (REGISTRATION_CODE_NEEDED); access not active (ERROR_NO_ACTIVE_ACCESS); no stored e-mail (MAIL_NOT_FOUND, or
     * with `addEmail` a first password by post: `status` LETTER_SENT / ERROR_ALREADY_REQUESTED within 7 days); e-mail
     * differs (ERROR_MAIL_DIFFERS); a reset link of the last 15 minutes still unused (ERROR_ALREADY_REQUESTED); else
     * a new link valid 24 hours (starting with the scope's `publicOrigin()`) is queued for mailing (`status` SUCCESSFUL).
     */
    async requestPasswordReset(scope: RequestScope, form: PasswordLostFormInput): Promise<Ok<{ status: 'SUCCESSFUL' | 'LETTER_SENT' }> | RegistrationErr<PasswordLostCode>> {
      if (deps.maintenance) return refuse('MAINTENANCE');
      const parsed = passwordLostSchema.safeParse(form);
      if (!parsed.success) return refuse('INVALID_INPUT', fieldErrorsOf(parsed.error));
      const input = parsed.data;
      const addEmail = input.addEmail === true || input.addEmail === 'true' || input.addEmail === '1';
      await verifyDummy(normalizeSvnr(input.svnr));
      const person = await store.personBySvnr(normalizeSvnr(input.svnr));
      if (!person || !sameLastName(person.lastName, input.lastName)) return refuse('ERROR_NOT_FOUND');
      if (person.membershipStatus !== 'ACTIVE') return refuse('ERROR_NO_VALID_CONTRACT');
      const credential = await store.credential(person.id);
      if (!credential) return refuse('REGISTRATION_CODE_NEEDED');
      if (credential.accessStatus !== 'ACTIVE') return refuse('ERROR_NO_ACTIVE_ACCESS');
      if (!person.email) {
        if (!addEmail) return refuse('MAIL_NOT_FOUND');
        if (await helpers.nextOrderDay(person.id)) return refuse('ERROR_ALREADY_REQUESTED');
        if (!person.street || !person.postcode) return refuse('ERROR');
        await helpers.issueCodeLetter(person, 'FIRST_PASSWORD');
        return ok({ status: 'LETTER_SENT' });
      }
      if (person.email !== normalizeEmail(input.email)) return refuse('ERROR_MAIL_DIFFERS');
      const now = clock.now();
      if (await store.hasRecentResetToken(person.id, isoInstant(now - RESET_REQUEST_INTERVAL_MINUTES * 60_000), isoInstant(now))) return refuse('ERROR_ALREADY_REQUESTED');
      const token = newSessionToken();
      const tokenHash = hashToken(token);
      const link = portalLink(scope.publicOrigin(), '/pwdReset', { token });
      const to = person.email;
      await store.inTransaction(async () => {
        await store.storeResetToken({ personId: person.id, tokenHash, now: isoInstant(now), expiresAt: isoInstant(now + RESET_LINK_HOURS * 3_600_000) });
        await mailer.send({ personId: person.id, kind: 'PASSWORD_RESET', to, ...passwordResetMail(tenant, person, link, RESET_LINK_HOURS) });
      });
      return ok({ status: 'SUCCESSFUL' });
    },

    /**
     * New password from a reset link (REST `pwdReset`). Order: maintenance; link (ERROR_RESET_FAILED for unknown,
     * altered or used, ERROR_LINK_EXPIRED after 24 hours); fields (INVALID_INPUT); one of the last 5 passwords
     * (ERROR_PW_ALREADY_USED). On success the link is used up, the password stored, the lock and insecure flag
     * cleared, every session of the person ended, and PASSWORD_CHANGE audited; answers the ISO instant of the change.
     */
    async resetPassword(scope: RequestScope, form: ResetPasswordFormInput): Promise<Ok<{ changedAt: string }> | RegistrationErr<PasswordResetCode>> {
      if (deps.maintenance) return refuse('MAINTENANCE');
      const { token } = form;
      const linkStatus = await resetLinkStatus(token);
      if (linkStatus !== 'VALID') return refuse(linkStatus);
      const parsed = resetPasswordSchema.safeParse(form);
      if (!parsed.success) return refuse('INVALID_INPUT', fieldErrorsOf(parsed.error));
      const tokenHash = hashToken(token);
      const row = (await store.findToken(tokenHash, 'PASSWORD_RESET'))!;
      const person = await store.person(row.personId);
      if (!person) return refuse('ERROR_RESET_FAILED');
      const pwCode = newPasswordError(parsed.data.newPassword, { email: person.email ?? '', svnr: person.svnr, lastName: person.lastName });
      if (pwCode) return refuse('INVALID_INPUT', [{ field: 'newPassword', code: pwCode }]);
      if (await helpers.usedBefore(person.id, parsed.data.newPassword)) return refuse('ERROR_PW_ALREADY_USED', [{ field: 'newPassword', code: 'PASSWORD_ALREADY_USED' }]);
      const passwordHash = await hashPassword(parsed.data.newPassword);
      const now = nowIso();
      if (!(await store.consumeResetToken(tokenHash, { personId: person.id, passwordHash, now }))) return refuse('ERROR_RESET_FAILED');
      await audit.record('PASSWORD_CHANGE', person.id, scope.meta, { via: 'RESET' });
      await recordPasswordChange(scope, person.id, null, now);
      return ok({ changedAt: now });
    },

    /**
     * New password after the login answered PASSWORD_INSECURE (REST `pwdChange`; also a first password from a letter,
     * which the login marks insecure). On success the login flow advances (`loginFlow.advance`: the session turns
     * ACTIVE once nothing else is pending). Ok: the next login status. A refusal carries `loginStatus` too:
     * PASSWORD_INSECURE (still pending), or with ERROR, when the password is no longer marked insecure, the flow's
     * next status (advanced as well).
     */
    async changeInsecurePassword(
      scope: RequestScope,
      session: FlowSession,
      form: ChangeInsecurePasswordFormInput,
    ): Promise<Ok<{ loginStatus: LoginStatus }> | FlowErr<PasswordChangeCode>> {
      const credential = await store.credential(session.personId);
      if (!credential?.passwordInsecure) return { ...refuse('ERROR'), loginStatus: await loginFlow.advance(session) };
      const pending = { loginStatus: 'PASSWORD_INSECURE' as LoginStatus };
      const parsed = changeInsecurePasswordSchema.safeParse(form);
      if (!parsed.success) return { ...refuse('INVALID_INPUT', fieldErrorsOf(parsed.error)), ...pending };
      const person = (await store.person(session.personId))!;
      const pwCode = newPasswordError(parsed.data.newPassword, { email: person.email ?? '', svnr: person.svnr, lastName: person.lastName });
      if (pwCode) return { ...refuse('INVALID_INPUT', [{ field: 'newPassword', code: pwCode }]), ...pending };
      if (await helpers.usedBefore(person.id, parsed.data.newPassword))
        return { ...refuse('ERROR_PW_ALREADY_USED', [{ field: 'newPassword', code: 'PASSWORD_ALREADY_USED' }]), ...pending };
      const now = nowIso();
      await store.changePassword({ personId: person.id, passwordHash: await hashPassword(parsed.data.newPassword), now }, session.tokenHash);
      await audit.record('PASSWORD_CHANGE', person.id, scope.meta, { via: 'INSECURE' });
      await recordPasswordChange(scope, person.id, session.tokenHash, now);
      return ok({ loginStatus: await loginFlow.advance(session) });
    },

    /**
     * Password change in the settings (REST `changePassword`): the current password (ERROR_WRONG_CURRENT_PASSWORD),
     * the new one by the registration rules and not one of the last 5 (ERROR_PW_ALREADY_USED). On success every
     * other session of the member ends (PASSWORD_CHANGED), PASSWORD_CHANGE is audited, a profile change (area
     * PASSWORD, no values) written and a notice mailed. Ok: the ISO instant of the change and how many other
     * sessions ended.
     */
    async changePassword(
      scope: RequestScope,
      session: { personId: number; tokenHash: string },
      form: ChangePasswordFormInput,
    ): Promise<Ok<{ changedAt: string; otherSessionsEnded: number }> | RegistrationErr<PasswordChangeCode>> {
      const parsed = changePasswordSchema.safeParse(form);
      if (!parsed.success) {
        const errors = fieldErrorsOf(parsed.error);
        return refuse(errors.some((e) => e.code === 'WRONG_CURRENT_PASSWORD') && errors.length === 1 ? 'ERROR_WRONG_CURRENT_PASSWORD' : 'INVALID_INPUT', errors);
      }
      const credential = await store.credential(session.personId);
      const person = await store.person(session.personId);
      if (!credential || !person) return refuse('ERROR');
      const step = await deps.stepUp.verify({ meta: scope.meta, sessionHash: async () => session.tokenHash }, session.personId, parsed.data.currentPassword, 'PASSWORD_CHANGE', {
        allowEid: false,
      });
      if (!step.ok) return refuse('ERROR_WRONG_CURRENT_PASSWORD', [{ field: 'currentPassword', code: 'WRONG_CURRENT_PASSWORD' }]);
      const pwCode = newPasswordError(parsed.data.newPassword, { email: person.email ?? '', svnr: person.svnr, lastName: person.lastName });
      if (pwCode) return refuse('INVALID_INPUT', [{ field: 'newPassword', code: pwCode }]);
      if (await helpers.usedBefore(person.id, parsed.data.newPassword)) return refuse('ERROR_PW_ALREADY_USED', [{ field: 'newPassword', code: 'PASSWORD_ALREADY_USED' }]);
      const now = nowIso();
      const ended = await store.changePassword({ personId: person.id, passwordHash: await hashPassword(parsed.data.newPassword), now }, session.tokenHash);
      await audit.record('PASSWORD_CHANGE', person.id, scope.meta, { via: 'SETTINGS', otherSessionsEnded: ended });
      await recordPasswordChange(scope, person.id, session.tokenHash, now);
      if (person.email) {
        const to = person.email;
        await mailer.send({ personId: person.id, kind: 'PASSWORD_CHANGED', to, ...passwordChangedMail(tenant, person) });
      }
      return ok({ changedAt: now, otherSessionsEnded: ended });
    },
  };
}
