import type { PkContractRow, PkStatementRow, VkAccountRow, VkStatementRow } from '../../../db/schema';
import type { TenantDefinition } from '../../tenants';
import type { RequestScope } from '../../platform/shared/request-scope';
import { pickStatement, stichtageOf } from './accounts.rules';

/**
 * Account information of the session's person (spec 001 section 3). Contracts are reached only through the
 * person id of the session, and statements only through those contracts, so no id from the client can reach
 * another member's data. Pensionskasse data is empty on a tenant without the Pensionskasse. Built once per process;
 * every read goes through the DataLoaders of the request's scope (batched, cached for that request only).
 */
export function createAccountsService(deps: { tenant: TenantDefinition }) {
  const { tenant } = deps;
  return {
    /** Pensionskasse contracts of the person, oldest first; [] on the regional tenant. */
    async pensionContracts(scope: RequestScope, personId: number): Promise<PkContractRow[]> {
      if (!tenant.pensionFund) return [];
      return scope.loaders.pkContractsByPerson.load(personId);
    },
    /** Vorsorgekasse accounts of the person, oldest first. */
    severanceAccounts(scope: RequestScope, personId: number): Promise<VkAccountRow[]> {
      return scope.loaders.vkAccountsByPerson.load(personId);
    },
    /** All statements of a contract the caller already holds, oldest first. */
    pensionStatements(scope: RequestScope, contract: PkContractRow): Promise<PkStatementRow[]> {
      return scope.loaders.pkStatementsByContract.load(contract.id);
    },
    severanceStatements(scope: RequestScope, account: VkAccountRow): Promise<VkStatementRow[]> {
      return scope.loaders.vkStatementsByAccount.load(account.id);
    },
    /**
     * Statement at `stichtag` (ISO date) or the newest; null when there is none at that date. The newest alone is read
     * as one row (the dashboard), a dated one from the contract's statements (shared with the lists of the same request).
     */
    async pensionStatement(scope: RequestScope, contract: PkContractRow, stichtag?: string | null): Promise<PkStatementRow | null> {
      if (stichtag === undefined || stichtag === null) return (await scope.loaders.latestPkStatementByContract.load(contract.id)) ?? null;
      return pickStatement(await scope.loaders.pkStatementsByContract.load(contract.id), stichtag);
    },
    async severanceStatement(scope: RequestScope, account: VkAccountRow, stichtag?: string | null): Promise<VkStatementRow | null> {
      if (stichtag === undefined || stichtag === null) return (await scope.loaders.latestVkStatementByAccount.load(account.id)) ?? null;
      return pickStatement(await scope.loaders.vkStatementsByAccount.load(account.id), stichtag);
    },
    async pensionStichtage(scope: RequestScope, contract: PkContractRow): Promise<string[]> {
      return stichtageOf(await scope.loaders.pkStatementsByContract.load(contract.id));
    },
    async severanceStichtage(scope: RequestScope, account: VkAccountRow): Promise<string[]> {
      return stichtageOf(await scope.loaders.vkStatementsByAccount.load(account.id));
    },
    async employer(scope: RequestScope, id: number) {
      const row = await scope.loaders.employerById.load(id);
      if (!row) throw new Error(`employer ${id} missing`);
      return row;
    },
    async vrgName(scope: RequestScope, vrg: number): Promise<string> {
      return (await scope.loaders.vrgByNumber.load(vrg))?.name ?? `VRG ${vrg}`;
    },
  };
}

export type AccountsService = ReturnType<typeof createAccountsService>;
