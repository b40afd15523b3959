import { and, asc, eq, lt } from 'drizzle-orm';
import { writeTransaction, type Db } from '../../../db/client';
import { passkeyChallenges, passkeys, type PasskeyChallengeRow, type PasskeyRow } from '../../../db/schema';

/**
 * Queries of the passkeys (docs/decisions/0047-passkeys.md): the only place that knows how passkeys and their open
 * ceremonies' challenges are stored. Every query of a member's passkeys is scoped to the person id it is given.
 */
export function createPasskeyStore(db: Db) {
  const write = <T>(fn: () => Promise<T>) => writeTransaction(db, fn);
  return {
    /** Runs `fn` in one write transaction; nested calls join the outer one. */
    inTransaction<T>(fn: () => Promise<T>): Promise<T> {
      return writeTransaction(db, fn);
    },

    /** The person's passkeys, oldest first. */
    listOf(personId: number): Promise<PasskeyRow[]> {
      return db.select().from(passkeys).where(eq(passkeys.personId, personId)).orderBy(asc(passkeys.createdAt), asc(passkeys.id));
    },

    /** The passkey `id` of person `personId`; undefined when it does not exist or belongs to someone else. */
    async ownedBy(personId: number, id: number): Promise<PasskeyRow | undefined> {
      return (
        await db
          .select()
          .from(passkeys)
          .where(and(eq(passkeys.id, id), eq(passkeys.personId, personId)))
          .limit(1)
      )[0];
    },

    /** The passkey with credential id `credentialId` registered for relying party `rpId`; undefined when none. */
    async byCredentialId(credentialId: string, rpId: string): Promise<PasskeyRow | undefined> {
      return (
        await db
          .select()
          .from(passkeys)
          .where(and(eq(passkeys.credentialId, credentialId), eq(passkeys.rpId, rpId)))
          .limit(1)
      )[0];
    },

    /** Whether any person holds a passkey with this credential id (unique over all members). */
    async credentialTaken(credentialId: string): Promise<boolean> {
      return (await db.select({ id: passkeys.id }).from(passkeys).where(eq(passkeys.credentialId, credentialId)).limit(1)).length > 0;
    },

    /** Stores a new passkey. @returns its row. */
    async insert(row: typeof passkeys.$inferInsert): Promise<PasskeyRow> {
      return (await write(() => db.insert(passkeys).values(row).returning()))[0]!;
    },

    /** Renames passkey `id` of person `personId`. @returns the changed row, undefined when not the person's. */
    async rename(personId: number, id: number, name: string): Promise<PasskeyRow | undefined> {
      return (
        await write(() =>
          db
            .update(passkeys)
            .set({ name })
            .where(and(eq(passkeys.id, id), eq(passkeys.personId, personId)))
            .returning(),
        )
      )[0];
    },

    /** Deletes passkey `id` of person `personId`. @returns true when it was the person's and is gone now. */
    async remove(personId: number, id: number): Promise<boolean> {
      const rows = await write(() =>
        db
          .delete(passkeys)
          .where(and(eq(passkeys.id, id), eq(passkeys.personId, personId)))
          .returning({ id: passkeys.id }),
      );
      return rows.length === 1;
    },

    /**
     * Records a login with passkey `id`: the authenticator's new signature counter and the time, only while the
     * stored counter is still `previous` (two logins racing with the same counter: the second changes nothing).
     * @returns true when this call recorded it.
     */
    async recordUse(id: number, previous: number, counter: number, at: string): Promise<boolean> {
      const rows = await write(() =>
        db
          .update(passkeys)
          .set({ counter, lastUsedAt: at })
          .where(and(eq(passkeys.id, id), eq(passkeys.counter, previous)))
          .returning({ id: passkeys.id }),
      );
      return rows.length === 1;
    },

    /** Stores the challenge of a started ceremony, after deleting the challenges that expired before `now`. */
    async openCeremony(row: typeof passkeyChallenges.$inferInsert, now: string): Promise<void> {
      await write(async () => {
        await db.delete(passkeyChallenges).where(lt(passkeyChallenges.expiresAt, now));
        await db.insert(passkeyChallenges).values(row);
      });
    },

    /**
     * Takes the challenge `challenge` of a ceremony of `purpose`: deletes it and answers its row, in one statement, so
     * that of two answers naming the same challenge (in any process) only one gets it. Expiry and binding are the
     * caller's checks. @returns undefined when no such challenge is open (unknown, used or of the other purpose).
     */
    async takeCeremony(challenge: string, purpose: PasskeyChallengeRow['purpose']): Promise<PasskeyChallengeRow | undefined> {
      return (
        await write(() =>
          db
            .delete(passkeyChallenges)
            .where(and(eq(passkeyChallenges.challenge, challenge), eq(passkeyChallenges.purpose, purpose)))
            .returning(),
        )
      )[0];
    },
  };
}

export type PasskeyStore = ReturnType<typeof createPasskeyStore>;
