import { and, desc, eq, gt, inArray, isNull, ne, notInArray } from 'drizzle-orm';
import { writeTransaction, type Db } from '../../../db/client';
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
  /** Call inside a write transaction. */
  async function writePassword(w: PasswordWrite): Promise<void> {
    await db
      .update(credentials)
      .set({ passwordHash: w.passwordHash, passwordChangedAt: w.now, passwordInsecure: false, failedAttempts: 0, lockedUntil: null })
      .where(eq(credentials.personId, w.personId));
    await db.insert(passwordHistory).values({ personId: w.personId, passwordHash: w.passwordHash, changedAt: w.now });
    const keep = (
      await db
        .select({ id: passwordHistory.id })
        .from(passwordHistory)
        .where(eq(passwordHistory.personId, w.personId))
        .orderBy(desc(passwordHistory.changedAt), desc(passwordHistory.id))
        .limit(PASSWORD_HISTORY_SIZE)
    ).map((r) => r.id);
    await db.delete(passwordHistory).where(and(eq(passwordHistory.personId, w.personId), keep.length ? notInArray(passwordHistory.id, keep) : undefined));
  }

  async function first<T>(rows: Promise<T[]>): Promise<T | undefined> {
    return (await rows)[0];
  }

  return {
    /** Runs `fn` in one write transaction; nested calls join the outer one. */
    inTransaction<T>(fn: () => Promise<T>): Promise<T> {
      return writeTransaction(db, fn);
    },
    personBySvnr(svnr: string): Promise<PersonRow | undefined> {
      return first(db.select().from(persons).where(eq(persons.svnr, svnr)).limit(1));
    },
    person(personId: number): Promise<PersonRow | undefined> {
      return first(db.select().from(persons).where(eq(persons.id, personId)).limit(1));
    },
    credential(personId: number): Promise<CredentialRow | undefined> {
      return first(db.select().from(credentials).where(eq(credentials.personId, personId)).limit(1));
    },
    /** The person's codes whose hash is one of `hashes`, newest first. */
    async codesByHash(personId: number, hashes: string[]) {
      return db
        .select()
        .from(registrationCodes)
        .where(and(eq(registrationCodes.personId, personId), inArray(registrationCodes.codeHash, hashes)))
        .orderBy(desc(registrationCodes.createdAt));
    },
    /** The newest code the member ordered (origin ORDERED), or undefined. */
    async lastOrderedCode(personId: number) {
      return first(
        db
          .select()
          .from(registrationCodes)
          .where(and(eq(registrationCodes.personId, personId), eq(registrationCodes.origin, 'ORDERED')))
          .orderBy(desc(registrationCodes.createdAt))
          .limit(1),
      );
    },
    async insertCode(row: typeof registrationCodes.$inferInsert): Promise<number> {
      const rows = await writeTransaction(db, () => db.insert(registrationCodes).values(row).returning({ id: registrationCodes.id }));
      return rows[0]!.id;
    },
    async setLetterFile(codeId: number, letterFile: string): Promise<void> {
      await writeTransaction(db, () => db.update(registrationCodes).set({ letterFile }).where(eq(registrationCodes.id, codeId)));
    },
    /** True when another person than `exceptPersonId` has this (normalised) e-mail. */
    async emailTaken(email: string, exceptPersonId: number): Promise<boolean> {
      return (
        (await first(
          db
            .select({ id: persons.id })
            .from(persons)
            .where(and(eq(persons.email, email), ne(persons.id, exceptPersonId)))
            .limit(1),
        )) !== undefined
      );
    },
    /** The hashes a new password must differ from: the current one and the last ones in password_history. */
    async recentPasswordHashes(personId: number): Promise<string[]> {
      const current = await first(db.select({ h: credentials.passwordHash }).from(credentials).where(eq(credentials.personId, personId)).limit(1));
      const history = (
        await db
          .select({ h: passwordHistory.passwordHash })
          .from(passwordHistory)
          .where(eq(passwordHistory.personId, personId))
          .orderBy(desc(passwordHistory.changedAt), desc(passwordHistory.id))
          .limit(PASSWORD_HISTORY_SIZE)
      ).map((r) => r.h);
      return [...new Set([...(current ? [current.h] : []), ...history])];
    },
    /**
     * Stores a registration in one transaction: marks the code used (only if still unused: false when it was used
     * meanwhile, then nothing is written), creates or replaces the access as PENDING_ACTIVATION, sets the e-mail and
     * the terms acceptance, drops earlier unused activation links and stores the new one.
     */
    storeRegistration(r: { personId: number; codeId: number; email: string; passwordHash: string; tokenHash: string; expiresAt: string; now: string }): Promise<boolean> {
      return writeTransaction(db, async () => {
        const used = await db
          .update(registrationCodes)
          .set({ usedAt: r.now })
          .where(and(eq(registrationCodes.id, r.codeId), isNull(registrationCodes.usedAt)))
          .returning({ id: registrationCodes.id });
        if (used.length !== 1) return false;
        await db
          .insert(credentials)
          .values({ personId: r.personId, passwordHash: r.passwordHash, passwordChangedAt: r.now, accessStatus: 'PENDING_ACTIVATION', createdAt: r.now })
          .onConflictDoUpdate({
            target: credentials.personId,
            set: { passwordHash: r.passwordHash, passwordChangedAt: r.now, accessStatus: 'PENDING_ACTIVATION', passwordInsecure: false, failedAttempts: 0, lockedUntil: null },
          });
        await db.insert(passwordHistory).values({ personId: r.personId, passwordHash: r.passwordHash, changedAt: r.now });
        await db.update(persons).set({ email: r.email, termsAcceptedAt: r.now, updatedAt: r.now }).where(eq(persons.id, r.personId));
        await db.delete(personTokens).where(and(eq(personTokens.personId, r.personId), eq(personTokens.purpose, 'ACTIVATION'), isNull(personTokens.usedAt)));
        await db.insert(personTokens).values({ tokenHash: r.tokenHash, personId: r.personId, purpose: 'ACTIVATION', createdAt: r.now, expiresAt: r.expiresAt });
        return true;
      });
    },
    async findToken(tokenHash: string, purpose: 'ACTIVATION' | 'PASSWORD_RESET' | 'EMAIL_CHANGE') {
      return first(
        db
          .select()
          .from(personTokens)
          .where(and(eq(personTokens.tokenHash, tokenHash), eq(personTokens.purpose, purpose)))
          .limit(1),
      );
    },
    /** True when the person got a reset link after `since` that is still unused and unexpired. */
    async hasRecentResetToken(personId: number, since: string, now: string): Promise<boolean> {
      const row = await first(
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
          .limit(1),
      );
      return row !== undefined;
    },
    /** Stores a new reset link; earlier unused reset links of the person are marked used (only the newest works). */
    async storeResetToken(r: { personId: number; tokenHash: string; now: string; expiresAt: string }): Promise<void> {
      await writeTransaction(db, async () => {
        await db
          .update(personTokens)
          .set({ usedAt: r.now })
          .where(and(eq(personTokens.personId, r.personId), eq(personTokens.purpose, 'PASSWORD_RESET'), isNull(personTokens.usedAt)));
        await db.insert(personTokens).values({ tokenHash: r.tokenHash, personId: r.personId, purpose: 'PASSWORD_RESET', createdAt: r.now, expiresAt: r.expiresAt });
      });
    },
    /**
     * Uses a reset link and stores the new password in one transaction; ends every session of the person
     * (PASSWORD_CHANGED). False when the link was used meanwhile (nothing written).
     */
    consumeResetToken(tokenHash: string, w: PasswordWrite): Promise<boolean> {
      return writeTransaction(db, async () => {
        const used = await db
          .update(personTokens)
          .set({ usedAt: w.now })
          .where(and(eq(personTokens.tokenHash, tokenHash), isNull(personTokens.usedAt)))
          .returning({ tokenHash: personTokens.tokenHash });
        if (used.length !== 1) return false;
        await writePassword(w);
        await db
          .update(sessions)
          .set({ endedAt: w.now, endReason: 'PASSWORD_CHANGED' })
          .where(and(eq(sessions.personId, w.personId), isNull(sessions.endedAt)));
        return true;
      });
    },
    /** Stores a new password and ends every other open session of the person (PASSWORD_CHANGED); returns how many. */
    changePassword(w: PasswordWrite, keepSessionHash: string | null): Promise<number> {
      return writeTransaction(db, async () => {
        await writePassword(w);
        const ended = await db
          .update(sessions)
          .set({ endedAt: w.now, endReason: 'PASSWORD_CHANGED' })
          .where(and(eq(sessions.personId, w.personId), isNull(sessions.endedAt), keepSessionHash ? ne(sessions.tokenHash, keepSessionHash) : undefined))
          .returning({ tokenHash: sessions.tokenHash });
        return ended.length;
      });
    },
    /** A row of the profile change log (never passwords: `oldValue`/`newValue` stay null for area PASSWORD). */
    async recordProfileChange(row: typeof profileChanges.$inferInsert): Promise<void> {
      await writeTransaction(db, () => db.insert(profileChanges).values(row));
    },
    /** Sets the login e-mail and clears the pending e-mail confirmation. */
    async updateEmail(personId: number, email: string, now: string): Promise<void> {
      await writeTransaction(db, () => db.update(persons).set({ email, emailUpdatePending: null, updatedAt: now }).where(eq(persons.id, personId)));
    },
  };
}

export type RegistrationStore = ReturnType<typeof createRegistrationStore>;
