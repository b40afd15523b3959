import { and, eq, isNull, sql } from 'drizzle-orm';
import { writeTransaction, type Db } from '../../../db/client';
import { credentials, loginAttempts, persons, pkContracts, sessions, vkAccounts } from '../../../db/schema';
import { createLoginThrottleStore } from './login-throttle.store';

/**
 * Queries of the auth area. The only place that knows how credentials, sessions and login attempts are stored.
 */
export function createAuthStore(db: Db) {
  const subjectColumns = {
    personId: persons.id,
    email: persons.email,
    membershipStatus: persons.membershipStatus,
    passwordHash: credentials.passwordHash,
    accessStatus: credentials.accessStatus,
    lockedUntil: credentials.lockedUntil,
  };
  const personByEmail = db
    .select(subjectColumns)
    .from(persons)
    .leftJoin(credentials, eq(credentials.personId, persons.id))
    .where(eq(persons.email, sql.placeholder('email')))
    .prepare();
  const personByBpk = db
    .select(subjectColumns)
    .from(persons)
    .leftJoin(credentials, eq(credentials.personId, persons.id))
    .where(eq(persons.eidBpk, sql.placeholder('bpk')))
    .prepare();

  const sessionByHash = db.select().from(sessions).where(eq(sessions.tokenHash, sql.placeholder('tokenHash'))).prepare();

  const hasPk = db
    .select({ id: pkContracts.id })
    .from(pkContracts)
    .where(eq(pkContracts.personId, sql.placeholder('personId')))
    .limit(1)
    .prepare();
  const hasVk = db
    .select({ id: vkAccounts.id })
    .from(vkAccounts)
    .where(eq(vkAccounts.personId, sql.placeholder('personId')))
    .limit(1)
    .prepare();

  /*
   * Reserves one password guess atomically, before the (slow) hash check runs: the counter is raised only while
   * the access is not locked and fewer than `threshold` guesses are counted. An expired lock starts a new count.
   * SQLite runs the statement under its write lock, so concurrent requests cannot count the same slot twice.
   */
  const reserveGuess = db.$client.prepare<{ personId: number; now: string; threshold: number }, { failed_attempts: number }>(`
    UPDATE credentials
       SET failed_attempts = CASE WHEN locked_until IS NOT NULL AND locked_until <= @now THEN 1 ELSE failed_attempts + 1 END,
           locked_until    = CASE WHEN locked_until IS NOT NULL AND locked_until <= @now THEN NULL ELSE locked_until END
     WHERE person_id = @personId
       AND ((locked_until IS NULL AND failed_attempts < @threshold) OR locked_until <= @now)
    RETURNING failed_attempts`);

  return {
    /** The per-IP login throttle's queries (login-throttle.store.ts). */
    ...createLoginThrottleStore(db),

    /** Runs `fn` in one write transaction (BEGIN IMMEDIATE); nested calls join the outer one. */
    inTransaction<T>(fn: () => T): T {
      return db.$client.inTransaction ? fn() : writeTransaction(db, fn);
    },

    /** Person, membership and credential state for a normalised e-mail; undefined when unknown. */
    findLoginSubject(email: string) {
      return personByEmail.get({ email });
    },

    /**
     * Person, membership and credential state for the sector-specific person identifier (bPK) an electronic-ID
     * login delivered (persons.eid_bpk, unique); undefined when no person is linked to it.
     */
    findLoginSubjectByBpk(bpk: string) {
      return personByBpk.get({ bpk });
    },

    /** Which funds the person has contracts with. */
    funds(personId: number): { pensionFund: boolean; severanceFund: boolean } {
      return { pensionFund: hasPk.get({ personId }) !== undefined, severanceFund: hasVk.get({ personId }) !== undefined };
    },

    /**
     * Counts one guess. @returns the number of consecutive guesses including this one, or null when the access is
     * locked (no guess may be evaluated).
     */
    reserveGuess(personId: number, now: string, threshold: number): number | null {
      const row = reserveGuess.get({ personId, now, threshold });
      return row ? row.failed_attempts : null;
    },

    /** The person's password hash (PHC string); undefined without credentials (step-up, server/domain/auth/step-up.ts). */
    passwordHashOf(personId: number): string | undefined {
      return db.select({ hash: credentials.passwordHash }).from(credentials).where(eq(credentials.personId, personId)).get()?.hash;
    },

    /** A correct password outside a login (step-up): the consecutive-failure counter starts again. */
    resetGuesses(personId: number): void {
      db.update(credentials).set({ failedAttempts: 0 }).where(eq(credentials.personId, personId)).run();
    },

    /** Locks the access until `until` (ISO instant). */
    lock(personId: number, until: string): void {
      db.update(credentials).set({ lockedUntil: until }).where(eq(credentials.personId, personId)).run();
    },

    /** A correct password: resets the counter and any lock, and records the login time. */
    recordSuccess(personId: number, now: string): void {
      db.update(credentials).set({ failedAttempts: 0, lockedUntil: null, lastLoginAt: now }).where(eq(credentials.personId, personId)).run();
    },

    recordAttempt(attempt: typeof loginAttempts.$inferInsert): void {
      db.insert(loginAttempts).values(attempt).run();
    },

    createSession(row: typeof sessions.$inferInsert): void {
      db.insert(sessions).values(row).run();
    },

    findSession(tokenHash: string) {
      return sessionByHash.get({ tokenHash });
    },

    /** Marks an active session as ended; no effect on an already ended one. @returns true when this call ended it. */
    endSession(tokenHash: string, at: string, reason: NonNullable<typeof sessions.$inferSelect.endReason>): boolean {
      const result = db
        .update(sessions)
        .set({ endedAt: at, endReason: reason })
        .where(and(eq(sessions.tokenHash, tokenHash), isNull(sessions.endedAt)))
        .run();
      return result.changes === 1;
    },


    touchSession(tokenHash: string, at: string): void {
      db.update(sessions).set({ lastSeenAt: at }).where(eq(sessions.tokenHash, tokenHash)).run();
    },
  };
}

export type AuthStore = ReturnType<typeof createAuthStore>;
