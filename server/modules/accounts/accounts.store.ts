import { and, asc, eq, inArray, sql, type Placeholder } from 'drizzle-orm';
import type { Db } from '../../../db/client';
import { byKey, groupBy, preparedBatch } from '../../../db/prepared';
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

/**
 * Queries for Pensionskasse contracts, Vorsorgekasse accounts and their yearly statements. Every function takes a
 * DataLoader batch of keys and runs one `IN (…)` query for it, prepared once per process (db/prepared.ts).
 */
export function createAccountsStore(db: Db) {
  const pkContractsIn = preparedBatch('pk_contracts_in', (ids: readonly (number | Placeholder)[]) =>
    db.select().from(pkContracts).where(inArray(pkContracts.personId, ids)).orderBy(asc(pkContracts.startDate), asc(pkContracts.id)),
  );
  const vkAccountsIn = preparedBatch('vk_accounts_in', (ids: readonly (number | Placeholder)[]) =>
    db.select().from(vkAccounts).where(inArray(vkAccounts.personId, ids)).orderBy(asc(vkAccounts.startDate), asc(vkAccounts.id)),
  );
  const pkStatementsIn = preparedBatch('pk_statements_in', (ids: readonly (number | Placeholder)[]) =>
    db.select().from(pkStatements).where(inArray(pkStatements.contractId, ids)).orderBy(asc(pkStatements.stichtag)),
  );
  const vkStatementsIn = preparedBatch('vk_statements_in', (ids: readonly (number | Placeholder)[]) =>
    db.select().from(vkStatements).where(inArray(vkStatements.accountId, ids)).orderBy(asc(vkStatements.stichtag)),
  );
  // The newest statement of each key: the one whose Stichtag is the key's greatest (unique per contract or account,
  // so one row per key; the subquery reads the unique index's last entry).
  const pkLatestIn = preparedBatch('pk_latest_in', (ids: readonly (number | Placeholder)[]) =>
    db
      .select()
      .from(pkStatements)
      .where(
        and(
          inArray(pkStatements.contractId, ids),
          eq(pkStatements.stichtag, sql`(select max(s.stichtag) from ${pkStatements} s where s.contract_id = ${pkStatements.contractId})`),
        ),
      ),
  );
  const vkLatestIn = preparedBatch('vk_latest_in', (ids: readonly (number | Placeholder)[]) =>
    db
      .select()
      .from(vkStatements)
      .where(
        and(inArray(vkStatements.accountId, ids), eq(vkStatements.stichtag, sql`(select max(s.stichtag) from ${vkStatements} s where s.account_id = ${vkStatements.accountId})`)),
      ),
  );
  const employersIn = preparedBatch('employers_in', (ids: readonly (number | Placeholder)[]) => db.select().from(employers).where(inArray(employers.id, ids)));
  const vrgsIn = preparedBatch('vrgs_in', (numbers: readonly (number | Placeholder)[]) => db.select().from(vrgs).where(inArray(vrgs.number, numbers)));

  return {
    async pkContractsByPerson(personIds: readonly number[]): Promise<PkContractRow[][]> {
      return groupBy(personIds, await pkContractsIn(personIds), (r) => r.personId);
    },
    async vkAccountsByPerson(personIds: readonly number[]): Promise<VkAccountRow[][]> {
      return groupBy(personIds, await vkAccountsIn(personIds), (r) => r.personId);
    },
    /** Statements per contract id, oldest first. */
    async pkStatementsByContract(contractIds: readonly number[]): Promise<PkStatementRow[][]> {
      return groupBy(contractIds, await pkStatementsIn(contractIds), (r) => r.contractId);
    },
    /** Statements per account id, oldest first. */
    async vkStatementsByAccount(accountIds: readonly number[]): Promise<VkStatementRow[][]> {
      return groupBy(accountIds, await vkStatementsIn(accountIds), (r) => r.accountId);
    },
    /** The newest statement (greatest Stichtag) per contract id; undefined for a contract without statements. */
    async latestPkStatementByContract(contractIds: readonly number[]): Promise<(PkStatementRow | undefined)[]> {
      return byKey(contractIds, await pkLatestIn(contractIds), (r) => r.contractId);
    },
    /** The newest statement (greatest Stichtag) per account id; undefined for an account without statements. */
    async latestVkStatementByAccount(accountIds: readonly number[]): Promise<(VkStatementRow | undefined)[]> {
      return byKey(accountIds, await vkLatestIn(accountIds), (r) => r.accountId);
    },
    async employersById(ids: readonly number[]): Promise<(EmployerRow | undefined)[]> {
      return byKey(ids, await employersIn(ids), (r) => r.id);
    },
    async vrgsByNumber(numbers: readonly number[]): Promise<(VrgRow | undefined)[]> {
      return byKey(numbers, await vrgsIn(numbers), (r) => r.number);
    },
  };
}

export type AccountsStore = ReturnType<typeof createAccountsStore>;
