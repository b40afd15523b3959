import { and, count, desc, eq, inArray, isNull, lte, sql } from 'drizzle-orm';
import type { Db } from '../../../db/client';
import { bankAccounts, messages, persons, type BankAccountRow, type PersonRow } from '../../../db/schema';

/** Person queries; every one takes the person id from the caller's session. */
export function createPersonStore(db: Db) {
  const byId = db.select().from(persons).where(eq(persons.id, sql.placeholder('id'))).prepare();
  const unreadOne = db
    .select({ n: count() })
    .from(messages)
    .where(and(eq(messages.personId, sql.placeholder('personId')), eq(messages.direction, 'INBOUND'), isNull(messages.readAt)))
    .prepare();

  const currentBank = db
    .select()
    .from(bankAccounts)
    .where(and(eq(bankAccounts.personId, sql.placeholder('personId')), lte(bankAccounts.validFrom, sql.placeholder('today'))))
    .orderBy(desc(bankAccounts.validFrom), desc(bankAccounts.id))
    .limit(1)
    .prepare();

  return {
    findById(id: number): PersonRow | undefined {
      return byId.get({ id });
    },
    /** The bank account in force on `today`: the latest validFrom not after it, the newest entry on a tie. */
    currentBankAccount(personId: number, today: string): BankAccountRow | undefined {
      return currentBank.get({ personId, today });
    },
    /** Unread inbound messages per person id, in the order of `personIds`. */
    unreadCounts(personIds: readonly number[]): number[] {
      if (personIds.length === 1) return [unreadOne.get({ personId: personIds[0]! })?.n ?? 0];
      const rows = db
        .select({ personId: messages.personId, n: count() })
        .from(messages)
        .where(and(inArray(messages.personId, [...personIds]), eq(messages.direction, 'INBOUND'), isNull(messages.readAt)))
        .groupBy(messages.personId)
        .all();
      const byPerson = new Map(rows.map((r) => [r.personId, r.n]));
      return personIds.map((id) => byPerson.get(id) ?? 0);
    },
  };
}

export type PersonStore = ReturnType<typeof createPersonStore>;
