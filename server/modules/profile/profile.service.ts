import type { BankAccountRow, PersonRow, ProfileChangeRow } from '../../../db/schema';
import { memberEvent, type EventRecorder } from '../../fund/events/events.store';
import type { FundEventType } from '../../fund/events/event-types';
import type { Logger } from '../../log';
import type { TenantDefinition } from '../../tenants';
import type { SecurityAudit } from '../../platform/audit/security-audit';
import type { RequestScope } from '../../platform/shared/request-scope';
import { err, ok, type Result } from '../../platform/shared/result';
import type { StepUp, StepUpAction } from '../session/step-up';
import { hashToken, isWellFormedToken, newSessionToken } from '../session/session-token';
import type { Mailer } from '../../platform/mail/mailer';
import type { PersonStore } from '../person/person.store';
import { isoInstant, type Clock } from '../../platform/shared/clock';
import { isoDateVienna } from '@contract/dates';
import { accessDeletedMail, emailChangeConfirmMail, emailChangeNoticeMail } from './profile.mails';
import { bankLogValues, diffEntries, EMAIL_CHANGE_LINK_MS, EMAIL_CHANGE_MAX_REQUESTS, historyLimit, RETENTION_FACTS } from './profile.rules';
import {
  validateAddress,
  validateBankDetails,
  validateDeleteAccess,
  validateEmailChange,
  validatePhone,
  type addressInput,
  type bankDetailsInput,
  type deleteAccessInput,
  type emailChangeInput,
  type phoneInput,
  type ProfileFieldError,
} from '@contract/profile';
import type { z } from 'zod';
import type { ChangeEntry, ChangeOrigin, ProfileStore } from './profile.store';

/** Codes of a refused profile change (server/modules/profile/profile.graphql `ProfileChangeError`). */
export type ProfileErrorCode = 'ERROR_INVALID_INPUT' | 'ERROR_MAIL_NOT_UNIQUE' | 'ERROR_PWD_INVALID' | 'ERROR_INTERNAL' | 'ERROR_TOO_MANY_REQUESTS';

/** Outcome of a profile change: ok with a value, or a code with field errors; nothing is stored when not ok. */
export type ProfileResult<T = null> = Result<T, ProfileErrorCode, ProfileFieldError>;

/** Outcome of opening the e-mail change link (server/modules/profile/profile.graphql `EmailChangeStatus`). */
export type EmailChangeStatus = 'SUCCESSFUL' | 'ERROR_LINK_EXPIRED' | 'ALREADY_USED' | 'ERROR_MAIL_NOT_UNIQUE' | 'ERROR';

/**
 * The form inputs of the profile changes (schema/contract/profile.ts): the GraphQL inputs and the REST methods' parsed
 * bodies both fit them; the service checks them again (`validate*`), so a wrong value answers its field error.
 */
type EmailChangeInput = z.input<typeof emailChangeInput>;
type AddressInput = z.input<typeof addressInput>;
type PhoneInput = z.input<typeof phoneInput>;
type BankDetailsInput = z.input<typeof bankDetailsInput>;
type DeleteAccessInput = z.input<typeof deleteAccessInput>;

const invalid = (fieldErrors: ProfileFieldError[]): ProfileResult<never> => err('ERROR_INVALID_INPUT', fieldErrors);
const failure = (code: ProfileErrorCode, fieldErrors: ProfileFieldError[] = []): ProfileResult<never> => err(code, fieldErrors);

/** True for SQLite's unique-constraint failure (the e-mail taken between check and write). */
function isUniqueViolation(error: unknown): boolean {
  return typeof error === 'object' && error !== null && 'code' in error && String((error as { code: unknown }).code).startsWith('SQLITE_CONSTRAINT');
}

/** The fund's event of each change-log area the fund must learn of (decision 0053); EMAIL is decided by field. */
const PROFILE_EVENTS: Partial<Record<ChangeEntry['area'], FundEventType>> = {
  ADDRESS: 'profile.address_changed',
  BANK_ACCOUNT: 'profile.bank_changed',
  NEWSLETTER: 'consent.changed',
  ACCESS: 'access.deleted',
};

/**
 * Profile settings of spec 001 sections 2, 5 and 8: e-mail change confirmed by a link to the new address,
 * address, bank details, deleting the access, the change log and the retention facts. Every change and its
 * `profile_changes` rows are written in one transaction; refused input writes nothing. The newsletter and delivery
 * settings go through the login-flow service (the same path as the login-time dialogs), which logs through
 * `recordChanges` here. Built once per process (server/services.ts); every change takes the request's scope first
 * (session hash and IP address for the change log, request meta for the security log, the origin for links).
 */
export function createProfileService(deps: {
  store: ProfileStore;
  personStore: PersonStore;
  mailer: Mailer;
  audit: SecurityAudit;
  tenant: TenantDefinition;
  clock: Clock;
  logger: Logger;
  /**
   * Step-up authentication (server/modules/session/step-up.ts) of a request, for the e-mail change, the bank details and
   * deleting the access: the current password (a wrong one counts towards the login lockout) or, except for deleting,
   * an eID login of the last 5 minutes.
   */
  stepUp: StepUp;
  /** The fund's event feed (decision 0053): a change the fund must learn of is written in the change's transaction. */
  events: EventRecorder;
}) {
  const { store, personStore, mailer, audit, tenant, clock, logger } = deps;
  const now = () => isoInstant(clock.now());
  const today = () => isoDateVienna(clock.now());
  const origin = async (scope: RequestScope): Promise<ChangeOrigin> => ({ actor: 'MEMBER', sessionHash: await scope.sessionHash(), ipAddress: scope.meta.ipAddress });

  async function person(personId: number): Promise<PersonRow> {
    const row = await personStore.findById(personId);
    if (!row) throw new Error(`person ${personId} vanished`);
    return row;
  }

  /**
   * Applies a change and writes its change log rows in one transaction. `apply` runs first; the
   * rows are written only when it does not throw. The rows name the scope's session and IP address.
   */
  function recordChanges<T>(scope: RequestScope, personId: number, entries: ChangeEntry[], apply: () => Promise<T>): Promise<T> {
    return store.inTransaction(async () => {
      const result = await apply();
      await store.writeChanges(personId, await origin(scope), entries, now());
      await recordProfileEvent(personId, entries);
      return result;
    });
  }

  /**
   * The fund's event of a logged change (decision 0053), when it is one the fund must learn of: the new address or bank
   * account, a confirmed e-mail address, a newsletter consent, a deleted access. The data are the changed fields with
   * their new values (never a password).
   */
  async function recordProfileEvent(personId: number, entries: ChangeEntry[]): Promise<void> {
    const first = entries[0];
    if (!first) return;
    const type = first.area === 'EMAIL' ? (entries.some((e) => e.field === 'email') ? 'profile.email_changed' : null) : PROFILE_EVENTS[first.area];
    if (!type) return;
    const changes = Object.fromEntries(entries.map((e) => [e.field, e.newValue]));
    await deps.events.record(memberEvent(type, personId, null, { area: first.area, changes }));
  }

  /**
   * The step-up for `action` in the caller's session; null when it passed, else the refusal to answer (nothing stored):
   * no password and no recent eID login → ERROR_INVALID_INPUT with `currentPassword: REQUIRED`; a wrong password or
   * a locked access → ERROR_PWD_INVALID with `currentPassword: PASSWORD_INCORRECT`.
   */
  async function refusedStepUp(scope: RequestScope, personId: number, currentPassword: string | null, action: StepUpAction, allowEid = true): Promise<ProfileResult<never> | null> {
    const outcome = await deps.stepUp.verify(scope, personId, currentPassword, action, { allowEid });
    if (outcome.ok) return null;
    if (outcome.reason === 'PASSWORD_REQUIRED') return invalid([{ field: 'currentPassword', code: 'REQUIRED' }]);
    return failure('ERROR_PWD_INVALID', [{ field: 'currentPassword', code: 'PASSWORD_INCORRECT' }]);
  }

  async function sendSafely(kind: string, message: Parameters<Mailer['send']>[0]): Promise<boolean> {
    try {
      await mailer.send(message);
      return true;
    } catch (error) {
      logger.warn('mail not sent', { kind, error: error instanceof Error ? error.message : String(error) });
      return false;
    }
  }

  return {
    recordChanges,

    /** Data-retention facts shown before deleting the access. */
    retentionFacts: () => RETENTION_FACTS,

    /** The person's own change log, newest first (`first` clamped to 0..200, default 50). */
    async history(personId: number, first?: number | null): Promise<ProfileChangeRow[]> {
      const limit = historyLimit(first);
      return limit === 0 ? [] : await store.history(personId, limit);
    },

    /** The bank account in force today, or undefined. */
    async bankAccount(personId: number): Promise<BankAccountRow | undefined> {
      return await store.currentBankAccount(personId, today());
    },

    /** The address of an open e-mail change request, or null. */
    async pendingEmail(personId: number): Promise<string | null> {
      return await store.pendingEmail(personId, now());
    },

    /**
     * Starts an e-mail change (spec 001 sections 2 and 8): checks the address and its confirmation, then the step-up
     * (`currentPassword`, or an eID login of the last 5 minutes; a wrong password counts towards the lockout), refuses an
     * address another access uses (ERROR_MAIL_NOT_UNIQUE) and a sixth request within 24 hours
     * (ERROR_TOO_MANY_REQUESTS), then in one transaction stores the token (256-bit, only its SHA-256 stored, single
     * use, 24 hours; a newer request closes an older one), the change log row and the queued confirmation mail with the
     * link to the NEW address (sent by the mail worker, retried while the SMTP server refuses), and queues a notice to
     * the current address. A database failure answers ERROR_INTERNAL and stores nothing. The link starts with the
     * scope's `publicOrigin()`.
     */
    async requestEmailChange(scope: RequestScope, personId: number, input: EmailChangeInput): Promise<ProfileResult<{ pendingEmail: string }>> {
      const { meta } = scope;
      const p = await person(personId);
      const checked = validateEmailChange(input, p.email);
      if (!checked.ok) return invalid(checked.fieldErrors);
      const refused = await refusedStepUp(scope, personId, checked.value.currentPassword, 'EMAIL_CHANGE');
      if (refused) return refused;
      const email = checked.value.newEmail;
      if (await store.emailTakenByOther(email, personId)) return failure('ERROR_MAIL_NOT_UNIQUE');
      if ((await store.emailChangeRequestsSince(personId, isoInstant(clock.now() - EMAIL_CHANGE_LINK_MS))) >= EMAIL_CHANGE_MAX_REQUESTS) {
        await audit.record('ACCESS_DENIED', personId, meta, { reason: 'EMAIL_CHANGE_RATE' });
        return failure('ERROR_TOO_MANY_REQUESTS');
      }

      const token = newSessionToken();
      const createdAt = now();
      const expiresAt = isoInstant(clock.now() + EMAIL_CHANGE_LINK_MS);
      const link = `${scope.publicOrigin()}/#/emailChange?token=${token}`;
      const confirm = emailChangeConfirmMail(tenant, p, link);
      try {
        // Token, change log and confirmation mail in one transaction: the mail is queued exactly when the token exists.
        await recordChanges(scope, personId, [{ area: 'EMAIL', field: 'emailChangeRequested', oldValue: p.email, newValue: email }], async () => {
          await store.createEmailChangeToken({ tokenHash: hashToken(token), personId, email, createdAt, expiresAt });
          await mailer.send({ personId, kind: 'EMAIL_CHANGE_CONFIRM', to: email, ...confirm });
        });
      } catch (error) {
        logger.error('e-mail change not stored', { error: error instanceof Error ? error.message : String(error) });
        return failure('ERROR_INTERNAL');
      }
      await audit.record('EMAIL_CHANGE', personId, meta, { stage: 'REQUESTED' });

      if (p.email) {
        const notice = emailChangeNoticeMail(tenant, p);
        await sendSafely('EMAIL_CHANGE_NOTICE', { personId, kind: 'EMAIL_CHANGE_NOTICE', to: p.email, ...notice });
      }
      return ok({ pendingEmail: email });
    },

    /**
     * Confirms an e-mail change from the link (public; `#/emailChange?token=…`). The login e-mail becomes the token's
     * address; the token is used up; the change log gets a row, and the security log an EMAIL_CHANGE event.
     */
    async confirmEmailChange(scope: RequestScope, token: string): Promise<EmailChangeStatus> {
      const { meta } = scope;
      if (!isWellFormedToken(token)) return 'ERROR';
      const tokenHash = hashToken(token);
      const row = await store.findEmailChangeToken(tokenHash);
      if (!row?.payload) return 'ERROR';
      if (row.usedAt) return 'ALREADY_USED';
      if (Date.parse(row.expiresAt) <= clock.now()) return 'ERROR_LINK_EXPIRED';
      const cred = await store.credentials(row.personId);
      if (!cred || cred.accessStatus !== 'ACTIVE') return 'ERROR';
      const email = row.payload;
      if (await store.emailTakenByOther(email, row.personId)) return 'ERROR_MAIL_NOT_UNIQUE';
      const old = (await person(row.personId)).email;
      // The link is opened in a browser that may hold no session (or another person's): no session hash then.
      const linkOrigin: ChangeOrigin = { actor: 'MEMBER', sessionHash: null, ipAddress: meta.ipAddress };
      try {
        const status = await store.inTransaction(async (): Promise<EmailChangeStatus> => {
          if (!(await store.consumeToken(tokenHash, now()))) return 'ALREADY_USED';
          await store.setEmail(row.personId, email, now());
          const entries: ChangeEntry[] = [{ area: 'EMAIL', field: 'email', oldValue: old, newValue: email }];
          await store.writeChanges(row.personId, linkOrigin, entries, now());
          await recordProfileEvent(row.personId, entries);
          return 'SUCCESSFUL';
        });
        if (status === 'SUCCESSFUL') await audit.record('EMAIL_CHANGE', row.personId, meta, { stage: 'CONFIRMED' });
        return status;
      } catch (error) {
        if (isUniqueViolation(error)) return 'ERROR_MAIL_NOT_UNIQUE';
        throw error;
      }
    },

    /** Changes the postal address (spec 001 section 5 "Profile address"); the change log gets one row per changed field. */
    async changeAddress(scope: RequestScope, personId: number, input: AddressInput): Promise<ProfileResult<PersonRow>> {
      const checked = validateAddress(input, today());
      if (!checked.ok) return invalid(checked.fieldErrors);
      const a = checked.value;
      const p = await person(personId);
      const entries = diffEntries(
        'ADDRESS',
        { street: p.street, postcode: p.postcode, city: p.city, country: p.country, poBox: p.poBox, validFrom: p.addressValidFrom },
        { street: a.street, postcode: a.postcode, city: a.city, country: a.country, poBox: a.poBox, validFrom: a.validFrom },
      );
      await recordChanges(scope, personId, entries, () => store.setAddress(personId, a, now()));
      return ok(await person(personId));
    },

    /**
     * Changes the phone number (spec 001 section 3; rule of spec 000 section 5 in schema/contract/phone.ts); an empty
     * value removes it. The change log gets one PHONE row; the same number again stores nothing.
     */
    async changePhone(scope: RequestScope, personId: number, input: PhoneInput): Promise<ProfileResult<PersonRow>> {
      const checked = validatePhone(input);
      if (!checked.ok) return invalid(checked.fieldErrors);
      const p = await person(personId);
      const entries = diffEntries('PHONE', { phone: p.phone }, { phone: checked.value.phone });
      if (entries.length) await recordChanges(scope, personId, entries, () => store.setPhone(personId, checked.value.phone, now()));
      return ok(await person(personId));
    },

    /**
     * Adds a bank account entry from `validFrom` (default today); earlier entries stay as history. Needs the step-up
     * (`currentPassword`, or an eID login of the last 5 minutes; a wrong password counts towards the lockout). The
     * change log compares with the newest entry and holds the IBAN masked only.
     */
    async changeBankDetails(scope: RequestScope, personId: number, input: BankDetailsInput): Promise<ProfileResult<PersonRow>> {
      const checked = validateBankDetails(input, today());
      if (!checked.ok) return invalid(checked.fieldErrors);
      const refused = await refusedStepUp(scope, personId, checked.value.currentPassword, 'BANK_DETAILS_CHANGE');
      if (refused) return refused;
      const { currentPassword: _password, ...details } = checked.value;
      const b = { ...details, validFrom: details.validFrom ?? today() };
      const before = await store.latestBankAccount(personId);
      const entries = diffEntries('BANK_ACCOUNT', bankLogValues(before), bankLogValues(b));
      // The same data again is no change: nothing is stored.
      if (entries.length) await recordChanges(scope, personId, entries, () => store.addBankAccount({ personId, ...b }));
      return ok(await person(personId));
    },

    /**
     * Deletes the portal access (spec 001 section 2): needs the current password and `confirmed: true` (a wrong
     * password counts towards the login lockout, LOCKOUT_THRESHOLD / LOCKOUT_MINUTES). Sets the
     * access DEACTIVATED (the fund membership stays), ends every session of the person (ACCESS_DELETED) and writes
     * the change log in one transaction; then the security event ACCESS_DELETED and the confirmation mail (a mail
     * failure is logged, the deletion stands).
     */
    async deleteAccess(scope: RequestScope, personId: number, input: DeleteAccessInput): Promise<ProfileResult<{ sessionsEnded: number }>> {
      const checked = validateDeleteAccess(input);
      if (!checked.ok) return invalid(checked.fieldErrors);
      const cred = await store.credentials(personId);
      if (!cred || cred.accessStatus !== 'ACTIVE') return failure('ERROR_INTERNAL');
      // Deleting always asks for the password (no eID stand-in): a wrong one counts towards the lockout.
      const refused = await refusedStepUp(scope, personId, checked.value.currentPassword, 'ACCESS_DELETE', false);
      if (refused) return refused;
      const p = await person(personId);
      const ended = await recordChanges(scope, personId, [{ area: 'ACCESS', field: 'accessStatus', oldValue: cred.accessStatus, newValue: 'DEACTIVATED' }], async () => {
        await store.deactivateAccess(personId);
        return await store.endAllSessions(personId, now(), 'ACCESS_DELETED');
      });
      await audit.record('ACCESS_DELETED', personId, scope.meta, { sessionsEnded: ended });
      if (p.email) {
        const mail = accessDeletedMail(tenant, p);
        await sendSafely('ACCESS_DELETED', { personId, kind: 'ACCESS_DELETED', to: p.email, ...mail });
      }
      return ok({ sessionsEnded: ended });
    },
  };
}

export type ProfileService = ReturnType<typeof createProfileService>;
