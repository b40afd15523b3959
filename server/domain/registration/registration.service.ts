import { createHash } from 'node:crypto';
import type { Config } from '../../config';
import type { Logger } from '../../log';
import type { TenantDefinition } from '../../tenants';
import type { SecurityAudit } from '../audit/security-audit';
import type { RequestMeta } from '../shared/request-meta';
import { type LoginStatus } from '../auth/auth.rules';
import { normalizeEmail } from '@contract/email';
import { hashPassword, verifyDummy, verifyPassword } from '../auth/password';
import { hashToken, isWellFormedToken, newSessionToken } from '../auth/session-token';
import { writeCodeLetter } from '../letters/code-letter';
import type { FlowSession } from '../login-flow/login-flow.service';
import type { Mailer } from '../mail/mailer';
import { portalLink, salutationFor } from '../mail/templates';
import { isoInstant, type Clock } from '../shared/clock';
import { isoDateVienna } from '@contract/dates';
import { normalizeSvnr } from '@contract/svnr';
import { activationMail, emailChangedMail, passwordChangedMail, passwordResetMail } from './registration.mails';
import { ACTIVATION_LINK_HOURS, CODE_ORDER_BLOCK_DAYS, CODE_VALID_DAYS, newCode, RESET_LINK_HOURS, RESET_REQUEST_INTERVAL_MINUTES, sameLastName } from './registration.rules';
import {
  changeInsecurePasswordSchema,
  changePasswordSchema,
  fieldErrorsOf,
  normalizeCode,
  orderRegistrationCodeSchema,
  passwordLostSchema,
  registerSchema,
  resetPasswordSchema,
  updateRegistrationEmailSchema,
  type RegistrationFieldError,
} from '@contract/registration';
import type { RegistrationStore } from './registration.store';
import type { StepUp } from '../auth/step-up';
import { newPasswordError } from './password-strength';

export type RegisterStatus = 'SUCCESSFUL' | 'ALREADY_REGISTERED' | 'INVALID_INPUT' | 'ERROR_CODE_INVALID' | 'ERROR_CODE_USED' | 'ERROR_NO_VALID_CONTRACT' | 'MAINTENANCE' | 'ERROR';
export type PasswordLostStatus =
  | 'SUCCESSFUL'
  | 'LETTER_SENT'
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
export type PasswordResetStatus = 'SUCCESSFUL' | 'INVALID_INPUT' | 'ERROR_PW_ALREADY_USED' | 'ERROR_LINK_EXPIRED' | 'ERROR_RESET_FAILED' | 'MAINTENANCE' | 'ERROR';
export type PasswordChangeStatus = 'SUCCESSFUL' | 'INVALID_INPUT' | 'ERROR_WRONG_CURRENT_PASSWORD' | 'ERROR_PW_ALREADY_USED' | 'ERROR';
export type OrderCodeStatus =
  'SUCCESSFUL' | 'INVALID_INPUT' | 'ERROR_NOT_FOUND' | 'ERROR_ALREADY_REQUESTED' | 'ERROR_NO_VALID_CONTRACT' | 'ERROR_ALREADY_REGISTERED' | 'MAINTENANCE' | 'ERROR';

export interface Answer<S extends string> {
  status: S;
  fieldErrors: RegistrationFieldError[];
}

const answer = <S extends string>(status: S, fieldErrors: RegistrationFieldError[] = []): Answer<S> => ({ status, fieldErrors });
const sha256 = (value: string) => createHash('sha256').update(value).digest('base64url');
const DAY = 86_400_000;

/**
 * First registration, password lost / reset / change, code ordering and e-mail update (issue 4; spec 001 sections
 * 2, 4, 5, 8, 9; spec 000 section 4). Shared by GraphQL (server/graphql/registration) and REST (server/rest/registry.ts).
 *
 * Every outcome is returned as a status plus field errors; bad input changes nothing and sends nothing. Links carry
 * 256 random bits (only their SHA-256 is stored, in person_tokens), codes come from the OS's CSPRNG (only their
 * SHA-256 is stored, in registration_codes); both are single use and their expiry is checked here.
 *
 * Account enumeration: `requestPasswordReset` and `orderRegistrationCode` do one argon2 check in every branch and
 * queue mails in the outbox table (server/domain/mail), so known and unknown persons take about the same time. They differ in the answer only where spec 001 section 8 names a message (number not in the
 * database, e-mail differs, no valid contract, no active access), and only once number and last name match.
 */
export function createRegistrationService(deps: {
  store: RegistrationStore;
  mailer: Mailer;
  audit: SecurityAudit;
  clock: Clock;
  tenant: TenantDefinition;
  config: Pick<Config, 'LETTERS_DIR'>;
  maintenance: boolean;
  logger: Logger;
  meta: RequestMeta;
  /** Origin for links in mails (PUBLIC_ORIGIN, or outside production the listening address; never the request's). */
  origin: () => string;
  /**
   * Step-up check of the current password in the settings' password change (server/domain/auth/step-up.ts): a wrong
   * one counts towards the login lockout, so a taken-over session cannot try passwords without limit.
   */
  stepUp: StepUp;
}) {
  const { store, mailer, audit, clock, tenant, logger, meta } = deps;
  const nowIso = () => isoInstant(clock.now());

  /** True when `password` equals the current or one of the last stored passwords of the person. */
  async function usedBefore(personId: number, password: string): Promise<boolean> {
    for (const h of await store.recentPasswordHashes(personId)) if (await verifyPassword(h, password)) return true;
    return false;
  }

  /**
   * Issues a code of `kind` by post: row first (so the 7-day rule holds at once), then the PDF letter in LETTERS_DIR
   * before the answer (the answer already tells a matching number and last name apart, so writing it adds nothing
   * to learn from the timing; nothing waits in process memory).
   */
  async function issueCodeLetter(person: NonNullable<Awaited<ReturnType<RegistrationStore['person']>>>, kind: 'REGISTRATION_CODE' | 'FIRST_PASSWORD'): Promise<void> {
    const code = newCode(kind);
    const now = clock.now();
    const validUntil = isoInstant(now + CODE_VALID_DAYS * DAY);
    const codeId = await store.insertCode({ personId: person.id, kind, codeHash: sha256(code), origin: 'ORDERED', createdAt: isoInstant(now), expiresAt: validUntil });
    const name = [person.titlePrefix, person.firstName, person.lastName, person.titleSuffix].filter(Boolean).join(' ');
    const addressLines = [
      name,
      person.street ?? '',
      person.poBox ? `Postfach ${person.poBox}` : '',
      `${person.postcode ?? ''} ${person.city ?? ''}`.trim(),
      person.country === 'AT' ? '' : person.country,
    ].filter((l) => l !== '');
    try {
      const file = await writeCodeLetter(deps.config.LETTERS_DIR, codeId, tenant, {
        kind,
        code,
        date: isoDateVienna(now),
        validUntil: isoDateVienna(now + CODE_VALID_DAYS * DAY),
        recipient: { salutation: salutationFor(person), addressLines },
      });
      await store.setLetterFile(codeId, file);
      logger.info('code letter written', { codeId, file });
    } catch (error) {
      // The code row stays (the 7-day rule holds); its letter_file stays empty, which operations can see.
      logger.error('code letter failed', { codeId, error: error instanceof Error ? error.message : String(error) });
    }
  }

  /** The 7-day rule: the first day a new code can be ordered, or null when one can be ordered now. */
  async function nextOrderDay(personId: number): Promise<string | null> {
    const last = await store.lastOrderedCode(personId);
    if (!last) return null;
    const until = Date.parse(last.createdAt) + CODE_ORDER_BLOCK_DAYS * DAY;
    return until > clock.now() ? isoDateVienna(until) : null;
  }

  /**
   * Every check of `register` before anything is stored (maintenance, fields, code, membership, existing access,
   * used code, e-mail of another person, password with the person's name, e-mail or SVNR): `refused` with the
   * answer, or the parsed input and the person's rows.
   */
  async function checkRegistrationData(raw: unknown) {
    if (deps.maintenance) return { refused: answer<RegisterStatus>('MAINTENANCE') };
    const parsed = registerSchema.safeParse(raw);
    if (!parsed.success) return { refused: answer<RegisterStatus>('INVALID_INPUT', fieldErrorsOf(parsed.error)) };
    const input = parsed.data;
    const email = normalizeEmail(input.email);
    const code = normalizeCode(input.code);
    const person = await store.personBySvnr(normalizeSvnr(input.svnr));
    const now = clock.now();
    const match = person ? (await store.codesByHash(person.id, [...new Set([sha256(code), sha256(code.toLowerCase())])]))[0] : undefined;
    if (!person || !match || (!match.usedAt && Date.parse(match.expiresAt) <= now)) return { refused: answer<RegisterStatus>('ERROR_CODE_INVALID') };
    if (person.membershipStatus !== 'ACTIVE') return { refused: answer<RegisterStatus>('ERROR_NO_VALID_CONTRACT') };
    const credential = await store.credential(person.id);
    if (credential && credential.accessStatus !== 'PENDING_ACTIVATION' && person.email) return { refused: answer<RegisterStatus>('ALREADY_REGISTERED') };
    if (match.usedAt) return { refused: answer<RegisterStatus>('ERROR_CODE_USED') };
    const fieldErrors: RegistrationFieldError[] = [];
    if (await store.emailTaken(email, person.id)) fieldErrors.push({ field: 'email', code: 'EMAIL_NOT_UNIQUE' });
    const pwCode = newPasswordError(input.password, { email, svnr: person.svnr, lastName: person.lastName, firstName: person.firstName });
    if (pwCode) fieldErrors.push({ field: 'password', code: pwCode });
    if (fieldErrors.length) return { refused: answer<RegisterStatus>('INVALID_INPUT', fieldErrors) };
    return { input, email, person, match, credential };
  }

  return {
    /**
     * Step 1 of the registration (spec 001 section 5; issue 19 item 3): every check of `register` except the terms,
     * without storing or mailing anything, so a wrong code or a password with the member's name, e-mail or SVNR is
     * reported before the terms step. SUCCESSFUL means the data of step 1 would be accepted.
     */
    async checkRegistration(raw: unknown): Promise<Answer<RegisterStatus>> {
      const data = typeof raw === 'object' && raw !== null ? { ...raw, termsAccepted: true } : raw;
      const checked = await checkRegistrationData(data);
      return checked.refused ?? answer('SUCCESSFUL');
    },

    /**
     * First registration (REST `register`). Order of checks: maintenance; fields (INVALID_INPUT); code or first
     * password of the person with this number (ERROR_CODE_INVALID, also for an unknown number or an expired code);
     * membership (ERROR_NO_VALID_CONTRACT); existing access with an e-mail (ALREADY_REGISTERED); code used
     * (ERROR_CODE_USED); password containing the last name (PASSWORD_INSECURE) and e-mail of another person
     * (EMAIL_NOT_UNIQUE) as field errors. Then the access is stored PENDING_ACTIVATION and the activation link mailed;
     * in the same transaction the activation mail is queued (sent by the mail worker, retried when SMTP fails).
     */
    async register(raw: unknown): Promise<Answer<RegisterStatus>> {
      const checked = await checkRegistrationData(raw);
      if (checked.refused) return checked.refused;
      const { input, email, person, match } = checked;

      const token = newSessionToken();
      const tokenHash = hashToken(token);
      const link = portalLink(deps.origin(), '/activation', { id: token });
      // Access and activation mail in one transaction: the mail is queued exactly when the registration is stored.
      const stored = await store.inTransaction(async () => {
        const done = await store.storeRegistration({
          personId: person.id,
          codeId: match.id,
          email,
          passwordHash: await hashPassword(input.password),
          tokenHash,
          expiresAt: isoInstant(clock.now() + ACTIVATION_LINK_HOURS * 3_600_000),
          now: nowIso(),
        });
        if (done) await mailer.send({ personId: person.id, kind: 'ACTIVATION', to: email, ...activationMail(tenant, person, link, ACTIVATION_LINK_HOURS) });
        return done;
      });
      if (!stored) return answer('ERROR_CODE_USED');
      return answer('SUCCESSFUL');
    },

    /**
     * Password lost (REST `pwdLost`). Order: maintenance; fields; one argon2 check (always, for equal timing);
     * number and last name (ERROR_NOT_FOUND); membership (ERROR_NO_VALID_CONTRACT); no access
     * (REGISTRATION_CODE_NEEDED); access not active (ERROR_NO_ACTIVE_ACCESS); no stored e-mail (MAIL_NOT_FOUND, or
     * with `addEmail` a first password by post: LETTER_SENT / ERROR_ALREADY_REQUESTED within 7 days); e-mail differs
     * (ERROR_MAIL_DIFFERS); a reset link of the last 15 minutes still unused (ERROR_ALREADY_REQUESTED); else a new
     * link valid 24 hours is mailed after the answer (SUCCESSFUL).
     */
    async requestPasswordReset(raw: unknown): Promise<Answer<PasswordLostStatus>> {
      if (deps.maintenance) return answer('MAINTENANCE');
      const parsed = passwordLostSchema.safeParse(raw);
      if (!parsed.success) return answer('INVALID_INPUT', fieldErrorsOf(parsed.error));
      const input = parsed.data;
      const addEmail = input.addEmail === true || input.addEmail === 'true' || input.addEmail === '1';
      await verifyDummy(normalizeSvnr(input.svnr));
      const person = await store.personBySvnr(normalizeSvnr(input.svnr));
      if (!person || !sameLastName(person.lastName, input.lastName)) return answer('ERROR_NOT_FOUND');
      if (person.membershipStatus !== 'ACTIVE') return answer('ERROR_NO_VALID_CONTRACT');
      const credential = await store.credential(person.id);
      if (!credential) return answer('REGISTRATION_CODE_NEEDED');
      if (credential.accessStatus !== 'ACTIVE') return answer('ERROR_NO_ACTIVE_ACCESS');
      if (!person.email) {
        if (!addEmail) return answer('MAIL_NOT_FOUND');
        if (await nextOrderDay(person.id)) return answer('ERROR_ALREADY_REQUESTED');
        if (!person.street || !person.postcode) return answer('ERROR');
        await issueCodeLetter(person, 'FIRST_PASSWORD');
        return answer('LETTER_SENT');
      }
      if (person.email !== normalizeEmail(input.email)) return answer('ERROR_MAIL_DIFFERS');
      const now = clock.now();
      if (await store.hasRecentResetToken(person.id, isoInstant(now - RESET_REQUEST_INTERVAL_MINUTES * 60_000), isoInstant(now))) return answer('ERROR_ALREADY_REQUESTED');
      const token = newSessionToken();
      const tokenHash = hashToken(token);
      const link = portalLink(deps.origin(), '/pwdReset', { token });
      const to = person.email;
      await store.inTransaction(async () => {
        await store.storeResetToken({ personId: person.id, tokenHash, now: isoInstant(now), expiresAt: isoInstant(now + RESET_LINK_HOURS * 3_600_000) });
        await mailer.send({ personId: person.id, kind: 'PASSWORD_RESET', to, ...passwordResetMail(tenant, person, link, RESET_LINK_HOURS) });
      });
      return answer('SUCCESSFUL');
    },

    /** Whether a reset link can still be used: VALID, ERROR_LINK_EXPIRED, or ERROR_RESET_FAILED (unknown, altered, used). */
    async resetLinkStatus(token: string): Promise<'VALID' | 'ERROR_LINK_EXPIRED' | 'ERROR_RESET_FAILED'> {
      if (!isWellFormedToken(token)) return 'ERROR_RESET_FAILED';
      const row = await store.findToken(hashToken(token), 'PASSWORD_RESET');
      if (!row || row.usedAt) return 'ERROR_RESET_FAILED';
      if (Date.parse(row.expiresAt) <= clock.now()) return 'ERROR_LINK_EXPIRED';
      return 'VALID';
    },

    /**
     * New password from a reset link (REST `pwdReset`). Order: maintenance; link (ERROR_RESET_FAILED for unknown,
     * altered or used, ERROR_LINK_EXPIRED after 24 hours); fields (INVALID_INPUT); one of the last 5 passwords
     * (ERROR_PW_ALREADY_USED). On success the link is used up, the password stored, the lock and insecure flag
     * cleared, every session of the person ended, and PASSWORD_CHANGE audited.
     */
    async resetPassword(raw: unknown): Promise<Answer<PasswordResetStatus>> {
      if (deps.maintenance) return answer('MAINTENANCE');
      const token = typeof raw === 'object' && raw !== null && typeof (raw as { token?: unknown }).token === 'string' ? (raw as { token: string }).token : '';
      const linkStatus = await this.resetLinkStatus(token);
      if (linkStatus !== 'VALID') return answer(linkStatus);
      const parsed = resetPasswordSchema.safeParse(raw);
      if (!parsed.success) return answer('INVALID_INPUT', fieldErrorsOf(parsed.error));
      const tokenHash = hashToken(token);
      const row = (await store.findToken(tokenHash, 'PASSWORD_RESET'))!;
      const person = await store.person(row.personId);
      if (!person) return answer('ERROR_RESET_FAILED');
      const pwCode = newPasswordError(parsed.data.newPassword, { email: person.email ?? '', svnr: person.svnr, lastName: person.lastName });
      if (pwCode) return answer('INVALID_INPUT', [{ field: 'newPassword', code: pwCode }]);
      if (await usedBefore(person.id, parsed.data.newPassword)) return answer('ERROR_PW_ALREADY_USED', [{ field: 'newPassword', code: 'PASSWORD_ALREADY_USED' }]);
      const passwordHash = await hashPassword(parsed.data.newPassword);
      const now = nowIso();
      if (!(await store.consumeResetToken(tokenHash, { personId: person.id, passwordHash, now }))) return answer('ERROR_RESET_FAILED');
      await audit.record('PASSWORD_CHANGE', person.id, meta, { via: 'RESET' });
      await store.recordProfileChange({ personId: person.id, actor: 'MEMBER', sessionHash: null, area: 'PASSWORD', field: 'password', changedAt: now, ipAddress: meta.ipAddress });
      return answer('SUCCESSFUL');
    },

    /**
     * New password after the login answered PASSWORD_INSECURE (REST `pwdChange`). Answers the next login status
     * through `nextStatus` (the login flow's status machine) after a successful change.
     */
    async changeInsecurePassword(session: FlowSession, raw: unknown, nextStatus: () => Promise<LoginStatus>): Promise<Answer<PasswordChangeStatus> & { loginStatus: LoginStatus }> {
      const credential = await store.credential(session.personId);
      if (!credential?.passwordInsecure) return { ...answer('ERROR'), loginStatus: await nextStatus() };
      const pending = { loginStatus: 'PASSWORD_INSECURE' as LoginStatus };
      const parsed = changeInsecurePasswordSchema.safeParse(raw);
      if (!parsed.success) return { ...answer('INVALID_INPUT', fieldErrorsOf(parsed.error)), ...pending };
      const person = (await store.person(session.personId))!;
      const pwCode = newPasswordError(parsed.data.newPassword, { email: person.email ?? '', svnr: person.svnr, lastName: person.lastName });
      if (pwCode) return { ...answer('INVALID_INPUT', [{ field: 'newPassword', code: pwCode }]), ...pending };
      if (await usedBefore(person.id, parsed.data.newPassword))
        return { ...answer('ERROR_PW_ALREADY_USED', [{ field: 'newPassword', code: 'PASSWORD_ALREADY_USED' }]), ...pending };
      const now = nowIso();
      await store.changePassword({ personId: person.id, passwordHash: await hashPassword(parsed.data.newPassword), now }, session.tokenHash);
      await audit.record('PASSWORD_CHANGE', person.id, meta, { via: 'INSECURE' });
      await store.recordProfileChange({
        personId: person.id,
        actor: 'MEMBER',
        sessionHash: session.tokenHash,
        area: 'PASSWORD',
        field: 'password',
        changedAt: now,
        ipAddress: meta.ipAddress,
      });
      return { ...answer('SUCCESSFUL'), loginStatus: await nextStatus() };
    },

    /**
     * Password change in the settings (REST `changePassword`): the current password (ERROR_WRONG_CURRENT_PASSWORD),
     * the new one by the registration rules and not one of the last 5 (ERROR_PW_ALREADY_USED). On success every
     * other session of the member ends (PASSWORD_CHANGED), PASSWORD_CHANGE is audited, a profile change (area
     * PASSWORD, no values) written and a notice mailed.
     */
    async changePassword(session: { personId: number; tokenHash: string }, raw: unknown): Promise<Answer<PasswordChangeStatus>> {
      const parsed = changePasswordSchema.safeParse(raw);
      if (!parsed.success) {
        const errors = fieldErrorsOf(parsed.error);
        return answer(errors.some((e) => e.code === 'WRONG_CURRENT_PASSWORD') && errors.length === 1 ? 'ERROR_WRONG_CURRENT_PASSWORD' : 'INVALID_INPUT', errors);
      }
      const credential = await store.credential(session.personId);
      const person = await store.person(session.personId);
      if (!credential || !person) return answer('ERROR');
      const step = await deps.stepUp.verify(session, parsed.data.currentPassword, 'PASSWORD_CHANGE', { allowEid: false });
      if (!step.ok) return answer('ERROR_WRONG_CURRENT_PASSWORD', [{ field: 'currentPassword', code: 'WRONG_CURRENT_PASSWORD' }]);
      const pwCode = newPasswordError(parsed.data.newPassword, { email: person.email ?? '', svnr: person.svnr, lastName: person.lastName });
      if (pwCode) return answer('INVALID_INPUT', [{ field: 'newPassword', code: pwCode }]);
      if (await usedBefore(person.id, parsed.data.newPassword)) return answer('ERROR_PW_ALREADY_USED', [{ field: 'newPassword', code: 'PASSWORD_ALREADY_USED' }]);
      const now = nowIso();
      const ended = await store.changePassword({ personId: person.id, passwordHash: await hashPassword(parsed.data.newPassword), now }, session.tokenHash);
      await audit.record('PASSWORD_CHANGE', person.id, meta, { via: 'SETTINGS', otherSessionsEnded: ended });
      await store.recordProfileChange({
        personId: person.id,
        actor: 'MEMBER',
        sessionHash: session.tokenHash,
        area: 'PASSWORD',
        field: 'password',
        changedAt: now,
        ipAddress: meta.ipAddress,
      });
      if (person.email) {
        const to = person.email;
        await mailer.send({ personId: person.id, kind: 'PASSWORD_CHANGED', to, ...passwordChangedMail(tenant, person) });
      }
      return answer('SUCCESSFUL');
    },

    /**
     * Orders a registration code or first password by post (REST `orderRegistrationCode`). Order: maintenance;
     * fields; one argon2 check (always); number and last name (ERROR_NOT_FOUND); membership
     * (ERROR_NO_VALID_CONTRACT); an active access with an e-mail (ERROR_ALREADY_REGISTERED); an order within the last
     * 7 days (ERROR_ALREADY_REQUESTED with `nextPossibleOn`); no postal address (ERROR). Then the code is stored
     * (hash only) and the PDF letter written to LETTERS_DIR after the answer.
     */
    async orderRegistrationCode(raw: unknown): Promise<Answer<OrderCodeStatus> & { nextPossibleOn: string | null }> {
      const none = { nextPossibleOn: null };
      if (deps.maintenance) return { ...answer('MAINTENANCE'), ...none };
      const parsed = orderRegistrationCodeSchema.safeParse(raw);
      if (!parsed.success) return { ...answer('INVALID_INPUT', fieldErrorsOf(parsed.error)), ...none };
      await verifyDummy(normalizeSvnr(parsed.data.svnr));
      const person = await store.personBySvnr(normalizeSvnr(parsed.data.svnr));
      if (!person || !sameLastName(person.lastName, parsed.data.lastName)) return { ...answer('ERROR_NOT_FOUND'), ...none };
      if (person.membershipStatus !== 'ACTIVE') return { ...answer('ERROR_NO_VALID_CONTRACT'), ...none };
      const credential = await store.credential(person.id);
      if (credential && credential.accessStatus === 'ACTIVE' && person.email) return { ...answer('ERROR_ALREADY_REGISTERED'), ...none };
      const next = await nextOrderDay(person.id);
      if (next) return { ...answer('ERROR_ALREADY_REQUESTED'), nextPossibleOn: next };
      if (!person.street || !person.postcode) return { ...answer('ERROR'), ...none };
      await issueCodeLetter(person, parsed.data.kind ?? 'REGISTRATION_CODE');
      return { ...answer('SUCCESSFUL'), ...none };
    },

    /**
     * Changes the e-mail while the login asks to confirm it (UPDATE_*_MAIL, REST `updateRegistration`). The new
     * address must be unused by others (EMAIL_NOT_UNIQUE). Stores it, clears the pending confirmation, audits
     * EMAIL_CHANGE, logs the profile change and sends a notice to the new and the old address; answers the next
     * login status.
     */
    async updateRegistrationEmail(
      session: FlowSession,
      raw: unknown,
      currentStatus: () => Promise<LoginStatus>,
      nextStatus: () => Promise<LoginStatus>,
    ): Promise<Answer<'SUCCESSFUL' | 'INVALID_INPUT' | 'ERROR'> & { loginStatus: LoginStatus }> {
      const status = await currentStatus();
      if (!/^UPDATE_(PK|VK|PKVK)_MAIL$/.test(status)) return { ...answer('ERROR'), loginStatus: status };
      const parsed = updateRegistrationEmailSchema.safeParse(raw);
      if (!parsed.success) return { ...answer('INVALID_INPUT', fieldErrorsOf(parsed.error)), loginStatus: status };
      const email = normalizeEmail(parsed.data.email);
      if (await store.emailTaken(email, session.personId)) return { ...answer('INVALID_INPUT', [{ field: 'email', code: 'EMAIL_NOT_UNIQUE' }]), loginStatus: status };
      const person = (await store.person(session.personId))!;
      const old = person.email;
      const now = nowIso();
      await store.inTransaction(async () => {
        await store.updateEmail(person.id, email, now);
        if (old !== email) {
          await audit.record('EMAIL_CHANGE', person.id, meta, { via: 'UPDATE_REGISTRATION' });
          await store.recordProfileChange({
            personId: person.id,
            actor: 'MEMBER',
            sessionHash: session.tokenHash,
            area: 'EMAIL',
            field: 'email',
            oldValue: old,
            newValue: email,
            changedAt: now,
            ipAddress: meta.ipAddress,
          });
          await mailer.send({ personId: person.id, kind: 'EMAIL_CHANGED', to: email, ...emailChangedMail(tenant, person, email, false) });
          if (old) await mailer.send({ personId: person.id, kind: 'EMAIL_CHANGED', to: old, ...emailChangedMail(tenant, person, email, true) });
        }
      });
      return { ...answer('SUCCESSFUL'), loginStatus: await nextStatus() };
    },
  };
}

export type RegistrationService = ReturnType<typeof createRegistrationService>;
