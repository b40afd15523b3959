import type { LoginStatus } from '../session/session.rules';
import { memberEvent } from '../../fund/events/events.store';
import type { RequestScope } from '../../platform/shared/request-scope';
import { hashPassword, verifyDummy } from '../session/password';
import { hashToken, newSessionToken } from '../session/session-token';
import type { FlowSession } from '../login-flow/login-flow.service';
import { portalLink } from '../../platform/mail/templates';
import { isoInstant } from '../../platform/shared/clock';
import { ok, type Ok } from '../../platform/shared/result';
import { normalizeEmail } from '@contract/email';
import {
  fieldErrorsOf,
  normalizeCode,
  orderRegistrationCodeSchema,
  registerSchema,
  updateRegistrationEmailSchema,
  type OrderRegistrationCodeFormInput,
  type RegisterFormInput,
  type RegistrationFieldError,
  type UpdateRegistrationEmailFormInput,
} from '@contract/registration';
import { normalizeSvnr } from '@contract/svnr';
import { newPasswordError } from './password-strength';
import { createPasswordService } from './password.service';
import { refuse, registrationHelpers, sha256, type FlowErr, type RegistrationDeps, type RegistrationErr } from './registration.deps';
import { activationMail, emailChangedMail } from './registration.mails';
import { ACTIVATION_LINK_HOURS, sameLastName } from './registration.rules';

/** Refusals of `register` and `checkRegistration` (REST `register`; server/modules/registration/registration.graphql `RegisterError`). */
export type RegisterCode = 'ALREADY_REGISTERED' | 'INVALID_INPUT' | 'ERROR_CODE_INVALID' | 'ERROR_CODE_USED' | 'ERROR_NO_VALID_CONTRACT' | 'MAINTENANCE' | 'ERROR';
/** Refusals of a code order (REST `orderRegistrationCode`). */
export type OrderCodeCode = 'INVALID_INPUT' | 'ERROR_NOT_FOUND' | 'ERROR_ALREADY_REQUESTED' | 'ERROR_NO_VALID_CONTRACT' | 'ERROR_ALREADY_REGISTERED' | 'MAINTENANCE' | 'ERROR';
/** Refusals of the e-mail change during the login (REST `updateRegistration`). */
export type UpdateEmailCode = 'INVALID_INPUT' | 'ERROR';
/** A refused code order: with ERROR_ALREADY_REQUESTED the first day (ISO, Vienna) a new one can be ordered, else null. */
export type OrderCodeErr = RegistrationErr<OrderCodeCode> & { nextPossibleOn: string | null };

/**
 * First registration, code ordering and e-mail update, plus password lost / reset / change (`createPasswordService`)
 * (spec 001 sections 2, 4, 5, 8, 9; spec 000 section 4). Shared by GraphQL (server/modules/registration)
 * and REST (server/rest/registry.ts); built once per process (server/services.ts). Methods that mail a link, write
 * the security log or take a login-flow step take the request's scope first. Inputs are the contract's form inputs
 * (`@contract/registration`), which the GraphQL inputs and the REST methods' parsed bodies both fit; the service
 * parses them again, so bad input answers INVALID_INPUT with the field errors.
 *
 * Every outcome is a `Result` (decision 0012): the success value, or the spec's status name as `code` with the
 * refused fields; bad input changes nothing and sends nothing. Codes come from the OS's CSPRNG (only their SHA-256
 * is stored, in registration_codes), single use, with their expiry checked here.
 *
 * Account enumeration: `requestPasswordReset` and `orderRegistrationCode` do one argon2 check in every branch and
 * queue mails in the outbox table (server/platform/mail), so known and unknown persons take about the same time. They
 * differ in the answer only where spec 001 section 8 names a message (number not in the database, e-mail differs, no
 * valid contract, no active access), and only once number and last name match.
 */
export function createRegistrationService(deps: RegistrationDeps) {
  const { store, mailer, audit, clock, tenant, loginFlow } = deps;
  const helpers = registrationHelpers(deps);
  const nowIso = () => isoInstant(clock.now());

  /**
   * Every check of `register` before anything is stored (maintenance, fields, code, membership, existing access,
   * used code, e-mail of another person, password with the person's name, e-mail or SVNR): `refused`, or the parsed
   * input and the person's rows.
   */
  async function checkRegistrationData(form: RegisterFormInput) {
    if (deps.maintenance) return { refused: refuse<RegisterCode>('MAINTENANCE') };
    const parsed = registerSchema.safeParse(form);
    if (!parsed.success) return { refused: refuse<RegisterCode>('INVALID_INPUT', fieldErrorsOf(parsed.error)) };
    const input = parsed.data;
    const email = normalizeEmail(input.email);
    const code = normalizeCode(input.code);
    const person = await store.personBySvnr(normalizeSvnr(input.svnr));
    const now = clock.now();
    const match = person ? (await store.codesByHash(person.id, [...new Set([sha256(code), sha256(code.toLowerCase())])]))[0] : undefined;
    if (!person || !match || (!match.usedAt && Date.parse(match.expiresAt) <= now)) return { refused: refuse<RegisterCode>('ERROR_CODE_INVALID') };
    if (person.membershipStatus !== 'ACTIVE') return { refused: refuse<RegisterCode>('ERROR_NO_VALID_CONTRACT') };
    const credential = await store.credential(person.id);
    if (credential && credential.accessStatus !== 'PENDING_ACTIVATION' && person.email) return { refused: refuse<RegisterCode>('ALREADY_REGISTERED') };
    if (match.usedAt) return { refused: refuse<RegisterCode>('ERROR_CODE_USED') };
    const fieldErrors: RegistrationFieldError[] = [];
    if (await store.emailTaken(email, person.id)) fieldErrors.push({ field: 'email', code: 'EMAIL_NOT_UNIQUE' });
    const pwCode = newPasswordError(input.password, { email, svnr: person.svnr, lastName: person.lastName, firstName: person.firstName });
    if (pwCode) fieldErrors.push({ field: 'password', code: pwCode });
    if (fieldErrors.length) return { refused: refuse<RegisterCode>('INVALID_INPUT', fieldErrors) };
    return { input, email, person, match, credential };
  }

  return {
    ...createPasswordService(deps),

    /**
     * Step 1 of the registration (spec 001 section 5): every check of `register` except the terms,
     * without storing or mailing anything, so a wrong code or a password with the member's name, e-mail or SVNR is
     * reported before the terms step. Ok (the data of step 1 would be accepted): the normalised e-mail address.
     */
    async checkRegistration(form: Omit<RegisterFormInput, 'termsAccepted'>): Promise<Ok<{ email: string }> | RegistrationErr<RegisterCode>> {
      const checked = await checkRegistrationData({ ...form, termsAccepted: true });
      return checked.refused ?? ok({ email: checked.email });
    },

    /**
     * First registration (REST `register`). Order of checks: maintenance; fields (INVALID_INPUT); code or first
     * password of the person with this number (ERROR_CODE_INVALID, also for an unknown number or an expired code);
     * membership (ERROR_NO_VALID_CONTRACT); existing access with an e-mail (ALREADY_REGISTERED); code used
     * (ERROR_CODE_USED); password containing the last name (PASSWORD_INSECURE) and e-mail of another person
     * (EMAIL_NOT_UNIQUE) as field errors. Then the access is stored PENDING_ACTIVATION and, in the same transaction,
     * the activation mail queued (sent by the mail worker, retried when SMTP fails); its link starts with the scope's
     * `publicOrigin()`. Ok: the address it goes to.
     */
    async register(scope: RequestScope, form: RegisterFormInput): Promise<Ok<{ email: string }> | RegistrationErr<RegisterCode>> {
      const checked = await checkRegistrationData(form);
      if (checked.refused) return checked.refused;
      const { input, email, person, match } = checked;

      const token = newSessionToken();
      const tokenHash = hashToken(token);
      const link = portalLink(scope.publicOrigin(), '/activation', { id: token });
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
      if (!stored) return refuse('ERROR_CODE_USED');
      return ok({ email });
    },

    /**
     * Orders a registration code or first password by post (REST `orderRegistrationCode`). Order: maintenance;
     * fields; one argon2 check (always); number and last name (ERROR_NOT_FOUND); membership
     * (ERROR_NO_VALID_CONTRACT); an active access with an e-mail (ERROR_ALREADY_REGISTERED); an order within the last
     * 7 days (ERROR_ALREADY_REQUESTED with `nextPossibleOn`); no postal address (ERROR). Then the code is stored
     * (hash only) and the PDF letter written to LETTERS_DIR. Ok: what was ordered and the first day (ISO, Vienna) a
     * new order is possible.
     */
    async orderRegistrationCode(form: OrderRegistrationCodeFormInput): Promise<Ok<{ kind: 'REGISTRATION_CODE' | 'FIRST_PASSWORD'; nextPossibleOn: string }> | OrderCodeErr> {
      const none = { nextPossibleOn: null };
      if (deps.maintenance) return { ...refuse('MAINTENANCE'), ...none };
      const parsed = orderRegistrationCodeSchema.safeParse(form);
      if (!parsed.success) return { ...refuse('INVALID_INPUT', fieldErrorsOf(parsed.error)), ...none };
      await verifyDummy(normalizeSvnr(parsed.data.svnr));
      const person = await store.personBySvnr(normalizeSvnr(parsed.data.svnr));
      if (!person || !sameLastName(person.lastName, parsed.data.lastName)) return { ...refuse('ERROR_NOT_FOUND'), ...none };
      if (person.membershipStatus !== 'ACTIVE') return { ...refuse('ERROR_NO_VALID_CONTRACT'), ...none };
      const credential = await store.credential(person.id);
      if (credential && credential.accessStatus === 'ACTIVE' && person.email) return { ...refuse('ERROR_ALREADY_REGISTERED'), ...none };
      const next = await helpers.nextOrderDay(person.id);
      if (next) return { ...refuse('ERROR_ALREADY_REQUESTED'), nextPossibleOn: next };
      if (!person.street || !person.postcode) return { ...refuse('ERROR'), ...none };
      const kind = parsed.data.kind ?? 'REGISTRATION_CODE';
      return ok({ kind, nextPossibleOn: await helpers.issueCodeLetter(person, kind) });
    },

    /**
     * Changes the e-mail while the login asks to confirm it (UPDATE_*_MAIL, REST `updateRegistration`). The new
     * address must be unused by others (EMAIL_NOT_UNIQUE). Stores it, clears the pending confirmation, audits
     * EMAIL_CHANGE, logs the profile change and sends a notice to the new and the old address, then advances the
     * login flow (activating the session once the login is complete). Ok: the stored address and the next login
     * status; a refusal carries the still pending login status.
     */
    async updateRegistrationEmail(
      scope: RequestScope,
      session: FlowSession,
      form: UpdateRegistrationEmailFormInput,
    ): Promise<Ok<{ email: string; loginStatus: LoginStatus }> | FlowErr<UpdateEmailCode>> {
      const { meta } = scope;
      const status = await loginFlow.currentStatus(session);
      if (!/^UPDATE_(PK|VK|PKVK)_MAIL$/.test(status)) return { ...refuse('ERROR'), loginStatus: status };
      const parsed = updateRegistrationEmailSchema.safeParse(form);
      if (!parsed.success) return { ...refuse('INVALID_INPUT', fieldErrorsOf(parsed.error)), loginStatus: status };
      const email = normalizeEmail(parsed.data.email);
      if (await store.emailTaken(email, session.personId)) return { ...refuse('INVALID_INPUT', [{ field: 'email', code: 'EMAIL_NOT_UNIQUE' }]), loginStatus: status };
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
          await deps.events.record(memberEvent('profile.email_changed', person.id, null, { area: 'EMAIL', changes: { email } }));
          await mailer.send({ personId: person.id, kind: 'EMAIL_CHANGED', to: email, ...emailChangedMail(tenant, person, email, false) });
          if (old) await mailer.send({ personId: person.id, kind: 'EMAIL_CHANGED', to: old, ...emailChangedMail(tenant, person, email, true) });
        }
      });
      return ok({ email, loginStatus: await loginFlow.advance(session) });
    },
  };
}

export type RegistrationService = ReturnType<typeof createRegistrationService>;
