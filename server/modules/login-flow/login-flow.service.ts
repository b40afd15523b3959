import type { Clock } from '../../platform/shared/clock';
import { err, ok, type Result } from '../../platform/shared/result';
import { isoInstant } from '../../platform/shared/clock';
import type { TenantDefinition } from '../../tenants';
import type { SessionStore } from '../session/session.store';
import { isLoggedInStatus, type LoginStatus } from '../session/session.rules';
import { hashToken } from '../session/session-token';
import type { PersonStore } from '../person/person.store';
import type { RequestScope } from '../../platform/shared/request-scope';
import { nextLoginStatus, postLoginQuestions, type LoginState } from './login-flow.rules';
import type { LoginFlowStore } from './login-flow.store';

/** Mailbox the member acts in (server/modules/login-flow/login-flow.graphql `MailboxType`). */
export type MailboxType = 'AWB_LB' | 'ASP';
import type { ChangeEntry } from '../profile/profile.store';
import { NEWSLETTER_TERMS_VERSION, type ConsentChannel, type ConsentSubject } from '@contract/consent';

/** Preferences whose changes go into the profile change log. */
type PreferenceField = 'newsletterPk' | 'newsletterVk' | 'benefitStatementDigital' | 'accountStatementByMail' | 'notifyWhenPayoutPossible';

/** A flow session: the session's person and token hash, in stage PENDING or ACTIVE. */
export interface FlowSession {
  personId: number;
  tokenHash: string;
  stage: 'PENDING' | 'ACTIVE';
}

export type ActivationStatus = 'SUCCESSFUL' | 'ALREADY_ACTIVATED' | 'ERROR_LINK_EXPIRED' | 'MAINTENANCE' | 'ERROR';

/** A service duty as the mailbox dialog shows it (spec 000 section 3 "Mailbox duty entry"). */
export interface Duty {
  id: number;
  customerDesignation: string;
  functionGroups: string[];
}

/**
 * The steps of the login flow after a correct password (spec 000 sections 2 and 4): terms acceptance,
 * letter-or-portal decision, login data sync, mailbox choice, and the post-login questions (newsletter, benefit
 * statement delivery, account statement by mail with express info, prize draw). Each flow step completes one
 * pending item and answers the next login status; a logged-in status turns the PENDING session ACTIVE. Built once per
 * process (server/services.ts); the preference changes take the request's scope first (for the change log's origin).
 */
export function createLoginFlowService(deps: {
  store: LoginFlowStore;
  authStore: SessionStore;
  personStore: PersonStore;
  clock: Clock;
  tenant: TenantDefinition;
  maintenance: boolean;
  /**
   * Writes the profile change log with a preference change, in one transaction (ProfileService.recordChanges):
   * the login-time dialogs and /einstellungen share this path (spec 001 section 2 "Profile"). Without it, changes are not logged.
   */
  recordChanges?: <T>(scope: RequestScope, personId: number, entries: ChangeEntry[], apply: () => Promise<T>) => Promise<T>;
  /** Whether the person holds a current supervisory-board seat (a board member without contract may log in). */
  hasBoardSeat?: (personId: number) => Promise<boolean>;
}) {
  const { store, authStore, personStore, clock, tenant } = deps;
  const now = () => isoInstant(clock.now());
  const asText = (v: boolean | null) => (v === null ? null : String(v));

  /** Writes `patch` to the person and logs every field whose value changes (area NEWSLETTER or DELIVERY). */
  async function updateLogged(
    scope: RequestScope,
    personId: number,
    area: 'NEWSLETTER' | 'DELIVERY',
    patch: Partial<Record<PreferenceField, boolean>>,
    alsoInTransaction?: () => Promise<void>,
  ): Promise<void> {
    const before = await person(personId);
    const entries: ChangeEntry[] = [];
    for (const [field, value] of Object.entries(patch) as [PreferenceField, boolean][]) {
      if (before[field] !== value) entries.push({ area, field, oldValue: asText(before[field]), newValue: asText(value) });
    }
    const apply = async () => {
      await store.updatePerson(personId, patch, now());
      if (alsoInTransaction) await alsoInTransaction();
    };
    if (deps.recordChanges) await deps.recordChanges(scope, personId, entries, apply);
    else await apply();
  }

  async function funds(personId: number) {
    const f = await authStore.funds(personId);
    return { pensionFund: f.pensionFund && tenant.pensionFund, severanceFund: f.severanceFund };
  }

  async function person(personId: number) {
    const row = await personStore.findById(personId);
    if (!row) throw new Error(`person ${personId} vanished`);
    return row;
  }

  /** The inputs of the status machine for a person. */
  async function loginStateOf(personId: number): Promise<LoginState> {
    const p = await person(personId);
    return {
      termsPending: p.termsPending,
      loginDataSyncPending: p.loginDataSyncPending,
      annualStatementDecisionPending: p.annualStatementDecisionPending,
      emailUpdatePending: p.emailUpdatePending,
      registrationUpdatePending: p.registrationUpdatePending,
      dutyCount: (await store.duties(personId)).length,
      funds: await funds(personId),
      supervisoryBoard: deps.hasBoardSeat ? await deps.hasBoardSeat(personId) : false,
      passwordInsecure: await store.passwordInsecure(personId),
    };
  }

  /** Asks the status machine again and activates the session once the status is a logged-in one. */
  async function advance(session: FlowSession): Promise<LoginStatus> {
    const status = nextLoginStatus(await loginStateOf(session.personId));
    if (isLoggedInStatus(status) && session.stage === 'PENDING') await store.activateSession(session.tokenHash);
    return status;
  }

  return {
    loginStateOf,
    /** The current answer of the status machine, without changing anything. */
    currentStatus: async (session: FlowSession) => nextLoginStatus(await loginStateOf(session.personId)),
    /** Asks the status machine after a step done elsewhere (new password on /pwdChange, e-mail update); activates the session once logged in. */
    advance,

    /**
     * Terms accepted (`loginNutzungAkzeptiert`, spec 000 section 4): sent with the status that asked for it.
     * Not accepted, or a `previousStatus` that is not the pending one, changes nothing and answers the current status.
     */
    async acceptTerms(session: FlowSession, previousStatus: string, accepted: boolean): Promise<LoginStatus> {
      const current = nextLoginStatus(await loginStateOf(session.personId));
      if (!accepted || previousStatus !== current || !current.startsWith('NUTZUNGSBEDINGUNGEN_ACCEPT_')) return current;
      await store.updatePerson(session.personId, { termsPending: null, termsAcceptedAt: now() }, now());
      return await advance(session);
    },

    /** Letter (false) or portal (true) for the yearly account information (`setIbkPerPortal`). */
    async setAnnualStatementDelivery(session: FlowSession, viaPortal: boolean): Promise<LoginStatus> {
      await store.updatePerson(session.personId, { annualStatementViaPortal: viaPortal, annualStatementDecisionPending: false }, now());
      return await advance(session);
    },

    /** Merges the PK and VK logins at the first login (`login{product}`). */
    async synchronizeLoginData(session: FlowSession): Promise<LoginStatus> {
      const p = await person(session.personId);
      if (p.loginDataSyncPending) await store.updatePerson(session.personId, { loginDataSyncPending: false, loginDataSyncedAt: now() }, now());
      return await advance(session);
    },

    /** Keeps the stored e-mail for the funds that asked to confirm it (UPDATE_*_MAIL); answers the next status. */
    async confirmRegistrationEmail(session: FlowSession): Promise<LoginStatus> {
      if ((await person(session.personId)).emailUpdatePending) await store.updatePerson(session.personId, { emailUpdatePending: null }, now());
      return await advance(session);
    },

    async duties(personId: number): Promise<Duty[]> {
      return (await store.duties(personId)).map((d) => ({ id: d.id, customerDesignation: d.customerDesignation, functionGroups: d.functionGroups }));
    },

    /**
     * Mailbox choice: AWB_LB (own portal) or ASP with one of the person's own duties. ASP without a duty is refused
     * with `dutyId: REQUIRED`, a duty of someone else (or no duty id at all, `dutyId` NaN) with `dutyId: UNKNOWN_DUTY`;
     * nothing changes then. The value is the chosen mailbox (`dutyId` null for AWB_LB).
     */
    async chooseMailbox(session: FlowSession, type: MailboxType, dutyId: number | null): Promise<Result<{ type: MailboxType; dutyId: number | null }, 'INVALID_INPUT'>> {
      if (type === 'AWB_LB') {
        await store.setMailbox(session.tokenHash, 'AWB_LB', null);
        return ok({ type, dutyId: null });
      }
      if (dutyId === null) return err('INVALID_INPUT', [{ field: 'dutyId', code: 'REQUIRED' }]);
      if (!(await store.duties(session.personId)).some((d) => d.id === dutyId)) return err('INVALID_INPUT', [{ field: 'dutyId', code: 'UNKNOWN_DUTY' }]);
      await store.setMailbox(session.tokenHash, 'ASP', dutyId);
      return ok({ type, dutyId });
    },

    /** The duty of the person matching a legacy duty entry (kundenbezeichnung and funktionsgruppen). */
    async findDuty(personId: number, entry: { id?: number; customerDesignation: string; functionGroups: string[] }): Promise<Duty | undefined> {
      return (await this.duties(personId)).find(
        (d) =>
          (entry.id === undefined || entry.id === d.id) &&
          d.customerDesignation === entry.customerDesignation &&
          d.functionGroups.length === entry.functionGroups.length &&
          d.functionGroups.every((g, i) => g === entry.functionGroups[i]),
      );
    },

    /** Which post-login questions to ask (spec 000 section 4). */
    async questions(personId: number) {
      const p = await person(personId);
      return postLoginQuestions({
        funds: await funds(personId),
        newsletterPk: p.newsletterPk,
        newsletterVk: p.newsletterVk,
        benefitStatementDigital: p.benefitStatementDigital,
        accountStatementByMail: p.accountStatementByMail,
        prizeDrawVk: p.prizeDrawVk,
      });
    },

    /**
     * Newsletter consent; only the funds whose question was shown are written (null = not shown). Every decision
     * given also adds a consent record (db/schema/consents.ts) in the same transaction: the moment, the version of the
     * consent text (NEWSLETTER_TERMS_VERSION), whether the terms box was ticked (`termsTicked`, null when the caller
     * does not say, as the legacy REST call) and where it was made.
     */
    async setNewsletter(
      scope: RequestScope,
      personId: number,
      choice: { pk: boolean | null; vk: boolean | null },
      consent: { termsTicked: boolean | null; channel: ConsentChannel } = { termsTicked: null, channel: 'REST' },
    ): Promise<void> {
      const patch: { newsletterPk?: boolean; newsletterVk?: boolean } = {};
      if (choice.pk !== null) patch.newsletterPk = choice.pk;
      if (choice.vk !== null) patch.newsletterVk = choice.vk;
      const recordedAt = now();
      const given: Array<[ConsentSubject, boolean | null]> = [
        ['NEWSLETTER_PK', choice.pk],
        ['NEWSLETTER_VK', choice.vk],
      ];
      const records = given
        .filter((entry): entry is [ConsentSubject, boolean] => entry[1] !== null)
        .map(([subject, granted]) => ({
          personId,
          subject,
          granted,
          termsTicked: consent.termsTicked,
          textVersion: NEWSLETTER_TERMS_VERSION,
          channel: consent.channel,
          recordedAt,
        }));
      if (Object.keys(patch).length) await updateLogged(scope, personId, 'NEWSLETTER', patch, () => store.addConsentRecords(records));
    },

    /** The person's newsletter consent records, newest first. */
    consentRecords: (personId: number) => store.consentRecords(personId),

    async setPrizeDraw(personId: number, participate: boolean): Promise<void> {
      await store.updatePerson(personId, { prizeDrawVk: participate }, now());
    },

    async setBenefitStatementDelivery(scope: RequestScope, personId: number, digital: boolean): Promise<void> {
      await updateLogged(scope, personId, 'DELIVERY', { benefitStatementDigital: digital });
    },

    /** Account statement by mail (`setABPBPerMail`) and the express info; answers the login status again. */
    async setAccountStatementByMail(scope: RequestScope, session: FlowSession, byMail: boolean, notifyWhenPayoutPossible: boolean | null): Promise<LoginStatus> {
      await updateLogged(
        scope,
        session.personId,
        'DELIVERY',
        notifyWhenPayoutPossible === null ? { accountStatementByMail: byMail } : { accountStatementByMail: byMail, notifyWhenPayoutPossible },
      );
      return await advance(session);
    },

    /**
     * Activates an access from the link of the registration mail (spec 000 section 4 "Activation statuses"):
     * SUCCESSFUL, ALREADY_ACTIVATED (link used before), ERROR_LINK_EXPIRED, MAINTENANCE, or ERROR (unknown link).
     */
    async activate(registrationId: string): Promise<ActivationStatus> {
      if (deps.maintenance) return 'MAINTENANCE';
      if (!/^[A-Za-z0-9_-]{20,100}$/.test(registrationId)) return 'ERROR';
      const tokenHash = hashToken(registrationId);
      const token = await store.findToken(tokenHash, 'ACTIVATION');
      if (!token) return 'ERROR';
      if (token.usedAt) return 'ALREADY_ACTIVATED';
      if (Date.parse(token.expiresAt) <= clock.now()) return 'ERROR_LINK_EXPIRED';
      return (await store.consumeActivation(tokenHash, token.personId, now())) ? 'SUCCESSFUL' : 'ALREADY_ACTIVATED';
    },
  };
}

export type LoginFlowService = ReturnType<typeof createLoginFlowService>;
