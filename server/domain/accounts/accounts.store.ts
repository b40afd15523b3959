import { asc, inArray } from 'drizzle-orm';
import type { Db } from '../../../db/client';
import {
  employers,
  pkContracts,
  pkStatements,
  vkAccounts,
  vkStatements,
  vrgs,
  type EmployerRow,
  type PkContractRow,
  type PkStatementRow,
  type VkAccountRow,
  type VkStatementRow,
  type VrgRow,
} from '../../../db/schema';

/** Groups rows by a key, in the order of `keys` (DataLoader's contract). */
function groupBy<K, R>(keys: readonly K[], rows: R[], keyOf: (row: R) => K): R[][] {
  const map = new Map<K, R[]>();
  for (const row of rows) {
    const k = keyOf(row);
    const list = map.get(k);
    if (list) list.push(row);
    else map.set(k, [row]);
  }
  return keys.map((k) => map.get(k) ?? []);
}

/** Rows by a unique key, in the order of `keys`; undefined for a key without a row. */
function byKey<K, R>(keys: readonly K[], rows: R[], keyOf: (row: R) => K): (R | undefined)[] {
  const map = new Map(rows.map((r) => [keyOf(r), r]));
  return keys.map((k) => map.get(k));
}

/**
 * Queries for Pensionskasse contracts, Vorsorgekasse accounts and their yearly statements. Every function takes a
 * DataLoader batch of keys and runs one `IN (…)` query for it.
 */
export function createAccountsStore(db: Db) {
  return {
    async pkContractsByPerson(personIds: readonly number[]): Promise<PkContractRow[][]> {
      const rows = await db
        .select()
        .from(pkContracts)
        .where(inArray(pkContracts.personId, [...personIds]))
        .orderBy(asc(pkContracts.startDate), asc(pkContracts.id));
      return groupBy(personIds, rows, (r) => r.personId);
    },
    async vkAccountsByPerson(personIds: readonly number[]): Promise<VkAccountRow[][]> {
      const rows = await db
        .select()
        .from(vkAccounts)
        .where(inArray(vkAccounts.personId, [...personIds]))
        .orderBy(asc(vkAccounts.startDate), asc(vkAccounts.id));
      return groupBy(personIds, rows, (r) => r.personId);
    },
    /** Statements per contract id, oldest first. */
    async pkStatementsByContract(contractIds: readonly number[]): Promise<PkStatementRow[][]> {
      const rows = await db
        .select()
        .from(pkStatements)
        .where(inArray(pkStatements.contractId, [...contractIds]))
        .orderBy(asc(pkStatements.stichtag));
      return groupBy(contractIds, rows, (r) => r.contractId);
    },
    /** Statements per account id, oldest first. */
    async vkStatementsByAccount(accountIds: readonly number[]): Promise<VkStatementRow[][]> {
      const rows = await db
        .select()
        .from(vkStatements)
        .where(inArray(vkStatements.accountId, [...accountIds]))
        .orderBy(asc(vkStatements.stichtag));
      return groupBy(accountIds, rows, (r) => r.accountId);
    },
    async employersById(ids: readonly number[]): Promise<(EmployerRow | undefined)[]> {
      return byKey(
        ids,
        await db
          .select()
          .from(employers)
          .where(inArray(employers.id, [...ids])),
        (r) => r.id,
      );
    },
    async vrgsByNumber(numbers: readonly number[]): Promise<(VrgRow | undefined)[]> {
      return byKey(
        numbers,
        await db
          .select()
          .from(vrgs)
          .where(inArray(vrgs.number, [...numbers])),
        (r) => r.number,
      );
    },
  };
}

export type AccountsStore = ReturnType<typeof createAccountsStore>;
