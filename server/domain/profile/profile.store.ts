import { and, desc, eq, gt, isNull, lte, ne, sql } from 'drizzle-orm';
import { writeTransaction, type Db } from '../../../db/client';
import { bankAccounts, credentials, persons, personTokens, profileChanges, sessions, type BankAccountRow, type ProfileChangeRow } from '../../../db/schema';

/** One row of the change log to write (issue 6 item 7); the store adds person, time, session and IP. */
export interface ChangeEntry {
  area: 'EMAIL' | 'PASSWORD' | 'ADDRESS' | 'BANK_ACCOUNT' | 'NEWSLETTER' | 'DELIVERY' | 'ACCESS';
  field: string;
  oldValue: string | null;
  newValue: string | null;
}

/** Who and where a change comes from, written into every change log row. */
export interface ChangeOrigin {
  actor: 'MEMBER' | 'FUND' | 'SYSTEM';
  sessionHash: string | null;
  ipAddress: string | null;
}

/**
 * Queries of the profile settings. Every query takes the person id from the caller's session (or, for the e-mail
 * change link, from the stored token); none takes an id sent by a client.
 */
export function createProfileStore(db: Db) {
  const historyOf = db
    .select()
    .from(profileChanges)
    .where(eq(profileChanges.personId, sql.placeholder('personId')))
    .orderBy(desc(profileChanges.changedAt), desc(profileChanges.id))
    .limit(sql.placeholder('limit'))
    .prepare();
  const currentBank = db
    .select()
    .from(bankAccounts)
    .where(and(eq(bankAccounts.personId, sql.placeholder('personId')), lte(bankAccounts.validFrom, sql.placeholder('today'))))
    .orderBy(desc(bankAccounts.validFrom), desc(bankAccounts.id))
    .limit(1)
    .prepare();

  return {
    /** Runs `fn` in one write transaction (BEGIN IMMEDIATE); nested calls join the outer one. */
    inTransaction<T>(fn: () => T): T {
      return db.$client.inTransaction ? fn() : writeTransaction(db, fn);
    },

    /** Appends change log rows for `personId` (call inside the transaction of the change). */
    writeChanges(personId: number, origin: ChangeOrigin, entries: ChangeEntry[], now: string): void {
      if (!entries.length) return;
      db.insert(profileChanges)
        .values(entries.map((e) => ({ personId, ...origin, ...e, changedAt: now })))
        .run();
    },

    /** The person's change log, newest first. */
    history(personId: number, limit: number): ProfileChangeRow[] {
      return historyOf.all({ personId, limit });
    },

    credentials(personId: number) {
      return db.select().from(credentials).where(eq(credentials.personId, personId)).get();
    },

    /** Whether another person already uses `email` (stored lower-case). */
    emailTakenByOther(email: string, personId: number): boolean {
      return !!db
        .select({ id: persons.id })
        .from(persons)
        .where(and(eq(persons.email, email), ne(persons.id, personId)))
        .get();
    },

    /** Stores an EMAIL_CHANGE token; open earlier requests of the person are closed (marked used) first. */
    createEmailChangeToken(row: { tokenHash: string; personId: number; email: string; createdAt: string; expiresAt: string }): void {
      db.update(personTokens)
        .set({ usedAt: row.createdAt })
        .where(and(eq(personTokens.personId, row.personId), eq(personTokens.purpose, 'EMAIL_CHANGE'), isNull(personTokens.usedAt)))
        .run();
      db.insert(personTokens)
        .values({ tokenHash: row.tokenHash, personId: row.personId, purpose: 'EMAIL_CHANGE', payload: row.email, createdAt: row.createdAt, expiresAt: row.expiresAt })
        .run();
    },

    /** How many e-mail change requests the person made since `since` (ISO instant). */
    emailChangeRequestsSince(personId: number, since: string): number {
      const row = db
        .select({ n: sql<number>`count(*)` })
        .from(personTokens)
        .where(and(eq(personTokens.personId, personId), eq(personTokens.purpose, 'EMAIL_CHANGE'), gt(personTokens.createdAt, since)))
        .get();
      return row?.n ?? 0;
    },

    findEmailChangeToken(tokenHash: string) {
      return db
        .select()
        .from(personTokens)
        .where(and(eq(personTokens.tokenHash, tokenHash), eq(personTokens.purpose, 'EMAIL_CHANGE')))
        .get();
    },

    /** Marks the token used; false when it was used meanwhile. */
    consumeToken(tokenHash: string, now: string): boolean {
      return (
        db
          .update(personTokens)
          .set({ usedAt: now })
          .where(and(eq(personTokens.tokenHash, tokenHash), isNull(personTokens.usedAt)))
          .run().changes === 1
      );
    },

    /** The new address of the person's open (unused, unexpired) e-mail change request, or null. */
    pendingEmail(personId: number, now: string): string | null {
      const row = db
        .select({ payload: personTokens.payload })
        .from(personTokens)
        .where(
          and(eq(personTokens.personId, personId), eq(personTokens.purpose, 'EMAIL_CHANGE'), isNull(personTokens.usedAt), gt(personTokens.expiresAt, now)),
        )
        .orderBy(desc(personTokens.createdAt))
        .get();
      return row?.payload ?? null;
    },

    setEmail(personId: number, email: string, now: string): void {
      db.update(persons).set({ email, updatedAt: now }).where(eq(persons.id, personId)).run();
    },

    setAddress(
      personId: number,
      a: { street: string; postcode: string; city: string; country: string; poBox: string | null; validFrom: string },
      now: string,
    ): void {
      db.update(persons)
        .set({ street: a.street, postcode: a.postcode, city: a.city, country: a.country, poBox: a.poBox, addressValidFrom: a.validFrom, updatedAt: now })
        .where(eq(persons.id, personId))
        .run();
    },

    /** The bank account in force on `today`: latest validFrom not after today, the newest entry on a tie. */
    currentBankAccount(personId: number, today: string): BankAccountRow | undefined {
      return currentBank.get({ personId, today });
    },

    /** The newest bank account entry regardless of its start (the one a new entry replaces). */
    latestBankAccount(personId: number): BankAccountRow | undefined {
      return db.select().from(bankAccounts).where(eq(bankAccounts.personId, personId)).orderBy(desc(bankAccounts.validFrom), desc(bankAccounts.id)).get();
    },

    addBankAccount(row: { personId: number; accountHolder: string; bankName: string; iban: string; bic: string | null; validFrom: string }): void {
      db.insert(bankAccounts).values(row).run();
    },

    /** Switches the access off (DEACTIVATED); the fund membership in `persons` is untouched. */
    deactivateAccess(personId: number): void {
      db.update(credentials).set({ accessStatus: 'DEACTIVATED', failedAttempts: 0, lockedUntil: null }).where(eq(credentials.personId, personId)).run();
    },

    /** Ends every open session of the person; answers how many. */
    endAllSessions(personId: number, now: string, reason: 'ACCESS_DELETED' | 'PASSWORD_CHANGED'): number {
      return db
        .update(sessions)
        .set({ endedAt: now, endReason: reason })
        .where(and(eq(sessions.personId, personId), isNull(sessions.endedAt)))
        .run().changes;
    },
  };
}

export type ProfileStore = ReturnType<typeof createProfileStore>;
