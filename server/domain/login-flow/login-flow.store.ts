import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../../../db/client';
import { contactDuties, credentials, persons, personTokens, sessions, type ContactDutyRow, type PersonRow } from '../../../db/schema';

type PersonPatch = Partial<
  Pick<
    PersonRow,
    | 'termsPending'
    | 'termsAcceptedAt'
    | 'annualStatementDecisionPending'
    | 'annualStatementViaPortal'
    | 'loginDataSyncPending'
    | 'loginDataSyncedAt'
    | 'emailUpdatePending'
    | 'newsletterPk'
    | 'newsletterVk'
    | 'benefitStatementDigital'
    | 'accountStatementByMail'
    | 'notifyWhenPayoutPossible'
    | 'prizeDrawVk'
  >
>;

/** Queries of the login flow: person flags, service duties, session stage and mailbox, activation tokens. */
export function createLoginFlowStore(db: Db) {
  const dutiesOf = db.select().from(contactDuties).where(eq(contactDuties.personId, sql.placeholder('personId'))).orderBy(contactDuties.id).prepare();
  return {
    duties(personId: number): ContactDutyRow[] {
      return dutiesOf.all({ personId });
    },
    updatePerson(personId: number, patch: PersonPatch, now: string): void {
      db.update(persons).set({ ...patch, updatedAt: now }).where(eq(persons.id, personId)).run();
    },
    activateSession(tokenHash: string): void {
      db.update(sessions).set({ stage: 'ACTIVE' }).where(eq(sessions.tokenHash, tokenHash)).run();
    },
    setMailbox(tokenHash: string, mailboxType: 'AWB_LB' | 'ASP', selectedDutyId: number | null): void {
      db.update(sessions).set({ mailboxType, selectedDutyId }).where(eq(sessions.tokenHash, tokenHash)).run();
    },
    /** True when the fund judged the person's password insecure (the login answers PASSWORD_INSECURE). */
    passwordInsecure(personId: number): boolean {
      return db.select({ v: credentials.passwordInsecure }).from(credentials).where(eq(credentials.personId, personId)).get()?.v ?? false;
    },
    findToken(tokenHash: string, purpose: 'ACTIVATION' | 'PASSWORD_RESET' | 'EMAIL_CHANGE') {
      return db
        .select()
        .from(personTokens)
        .where(and(eq(personTokens.tokenHash, tokenHash), eq(personTokens.purpose, purpose)))
        .get();
    },
    /** Marks the token used and activates the access, in one transaction; false when it was used meanwhile. */
    consumeActivation(tokenHash: string, personId: number, now: string): boolean {
      return db.transaction((tx) => {
        const used = tx
          .update(personTokens)
          .set({ usedAt: now })
          .where(and(eq(personTokens.tokenHash, tokenHash), sql`${personTokens.usedAt} IS NULL`))
          .run();
        if (used.changes !== 1) return false;
        tx.update(credentials)
          .set({ accessStatus: 'ACTIVE' })
          .where(and(eq(credentials.personId, personId), eq(credentials.accessStatus, 'PENDING_ACTIVATION')))
          .run();
        return true;
      });
    },
  };
}

export type LoginFlowStore = ReturnType<typeof createLoginFlowStore>;
