import { and, desc, eq, gt, inArray, isNull, ne, sql } from 'drizzle-orm';
import type { Db } from '../../../db/client';
import { credentials, passwordHistory, persons, personTokens, profileChanges, registrationCodes, sessions, type CredentialRow, type PersonRow } from '../../../db/schema';

/** How many earlier passwords a new one must differ from (the current one included); older history rows are pruned. */
export const PASSWORD_HISTORY_SIZE = 5;

/** A stored password change: new hash, history row, pruning, insecure flag and lock cleared. */
export interface PasswordWrite {
  personId: number;
  passwordHash: string;
  now: string;
}

/** Queries of registration, password lost/reset/change, code ordering and e-mail update (tables of db/schema/registration.ts). */
export function createRegistrationStore(db: Db) {
  function writePassword(tx: Pick<Db, 'insert' | 'update' | 'delete' | 'select'>, w: PasswordWrite): void {
    tx.update(credentials)
      .set({ passwordHash: w.passwordHash, passwordChangedAt: w.now, passwordInsecure: false, failedAttempts: 0, lockedUntil: null })
      .where(eq(credentials.personId, w.personId))
      .run();
    tx.insert(passwordHistory).values({ personId: w.personId, passwordHash: w.passwordHash, changedAt: w.now }).run();
    const keep = tx
      .select({ id: passwordHistory.id })
      .from(passwordHistory)
      .where(eq(passwordHistory.personId, w.personId))
      .orderBy(desc(passwordHistory.changedAt), desc(passwordHistory.id))
      .limit(PASSWORD_HISTORY_SIZE)
      .all()
      .map((r) => r.id);
    tx.delete(passwordHistory)
      .where(and(eq(passwordHistory.personId, w.personId), sql`${passwordHistory.id} NOT IN ${keep.length ? keep : [0]}`))
      .run();
  }

  return {
    inTransaction<T>(fn: () => T): T {
      return db.transaction(() => fn());
    },
    personBySvnr(svnr: string): PersonRow | undefined {
      return db.select().from(persons).where(eq(persons.svnr, svnr)).get();
    },
    person(personId: number): PersonRow | undefined {
      return db.select().from(persons).where(eq(persons.id, personId)).get();
    },
    credential(personId: number): CredentialRow | undefined {
      return db.select().from(credentials).where(eq(credentials.personId, personId)).get();
    },
    /** The person's codes whose hash is one of `hashes`, newest first. */
    codesByHash(personId: number, hashes: string[]) {
      return db
        .select()
        .from(registrationCodes)
        .where(and(eq(registrationCodes.personId, personId), inArray(registrationCodes.codeHash, hashes)))
        .orderBy(desc(registrationCodes.createdAt))
        .all();
    },
    /** The newest code the member ordered (origin ORDERED), or undefined. */
    lastOrderedCode(personId: number) {
      return db
        .select()
        .from(registrationCodes)
        .where(and(eq(registrationCodes.personId, personId), eq(registrationCodes.origin, 'ORDERED')))
        .orderBy(desc(registrationCodes.createdAt))
        .limit(1)
        .get();
    },
    insertCode(row: typeof registrationCodes.$inferInsert): number {
      return Number(db.insert(registrationCodes).values(row).run().lastInsertRowid);
    },
    setLetterFile(codeId: number, letterFile: string): void {
      db.update(registrationCodes).set({ letterFile }).where(eq(registrationCodes.id, codeId)).run();
    },
    /** True when another person than `exceptPersonId` has this (normalised) e-mail. */
    emailTaken(email: string, exceptPersonId: number): boolean {
      return db.select({ id: persons.id }).from(persons).where(and(eq(persons.email, email), ne(persons.id, exceptPersonId))).get() !== undefined;
    },
    /** The hashes a new password must differ from: the current one and the last ones in password_history. */
    recentPasswordHashes(personId: number): string[] {
      const current = db.select({ h: credentials.passwordHash }).from(credentials).where(eq(credentials.personId, personId)).get();
      const history = db
        .select({ h: passwordHistory.passwordHash })
        .from(passwordHistory)
        .where(eq(passwordHistory.personId, personId))
        .orderBy(desc(passwordHistory.changedAt), desc(passwordHistory.id))
        .limit(PASSWORD_HISTORY_SIZE)
        .all()
        .map((r) => r.h);
      return [...new Set([...(current ? [current.h] : []), ...history])];
    },
    /**
     * Stores a registration in one transaction: marks the code used (only if still unused: false when it was used
     * meanwhile, then nothing is written), creates or replaces the access as PENDING_ACTIVATION, sets the e-mail and
     * the terms acceptance, drops earlier unused activation links and stores the new one.
     */
    storeRegistration(r: { personId: number; codeId: number; email: string; passwordHash: string; tokenHash: string; expiresAt: string; now: string }): boolean {
      return db.transaction((tx) => {
        const used = tx
          .update(registrationCodes)
          .set({ usedAt: r.now })
          .where(and(eq(registrationCodes.id, r.codeId), isNull(registrationCodes.usedAt)))
          .run();
        if (used.changes !== 1) return false;
        tx.insert(credentials)
          .values({ personId: r.personId, passwordHash: r.passwordHash, passwordChangedAt: r.now, accessStatus: 'PENDING_ACTIVATION', createdAt: r.now })
          .onConflictDoUpdate({
            target: credentials.personId,
            set: { passwordHash: r.passwordHash, passwordChangedAt: r.now, accessStatus: 'PENDING_ACTIVATION', passwordInsecure: false, failedAttempts: 0, lockedUntil: null },
          })
          .run();
        tx.insert(passwordHistory).values({ personId: r.personId, passwordHash: r.passwordHash, changedAt: r.now }).run();
        tx.update(persons).set({ email: r.email, termsAcceptedAt: r.now, updatedAt: r.now }).where(eq(persons.id, r.personId)).run();
        tx.delete(personTokens)
          .where(and(eq(personTokens.personId, r.personId), eq(personTokens.purpose, 'ACTIVATION'), isNull(personTokens.usedAt)))
          .run();
        tx.insert(personTokens).values({ tokenHash: r.tokenHash, personId: r.personId, purpose: 'ACTIVATION', createdAt: r.now, expiresAt: r.expiresAt }).run();
        return true;
      });
    },
    /** Undoes `storeRegistration` after the activation mail could not be sent: back to the state `before`. */
    undoRegistration(r: { personId: number; codeId: number; tokenHash: string; before: { credential: CredentialRow | undefined; email: string | null; termsAcceptedAt: string | null; updatedAt: string } }): void {
      db.transaction((tx) => {
        tx.update(registrationCodes).set({ usedAt: null }).where(eq(registrationCodes.id, r.codeId)).run();
        tx.delete(personTokens).where(eq(personTokens.tokenHash, r.tokenHash)).run();
        const lastHistory = tx.select({ id: passwordHistory.id }).from(passwordHistory).where(eq(passwordHistory.personId, r.personId)).orderBy(desc(passwordHistory.id)).limit(1).get();
        if (lastHistory) tx.delete(passwordHistory).where(eq(passwordHistory.id, lastHistory.id)).run();
        if (r.before.credential) tx.update(credentials).set(r.before.credential).where(eq(credentials.personId, r.personId)).run();
        else tx.delete(credentials).where(eq(credentials.personId, r.personId)).run();
        tx.update(persons).set({ email: r.before.email, termsAcceptedAt: r.before.termsAcceptedAt, updatedAt: r.before.updatedAt }).where(eq(persons.id, r.personId)).run();
      });
    },
    findToken(tokenHash: string, purpose: 'ACTIVATION' | 'PASSWORD_RESET' | 'EMAIL_CHANGE') {
      return db
        .select()
        .from(personTokens)
        .where(and(eq(personTokens.tokenHash, tokenHash), eq(personTokens.purpose, purpose)))
        .get();
    },
    /** True when the person got a reset link after `since` that is still unused and unexpired. */
    hasRecentResetToken(personId: number, since: string, now: string): boolean {
      return (
        db
          .select({ h: personTokens.tokenHash })
          .from(personTokens)
          .where(
            and(
              eq(personTokens.personId, personId),
              eq(personTokens.purpose, 'PASSWORD_RESET'),
              isNull(personTokens.usedAt),
              gt(personTokens.createdAt, since),
              gt(personTokens.expiresAt, now),
            ),
          )
          .get() !== undefined
      );
    },
    /** Stores a new reset link; earlier unused reset links of the person are marked used (only the newest works). */
    storeResetToken(r: { personId: number; tokenHash: string; now: string; expiresAt: string }): void {
      db.transaction((tx) => {
        tx.update(personTokens)
          .set({ usedAt: r.now })
          .where(and(eq(personTokens.personId, r.personId), eq(personTokens.purpose, 'PASSWORD_RESET'), isNull(personTokens.usedAt)))
          .run();
        tx.insert(personTokens).values({ tokenHash: r.tokenHash, personId: r.personId, purpose: 'PASSWORD_RESET', createdAt: r.now, expiresAt: r.expiresAt }).run();
      });
    },
    /** Removes a reset link whose mail could not be sent. */
    deleteToken(tokenHash: string): void {
      db.delete(personTokens).where(eq(personTokens.tokenHash, tokenHash)).run();
    },
    /**
     * Uses a reset link and stores the new password in one transaction; ends every session of the person
     * (PASSWORD_CHANGED). False when the link was used meanwhile (nothing written).
     */
    consumeResetToken(tokenHash: string, w: PasswordWrite): boolean {
      return db.transaction((tx) => {
        const used = tx
          .update(personTokens)
          .set({ usedAt: w.now })
          .where(and(eq(personTokens.tokenHash, tokenHash), isNull(personTokens.usedAt)))
          .run();
        if (used.changes !== 1) return false;
        writePassword(tx, w);
        tx.update(sessions)
          .set({ endedAt: w.now, endReason: 'PASSWORD_CHANGED' })
          .where(and(eq(sessions.personId, w.personId), isNull(sessions.endedAt)))
          .run();
        return true;
      });
    },
    /** Stores a new password and ends every other open session of the person (PASSWORD_CHANGED); returns how many. */
    changePassword(w: PasswordWrite, keepSessionHash: string | null): number {
      return db.transaction((tx) => {
        writePassword(tx, w);
        const ended = tx
          .update(sessions)
          .set({ endedAt: w.now, endReason: 'PASSWORD_CHANGED' })
          .where(and(eq(sessions.personId, w.personId), isNull(sessions.endedAt), keepSessionHash ? ne(sessions.tokenHash, keepSessionHash) : undefined))
          .run();
        return ended.changes;
      });
    },
    /** A row of the profile change log (never passwords: `oldValue`/`newValue` stay null for area PASSWORD). */
    recordProfileChange(row: typeof profileChanges.$inferInsert): void {
      db.insert(profileChanges).values(row).run();
    },
    /** Sets the login e-mail and clears the pending e-mail confirmation. */
    updateEmail(personId: number, email: string, now: string): void {
      db.update(persons).set({ email, emailUpdatePending: null, updatedAt: now }).where(eq(persons.id, personId)).run();
    },
  };
}

export type RegistrationStore = ReturnType<typeof createRegistrationStore>;
