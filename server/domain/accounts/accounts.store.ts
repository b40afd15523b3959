import { asc, eq, inArray, sql } from 'drizzle-orm';
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

/**
 * Queries for Pensionskasse contracts, Vorsorgekasse accounts and their yearly statements. Batch functions
 * take many keys (DataLoader) and use a prepared statement for the common single-key case.
 */
export function createAccountsStore(db: Db) {
  const pkByPerson = db.select().from(pkContracts).where(eq(pkContracts.personId, sql.placeholder('k'))).orderBy(asc(pkContracts.startDate), asc(pkContracts.id)).prepare();
  const vkByPerson = db.select().from(vkAccounts).where(eq(vkAccounts.personId, sql.placeholder('k'))).orderBy(asc(vkAccounts.startDate), asc(vkAccounts.id)).prepare();
  const pkStatementsOne = db.select().from(pkStatements).where(eq(pkStatements.contractId, sql.placeholder('k'))).orderBy(asc(pkStatements.stichtag)).prepare();
  const vkStatementsOne = db.select().from(vkStatements).where(eq(vkStatements.accountId, sql.placeholder('k'))).orderBy(asc(vkStatements.stichtag)).prepare();
  const employerOne = db.select().from(employers).where(eq(employers.id, sql.placeholder('k'))).prepare();
  const vrgOne = db.select().from(vrgs).where(eq(vrgs.number, sql.placeholder('k'))).prepare();

  return {
    pkContractsByPerson(personIds: readonly number[]): PkContractRow[][] {
      if (personIds.length === 1) return [pkByPerson.all({ k: personIds[0]! })];
      const rows = db.select().from(pkContracts).where(inArray(pkContracts.personId, [...personIds])).orderBy(asc(pkContracts.startDate), asc(pkContracts.id)).all();
      return groupBy(personIds, rows, (r) => r.personId);
    },
    vkAccountsByPerson(personIds: readonly number[]): VkAccountRow[][] {
      if (personIds.length === 1) return [vkByPerson.all({ k: personIds[0]! })];
      const rows = db.select().from(vkAccounts).where(inArray(vkAccounts.personId, [...personIds])).orderBy(asc(vkAccounts.startDate), asc(vkAccounts.id)).all();
      return groupBy(personIds, rows, (r) => r.personId);
    },
    /** Statements per contract id, oldest first. */
    pkStatementsByContract(contractIds: readonly number[]): PkStatementRow[][] {
      if (contractIds.length === 1) return [pkStatementsOne.all({ k: contractIds[0]! })];
      const rows = db.select().from(pkStatements).where(inArray(pkStatements.contractId, [...contractIds])).orderBy(asc(pkStatements.stichtag)).all();
      return groupBy(contractIds, rows, (r) => r.contractId);
    },
    /** Statements per account id, oldest first. */
    vkStatementsByAccount(accountIds: readonly number[]): VkStatementRow[][] {
      if (accountIds.length === 1) return [vkStatementsOne.all({ k: accountIds[0]! })];
      const rows = db.select().from(vkStatements).where(inArray(vkStatements.accountId, [...accountIds])).orderBy(asc(vkStatements.stichtag)).all();
      return groupBy(accountIds, rows, (r) => r.accountId);
    },
    employersById(ids: readonly number[]): (EmployerRow | undefined)[] {
      if (ids.length === 1) return [employerOne.get({ k: ids[0]! })];
      const rows = db.select().from(employers).where(inArray(employers.id, [...ids])).all();
      const map = new Map(rows.map((r) => [r.id, r]));
      return ids.map((id) => map.get(id));
    },
    vrgsByNumber(numbers: readonly number[]): (VrgRow | undefined)[] {
      if (numbers.length === 1) return [vrgOne.get({ k: numbers[0]! })];
      const rows = db.select().from(vrgs).where(inArray(vrgs.number, [...numbers])).all();
      const map = new Map(rows.map((r) => [r.number, r]));
      return numbers.map((n) => map.get(n));
    },
  };
}

export type AccountsStore = ReturnType<typeof createAccountsStore>;
