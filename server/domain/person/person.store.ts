import { and, desc, eq, lte, sql } from 'drizzle-orm';
import type { Db } from '../../../db/client';
import { preparedRead } from '../../../db/prepared';
import { bankAccounts, persons, type BankAccountRow, type PersonRow } from '../../../db/schema';

/** Person queries; every one takes the person id from the caller's session. */
export function createPersonStore(db: Db) {
  const byId = preparedRead(() =>
    db
      .select()
      .from(persons)
      .where(eq(persons.id, sql.placeholder('id')))
      .limit(1)
      .prepare(),
  );
  const bankAccountOn = preparedRead(() =>
    db
      .select()
      .from(bankAccounts)
      .where(and(eq(bankAccounts.personId, sql.placeholder('personId')), lte(bankAccounts.validFrom, sql.placeholder('today'))))
      .orderBy(desc(bankAccounts.validFrom), desc(bankAccounts.id))
      .limit(1)
      .prepare(),
  );
  return {
    async findById(id: number): Promise<PersonRow | undefined> {
      return (await byId().execute({ id }))[0];
    },
    /** The bank account in force on `today`: the latest validFrom not after it, the newest entry on a tie. */
    async currentBankAccount(personId: number, today: string): Promise<BankAccountRow | undefined> {
      return (await bankAccountOn().execute({ personId, today }))[0];
    },
  };
}

export type PersonStore = ReturnType<typeof createPersonStore>;
