import { and, desc, eq, lte } from 'drizzle-orm';
import type { Db } from '../../../db/client';
import { bankAccounts, persons, type BankAccountRow, type PersonRow } from '../../../db/schema';

/** Person queries; every one takes the person id from the caller's session. */
export function createPersonStore(db: Db) {
  return {
    async findById(id: number): Promise<PersonRow | undefined> {
      return (await db.select().from(persons).where(eq(persons.id, id)).limit(1))[0];
    },
    /** The bank account in force on `today`: the latest validFrom not after it, the newest entry on a tie. */
    async currentBankAccount(personId: number, today: string): Promise<BankAccountRow | undefined> {
      const rows = await db
        .select()
        .from(bankAccounts)
        .where(and(eq(bankAccounts.personId, personId), lte(bankAccounts.validFrom, today)))
        .orderBy(desc(bankAccounts.validFrom), desc(bankAccounts.id))
        .limit(1);
      return rows[0];
    },
  };
}

export type PersonStore = ReturnType<typeof createPersonStore>;
