import { and, eq, gt, inArray, isNull, lt, lte, ne, or, sql, type SQL } from 'drizzle-orm';
import { writeTransaction, type Db } from '../../../db/client';
import { preparedRead } from '../../../db/prepared';
import { credentials, loginAttempts, persons, pkContracts, severanceClaims, sessions, vkAccounts, vkStatements } from '../../../db/schema';
import type { SeveranceAccessFacts } from './session.rules';
import { createLoginThrottleStore } from './login-throttle.store';

/**
 * Queries of the auth area. The only place that knows how credentials, sessions and login attempts are stored.
 */
export function createSessionStore(db: Db) {
  const subjectColumns = {
    personId: persons.id,
    email: persons.email,
    membershipStatus: persons.membershipStatus,
    passwordHash: credentials.passwordHash,
    accessStatus: credentials.accessStatus,
    lockedUntil: credentials.lockedUntil,
  };
  const subjectWhere = async (where: SQL) => (await db.select(subjectColumns).from(persons).leftJoin(credentials, eq(credentials.personId, persons.id)).where(where).limit(1))[0];
  const write = <T>(fn: () => Promise<T>) => writeTransaction(db, fn);
  const sessionByHash = preparedRead('session_by_hash', () =>
    db
      .select()
      .from(sessions)
      .where(eq(sessions.tokenHash, sql.placeholder('tokenHash'))),
  );

  return {
    /** The per-IP login throttle's queries (login-throttle.store.ts). */
    ...createLoginThrottleStore(db),

    /** Runs `fn` in one write transaction; nested calls join the outer one. */
    inTransaction<T>(fn: () => Promise<T>): Promise<T> {
      return writeTransaction(db, fn);
    },

    /** Person, membership and credential state for a normalised e-mail; undefined when unknown. */
    findLoginSubject(email: string) {
      return subjectWhere(eq(persons.email, email));
    },

    /**
     * Person, membership and credential state for the sector-specific person identifier (bPK) an electronic-ID
     * login delivered (persons.eid_bpk, unique); undefined when no person is linked to it.
     */
    findLoginSubjectByBpk(bpk: string) {
      return subjectWhere(eq(persons.eidBpk, bpk));
    },

    /** Person, membership and credential state of a person id (a passkey login names the person); undefined when unknown. */
    findLoginSubjectById(personId: number) {
      return subjectWhere(eq(persons.id, personId));
    },

    /** Which funds the person has contracts with. */
    /**
     * The facts of the 10-years-after-payout rule (`severanceAccessEnded`): Pensionskasse contract, Vorsorgekasse
     * accounts and how many are not closed, and the last payout or transfer out: the definite date of a completed
     * claim (POST_TRANSFER, not KEEP) or the Stichtag of the latest statement with a payout.
     */
    async severanceAccessFacts(personId: number): Promise<SeveranceAccessFacts> {
      const [pk, accounts] = await Promise.all([
        db.select({ id: pkContracts.id }).from(pkContracts).where(eq(pkContracts.personId, personId)).limit(1),
        db.select({ id: vkAccounts.id, status: vkAccounts.status }).from(vkAccounts).where(eq(vkAccounts.personId, personId)),
      ]);
      const ids = accounts.map((a) => a.id);
      const [claims, statements] = ids.length
        ? await Promise.all([
            db
              .select({ date: severanceClaims.definiteDate })
              .from(severanceClaims)
              .where(and(eq(severanceClaims.personId, personId), eq(severanceClaims.status, 'POST_TRANSFER'), ne(severanceClaims.option, 'KEEP'))),
            db
              .select({ date: vkStatements.stichtag })
              .from(vkStatements)
              .where(and(inArray(vkStatements.accountId, ids), gt(vkStatements.payoutCents, 0))),
          ])
        : [[], []];
      const dates = [...claims, ...statements].map((r) => r.date?.slice(0, 10)).filter((d): d is string => Boolean(d));
      return {
        pensionFund: pk.length > 0,
        accounts: accounts.length,
        openAccounts: accounts.filter((a) => a.status !== 'CLOSED').length,
        lastPayout: dates.length ? dates.reduce((a, b) => (a > b ? a : b)) : null,
      };
    },

    async funds(personId: number): Promise<{ pensionFund: boolean; severanceFund: boolean }> {
      const [pk, vk] = await Promise.all([
        db.select({ id: pkContracts.id }).from(pkContracts).where(eq(pkContracts.personId, personId)).limit(1),
        db.select({ id: vkAccounts.id }).from(vkAccounts).where(eq(vkAccounts.personId, personId)).limit(1),
      ]);
      return { pensionFund: pk.length > 0, severanceFund: vk.length > 0 };
    },

    /**
     * Reserves one password guess atomically, before the (slow) hash check runs: the counter is raised only while
     * the access is not locked and fewer than `threshold` guesses are counted. An expired lock starts a new count.
     * One statement in a serialisable write transaction, so concurrent requests (of any process) cannot count the
     * same slot twice.
     * @returns the number of consecutive guesses including this one, or null when the access is locked (no guess
     * may be evaluated).
     */
    async reserveGuess(personId: number, now: string, threshold: number): Promise<number | null> {
      const expired = sql`(${credentials.lockedUntil} IS NOT NULL AND ${credentials.lockedUntil} <= ${now})`;
      const rows = await write(() =>
        db
          .update(credentials)
          .set({
            failedAttempts: sql`CASE WHEN ${expired} THEN 1 ELSE ${credentials.failedAttempts} + 1 END`,
            lockedUntil: sql`CASE WHEN ${expired} THEN NULL ELSE ${credentials.lockedUntil} END`,
          })
          .where(and(eq(credentials.personId, personId), or(and(isNull(credentials.lockedUntil), lt(credentials.failedAttempts, threshold)), lte(credentials.lockedUntil, now))))
          .returning({ failedAttempts: credentials.failedAttempts }),
      );
      return rows[0]?.failedAttempts ?? null;
    },

    /** The person's password hash (PHC string); undefined without credentials (step-up, server/modules/session/step-up.ts). */
    async passwordHashOf(personId: number): Promise<string | undefined> {
      return (await db.select({ hash: credentials.passwordHash }).from(credentials).where(eq(credentials.personId, personId)).limit(1))[0]?.hash;
    },

    /** A correct password outside a login (step-up): the consecutive-failure counter starts again. */
    async resetGuesses(personId: number): Promise<void> {
      await write(() => db.update(credentials).set({ failedAttempts: 0 }).where(eq(credentials.personId, personId)));
    },

    /** Locks the access until `until` (ISO instant). */
    async lock(personId: number, until: string): Promise<void> {
      await write(() => db.update(credentials).set({ lockedUntil: until }).where(eq(credentials.personId, personId)));
    },

    /** A correct password: resets the counter and any lock, and records the login time. */
    async recordSuccess(personId: number, now: string): Promise<void> {
      await write(() => db.update(credentials).set({ failedAttempts: 0, lockedUntil: null, lastLoginAt: now }).where(eq(credentials.personId, personId)));
    },

    async recordAttempt(attempt: typeof loginAttempts.$inferInsert): Promise<void> {
      await write(() => db.insert(loginAttempts).values(attempt));
    },

    async createSession(row: typeof sessions.$inferInsert): Promise<void> {
      await write(() => db.insert(sessions).values(row));
    },

    /** The session row of a token hash (every request's session check: a prepared statement). */
    async findSession(tokenHash: string) {
      return (await sessionByHash().execute({ tokenHash }))[0];
    },

    /** Marks an active session as ended; no effect on an already ended one. @returns true when this call ended it. */
    async endSession(tokenHash: string, at: string, reason: NonNullable<typeof sessions.$inferSelect.endReason>): Promise<boolean> {
      const rows = await write(() =>
        db
          .update(sessions)
          .set({ endedAt: at, endReason: reason })
          .where(and(eq(sessions.tokenHash, tokenHash), isNull(sessions.endedAt)))
          .returning({ tokenHash: sessions.tokenHash }),
      );
      return rows.length === 1;
    },

    async touchSession(tokenHash: string, at: string): Promise<void> {
      await write(() => db.update(sessions).set({ lastSeenAt: at }).where(eq(sessions.tokenHash, tokenHash)));
    },
  };
}

export type SessionStore = ReturnType<typeof createSessionStore>;
