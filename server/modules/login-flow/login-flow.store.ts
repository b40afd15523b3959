import { and, desc, eq, isNull } from 'drizzle-orm';
import { writeTransaction, type Db } from '../../../db/client';
import { consentRecords, contactDuties, credentials, persons, personTokens, sessions, type ConsentRecordRow, type ContactDutyRow, type PersonRow } from '../../../db/schema';

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
  return {
    async duties(personId: number): Promise<ContactDutyRow[]> {
      return db.select().from(contactDuties).where(eq(contactDuties.personId, personId)).orderBy(contactDuties.id);
    },
    async updatePerson(personId: number, patch: PersonPatch, now: string): Promise<void> {
      await writeTransaction(db, () =>
        db
          .update(persons)
          .set({ ...patch, updatedAt: now })
          .where(eq(persons.id, personId)),
      );
    },
    /** Adds consent records (newsletter decisions); rows are only ever added. */
    async addConsentRecords(rows: Array<Omit<ConsentRecordRow, 'id'>>): Promise<void> {
      if (rows.length) await writeTransaction(db, () => db.insert(consentRecords).values(rows));
    },
    /** The person's consent records, newest first. */
    async consentRecords(personId: number): Promise<ConsentRecordRow[]> {
      return db.select().from(consentRecords).where(eq(consentRecords.personId, personId)).orderBy(desc(consentRecords.recordedAt), desc(consentRecords.id));
    },
    async activateSession(tokenHash: string): Promise<void> {
      await writeTransaction(db, () => db.update(sessions).set({ stage: 'ACTIVE' }).where(eq(sessions.tokenHash, tokenHash)));
    },
    async setMailbox(tokenHash: string, mailboxType: 'AWB_LB' | 'ASP', selectedDutyId: number | null): Promise<void> {
      await writeTransaction(db, () => db.update(sessions).set({ mailboxType, selectedDutyId }).where(eq(sessions.tokenHash, tokenHash)));
    },
    /** True when the fund judged the person's password insecure (the login answers PASSWORD_INSECURE). */
    async passwordInsecure(personId: number): Promise<boolean> {
      const rows = await db.select({ v: credentials.passwordInsecure }).from(credentials).where(eq(credentials.personId, personId)).limit(1);
      return rows[0]?.v ?? false;
    },
    async findToken(tokenHash: string, purpose: 'ACTIVATION' | 'PASSWORD_RESET' | 'EMAIL_CHANGE') {
      const rows = await db
        .select()
        .from(personTokens)
        .where(and(eq(personTokens.tokenHash, tokenHash), eq(personTokens.purpose, purpose)))
        .limit(1);
      return rows[0];
    },
    /** Marks the token used and activates the access, in one transaction; false when it was used meanwhile. */
    async consumeActivation(tokenHash: string, personId: number, now: string): Promise<boolean> {
      return writeTransaction(db, async () => {
        const used = await db
          .update(personTokens)
          .set({ usedAt: now })
          .where(and(eq(personTokens.tokenHash, tokenHash), isNull(personTokens.usedAt)))
          .returning({ tokenHash: personTokens.tokenHash });
        if (used.length !== 1) return false;
        await db
          .update(credentials)
          .set({ accessStatus: 'ACTIVE' })
          .where(and(eq(credentials.personId, personId), eq(credentials.accessStatus, 'PENDING_ACTIVATION')));
        return true;
      });
    },
  };
}

export type LoginFlowStore = ReturnType<typeof createLoginFlowStore>;
