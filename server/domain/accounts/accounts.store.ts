import { asc, eq, getTableColumns, inArray, sql, type Column } from 'drizzle-orm';
import { toSnakeCase } from 'drizzle-orm/casing';
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

/** Batches up to this size run the prepared single-key statement once per key instead of one `IN (…)` query. */
const LOOP_BATCH_MAX = 8;

/**
 * A Drizzle `select().from(table)…` query run by better-sqlite3 directly, rows as arrays, each turned into the same
 * row object Drizzle makes (its columns' `mapFromDriverValue`, null kept). Drizzle's generic row mapping took as
 * long as SQLite's read for the yearly statements (11–18 rows of 17 columns: 35 µs instead of 19 µs per contract,
 * the biggest share of the dashboard's database time; docs/benchmarks.md).
 */
function preparedRows<Row>(db: Db, query: { toSQL(): { sql: string } }, columns: Record<string, Column>): (key: number) => Row[] {
  const statement = db.$client.prepare<[number], unknown[]>(query.toSQL().sql).raw(true);
  const keys = Object.keys(columns);
  const decoders = keys.map((k) => columns[k]!);
  // The row arrays are read by position: the query must select exactly the table's columns, in their order.
  const selected = statement.columns().map((c) => c.name);
  if (selected.length !== keys.length || selected.some((name, i) => name !== toSnakeCase(decoders[i]!.name))) {
    throw new Error(`preparedRows: the query selects ${selected.join(', ')}, not the table's columns`);
  }
  return (key) => {
    const rows = statement.all(key);
    const out: Row[] = new Array(rows.length);
    for (let r = 0; r < rows.length; r++) {
      const values = rows[r]!;
      const row: Record<string, unknown> = {};
      for (let i = 0; i < keys.length; i++) {
        const value = values[i];
        row[keys[i]!] = value === null ? null : decoders[i]!.mapFromDriverValue(value);
      }
      out[r] = row as Row;
    }
    return out;
  };
}

/**
 * Queries for Pensionskasse contracts, Vorsorgekasse accounts and their yearly statements. Batch functions
 * take many keys (DataLoader); a small batch (a member's few contracts, employers or accounts) runs the prepared
 * single-key statement per key, which is several times cheaper than building and preparing an `IN (…)` query
 * per request (employers of two keys: 7 µs instead of 50 µs).
 */
export function createAccountsStore(db: Db) {
  const pkByPerson = db.select().from(pkContracts).where(eq(pkContracts.personId, sql.placeholder('k'))).orderBy(asc(pkContracts.startDate), asc(pkContracts.id)).prepare();
  const vkByPerson = db.select().from(vkAccounts).where(eq(vkAccounts.personId, sql.placeholder('k'))).orderBy(asc(vkAccounts.startDate), asc(vkAccounts.id)).prepare();
  const pkStatementsOne = preparedRows<PkStatementRow>(
    db,
    db.select().from(pkStatements).where(eq(pkStatements.contractId, sql.placeholder('k'))).orderBy(asc(pkStatements.stichtag)),
    getTableColumns(pkStatements),
  );
  const vkStatementsOne = preparedRows<VkStatementRow>(
    db,
    db.select().from(vkStatements).where(eq(vkStatements.accountId, sql.placeholder('k'))).orderBy(asc(vkStatements.stichtag)),
    getTableColumns(vkStatements),
  );
  const employerOne = db.select().from(employers).where(eq(employers.id, sql.placeholder('k'))).prepare();
  const vrgOne = db.select().from(vrgs).where(eq(vrgs.number, sql.placeholder('k'))).prepare();

  return {
    pkContractsByPerson(personIds: readonly number[]): PkContractRow[][] {
      if (personIds.length <= LOOP_BATCH_MAX) return personIds.map((id) => pkByPerson.all({ k: id }));
      const rows = db.select().from(pkContracts).where(inArray(pkContracts.personId, [...personIds])).orderBy(asc(pkContracts.startDate), asc(pkContracts.id)).all();
      return groupBy(personIds, rows, (r) => r.personId);
    },
    vkAccountsByPerson(personIds: readonly number[]): VkAccountRow[][] {
      if (personIds.length <= LOOP_BATCH_MAX) return personIds.map((id) => vkByPerson.all({ k: id }));
      const rows = db.select().from(vkAccounts).where(inArray(vkAccounts.personId, [...personIds])).orderBy(asc(vkAccounts.startDate), asc(vkAccounts.id)).all();
      return groupBy(personIds, rows, (r) => r.personId);
    },
    /** Statements per contract id, oldest first. */
    pkStatementsByContract(contractIds: readonly number[]): PkStatementRow[][] {
      if (contractIds.length <= LOOP_BATCH_MAX) return contractIds.map((id) => pkStatementsOne(id));
      const rows = db.select().from(pkStatements).where(inArray(pkStatements.contractId, [...contractIds])).orderBy(asc(pkStatements.stichtag)).all();
      return groupBy(contractIds, rows, (r) => r.contractId);
    },
    /** Statements per account id, oldest first. */
    vkStatementsByAccount(accountIds: readonly number[]): VkStatementRow[][] {
      if (accountIds.length <= LOOP_BATCH_MAX) return accountIds.map((id) => vkStatementsOne(id));
      const rows = db.select().from(vkStatements).where(inArray(vkStatements.accountId, [...accountIds])).orderBy(asc(vkStatements.stichtag)).all();
      return groupBy(accountIds, rows, (r) => r.accountId);
    },
    employersById(ids: readonly number[]): (EmployerRow | undefined)[] {
      if (ids.length <= LOOP_BATCH_MAX) return ids.map((id) => employerOne.get({ k: id }));
      const rows = db.select().from(employers).where(inArray(employers.id, [...ids])).all();
      const map = new Map(rows.map((r) => [r.id, r]));
      return ids.map((id) => map.get(id));
    },
    vrgsByNumber(numbers: readonly number[]): (VrgRow | undefined)[] {
      if (numbers.length <= LOOP_BATCH_MAX) return numbers.map((n) => vrgOne.get({ k: n }));
      const rows = db.select().from(vrgs).where(inArray(vrgs.number, [...numbers])).all();
      const map = new Map(rows.map((r) => [r.number, r]));
      return numbers.map((n) => map.get(n));
    },
  };
}

export type AccountsStore = ReturnType<typeof createAccountsStore>;
