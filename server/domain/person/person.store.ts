import { and, desc, eq, lte } from 'drizzle-orm';
import type { Db } from '../../../db/client';
import { bankAccounts, persons, type BankAccountRow, type PersonRow } from '../../../db/schema';

/**
 * The bank account of a person in force on `today` (ISO date): the latest validFrom not after it, the newest entry on a
 * tie; undefined before the first one. Read by the person and the profile stores.
 */
export async function currentBankAccountOf(db: Db, personId: number, today: string): Promise<BankAccountRow | undefined> {
  const rows = await db
    .select()
    .from(bankAccounts)
    .where(and(eq(bankAccounts.personId, personId), lte(bankAccounts.validFrom, today)))
    .orderBy(desc(bankAccounts.validFrom), desc(bankAccounts.id))
    .limit(1);
  return rows[0];
}

/** Person queries; every one takes the person id from the caller's session. */
export function createPersonStore(db: Db) {
  return {
    async findById(id: number): Promise<PersonRow | undefined> {
      return (await db.select().from(persons).where(eq(persons.id, id)).limit(1))[0];
    },
    /** The bank account in force on `today` (`currentBankAccountOf`). */
    currentBankAccount: (personId: number, today: string) => currentBankAccountOf(db, personId, today),
  };
}

export type PersonStore = ReturnType<typeof createPersonStore>;
