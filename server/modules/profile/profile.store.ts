import { and, desc, eq, gt, isNull, ne } from 'drizzle-orm';
import { writeTransaction, type Db } from '../../../db/client';
import { bankAccounts, credentials, persons, personTokens, profileChanges, sessions, type BankAccountRow, type ProfileChangeRow } from '../../../db/schema';
import { currentBankAccountReader } from '../person/person.store';

/** One row of the change log to write; the store adds person, time, session and IP. */
export interface ChangeEntry {
  area: 'EMAIL' | 'PASSWORD' | 'ADDRESS' | 'BANK_ACCOUNT' | 'PHONE' | 'NEWSLETTER' | 'DELIVERY' | 'ACCESS';
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
  return {
    /** Runs `fn` in one write transaction; nested calls join the outer one. */
    inTransaction<T>(fn: () => Promise<T>): Promise<T> {
      return writeTransaction(db, fn);
    },

    /** Appends change log rows for `personId` (call inside the transaction of the change). */
    async writeChanges(personId: number, origin: ChangeOrigin, entries: ChangeEntry[], now: string): Promise<void> {
      if (!entries.length) return;
      await writeTransaction(db, () => db.insert(profileChanges).values(entries.map((e) => ({ personId, ...origin, ...e, changedAt: now }))));
    },

    /** The person's change log, newest first. */
    async history(personId: number, limit: number): Promise<ProfileChangeRow[]> {
      return db.select().from(profileChanges).where(eq(profileChanges.personId, personId)).orderBy(desc(profileChanges.changedAt), desc(profileChanges.id)).limit(limit);
    },

    async credentials(personId: number) {
      return (await db.select().from(credentials).where(eq(credentials.personId, personId)).limit(1))[0];
    },

    /** Whether another person already uses `email` (stored lower-case). */
    async emailTakenByOther(email: string, personId: number): Promise<boolean> {
      const rows = await db
        .select({ id: persons.id })
        .from(persons)
        .where(and(eq(persons.email, email), ne(persons.id, personId)))
        .limit(1);
      return rows.length > 0;
    },

    /** Stores an EMAIL_CHANGE token; open earlier requests of the person are closed (marked used) first. */
    async createEmailChangeToken(row: { tokenHash: string; personId: number; email: string; createdAt: string; expiresAt: string }): Promise<void> {
      await writeTransaction(db, async () => {
        await db
          .update(personTokens)
          .set({ usedAt: row.createdAt })
          .where(and(eq(personTokens.personId, row.personId), eq(personTokens.purpose, 'EMAIL_CHANGE'), isNull(personTokens.usedAt)));
        await db
          .insert(personTokens)
          .values({ tokenHash: row.tokenHash, personId: row.personId, purpose: 'EMAIL_CHANGE', payload: row.email, createdAt: row.createdAt, expiresAt: row.expiresAt });
      });
    },

    /** How many e-mail change requests the person made since `since` (ISO instant). */
    async emailChangeRequestsSince(personId: number, since: string): Promise<number> {
      return db.$count(personTokens, and(eq(personTokens.personId, personId), eq(personTokens.purpose, 'EMAIL_CHANGE'), gt(personTokens.createdAt, since)));
    },

    async findEmailChangeToken(tokenHash: string) {
      const rows = await db
        .select()
        .from(personTokens)
        .where(and(eq(personTokens.tokenHash, tokenHash), eq(personTokens.purpose, 'EMAIL_CHANGE')))
        .limit(1);
      return rows[0];
    },

    /** Marks the token used; false when it was used meanwhile. */
    async consumeToken(tokenHash: string, now: string): Promise<boolean> {
      const rows = await writeTransaction(db, () =>
        db
          .update(personTokens)
          .set({ usedAt: now })
          .where(and(eq(personTokens.tokenHash, tokenHash), isNull(personTokens.usedAt)))
          .returning({ tokenHash: personTokens.tokenHash }),
      );
      return rows.length === 1;
    },

    /** The new address of the person's open (unused, unexpired) e-mail change request, or null. */
    async pendingEmail(personId: number, now: string): Promise<string | null> {
      const rows = await db
        .select({ payload: personTokens.payload })
        .from(personTokens)
        .where(and(eq(personTokens.personId, personId), eq(personTokens.purpose, 'EMAIL_CHANGE'), isNull(personTokens.usedAt), gt(personTokens.expiresAt, now)))
        .orderBy(desc(personTokens.createdAt))
        .limit(1);
      return rows[0]?.payload ?? null;
    },

    async setEmail(personId: number, email: string, now: string): Promise<void> {
      await writeTransaction(db, () => db.update(persons).set({ email, updatedAt: now }).where(eq(persons.id, personId)));
    },

    async setAddress(
      personId: number,
      a: { street: string; postcode: string; city: string; country: string; poBox: string | null; validFrom: string },
      now: string,
    ): Promise<void> {
      await writeTransaction(db, () =>
        db
          .update(persons)
          .set({ street: a.street, postcode: a.postcode, city: a.city, country: a.country, poBox: a.poBox, addressValidFrom: a.validFrom, updatedAt: now })
          .where(eq(persons.id, personId)),
      );
    },

    /** Stores the phone number (null = none). */
    async setPhone(personId: number, phone: string | null, now: string): Promise<void> {
      await writeTransaction(db, () => db.update(persons).set({ phone, updatedAt: now }).where(eq(persons.id, personId)));
    },

    /** The bank account in force on `today` (person.store.ts `currentBankAccountReader`). */
    currentBankAccount: currentBankAccountReader(db),

    /** The newest bank account entry regardless of its start (the one a new entry replaces). */
    async latestBankAccount(personId: number): Promise<BankAccountRow | undefined> {
      const rows = await db.select().from(bankAccounts).where(eq(bankAccounts.personId, personId)).orderBy(desc(bankAccounts.validFrom), desc(bankAccounts.id)).limit(1);
      return rows[0];
    },

    async addBankAccount(row: { personId: number; accountHolder: string; bankName: string; iban: string; bic: string | null; validFrom: string }): Promise<void> {
      await writeTransaction(db, () => db.insert(bankAccounts).values(row));
    },

    /** Switches the access off (DEACTIVATED); the fund membership in `persons` is untouched. */
    async deactivateAccess(personId: number): Promise<void> {
      await writeTransaction(db, () => db.update(credentials).set({ accessStatus: 'DEACTIVATED', failedAttempts: 0, lockedUntil: null }).where(eq(credentials.personId, personId)));
    },

    /** Ends every open session of the person; answers how many. */
    async endAllSessions(personId: number, now: string, reason: 'ACCESS_DELETED' | 'PASSWORD_CHANGED'): Promise<number> {
      const rows = await writeTransaction(db, () =>
        db
          .update(sessions)
          .set({ endedAt: now, endReason: reason })
          .where(and(eq(sessions.personId, personId), isNull(sessions.endedAt)))
          .returning({ tokenHash: sessions.tokenHash }),
      );
      return rows.length;
    },
  };
}

export type ProfileStore = ReturnType<typeof createProfileStore>;
