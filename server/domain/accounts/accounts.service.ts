import type { PkContractRow, PkStatementRow, VkAccountRow, VkStatementRow } from '../../../db/schema';
import type { TenantDefinition } from '../../tenants';
import type { Loaders } from '../loaders';
import { pickStatement, stichtageOf } from './accounts.rules';

/**
 * Account information of the session's person (spec 001 section 3). Contracts are reached only through the
 * person id of the session, and statements only through those contracts, so no id from the client can reach
 * another member's data. Pensionskasse data is empty on a tenant without the Pensionskasse.
 */
export function createAccountsService(deps: { loaders: Loaders; tenant: TenantDefinition }) {
  const { loaders, tenant } = deps;
  return {
    /** Pensionskasse contracts of the person, oldest first; [] on the regional tenant. */
    async pensionContracts(personId: number): Promise<PkContractRow[]> {
      if (!tenant.pensionFund) return [];
      return loaders.pkContractsByPerson.load(personId);
    },
    /** Vorsorgekasse accounts of the person, oldest first. */
    severanceAccounts(personId: number): Promise<VkAccountRow[]> {
      return loaders.vkAccountsByPerson.load(personId);
    },
    /** All statements of a contract the caller already holds, oldest first. */
    pensionStatements(contract: PkContractRow): Promise<PkStatementRow[]> {
      return loaders.pkStatementsByContract.load(contract.id);
    },
    severanceStatements(account: VkAccountRow): Promise<VkStatementRow[]> {
      return loaders.vkStatementsByAccount.load(account.id);
    },
    /**
     * Statement at `stichtag` (ISO date) or the newest; null when there is none at that date. The newest alone is read
     * as one row (the dashboard), a dated one from the contract's statements (shared with the lists of the same request).
     */
    async pensionStatement(contract: PkContractRow, stichtag?: string | null): Promise<PkStatementRow | null> {
      if (stichtag === undefined || stichtag === null) return (await loaders.latestPkStatementByContract.load(contract.id)) ?? null;
      return pickStatement(await loaders.pkStatementsByContract.load(contract.id), stichtag);
    },
    async severanceStatement(account: VkAccountRow, stichtag?: string | null): Promise<VkStatementRow | null> {
      if (stichtag === undefined || stichtag === null) return (await loaders.latestVkStatementByAccount.load(account.id)) ?? null;
      return pickStatement(await loaders.vkStatementsByAccount.load(account.id), stichtag);
    },
    async pensionStichtage(contract: PkContractRow): Promise<string[]> {
      return stichtageOf(await loaders.pkStatementsByContract.load(contract.id));
    },
    async severanceStichtage(account: VkAccountRow): Promise<string[]> {
      return stichtageOf(await loaders.vkStatementsByAccount.load(account.id));
    },
    async employer(id: number) {
      const row = await loaders.employerById.load(id);
      if (!row) throw new Error(`employer ${id} missing`);
      return row;
    },
    async vrgName(vrg: number): Promise<string> {
      return (await loaders.vrgByNumber.load(vrg))?.name ?? `VRG ${vrg}`;
    },
  };
}

export type AccountsService = ReturnType<typeof createAccountsService>;
