import type { PkContractRow, VkInvestmentResultRow, VrgAllocationRow, VrgPerformanceRow, VrgReportRow, VrgRow } from '../../../db/schema';
import type { TenantDefinition } from '../../tenants';
import type { AccountsService } from '../accounts/accounts.service';
import type { RequestScope } from '../../platform/shared/request-scope';
import { allocationOfYear, belongsToVrg, rowOfYear } from './investment.rules';

/** What `SeveranceFundInvestment` resolves from: the Vorsorgekasse's yearly results, oldest first. */
export interface SeveranceFundInvestmentModel {
  results: VkInvestmentResultRow[];
}

/**
 * Investment information of the main tenant (spec 001 section 2 "Investment"; the regional tenant offers no
 * investment routes, so everything answers null or [] there). A VRG is shown only to a member with a contract in it;
 * any other VRG number answers null, exactly like one that does not exist. Built once per process; reads go
 * through the DataLoaders of the request's scope.
 */
export function createInvestmentService(deps: { tenant: TenantDefinition; accounts: AccountsService }) {
  const { tenant, accounts } = deps;
  return {
    /** The VRG of a contract the caller already holds (through `me`); null on the regional tenant or when unknown. */
    async forContract(scope: RequestScope, contract: PkContractRow): Promise<VrgRow | null> {
      if (!tenant.investmentInformation) return null;
      return (await scope.loaders.vrgByNumber.load(contract.vrg)) ?? null;
    },
    /** VRG `vrg` when the person has a contract in it; null otherwise (not a member, unknown VRG, regional tenant). */
    async vrgOfPerson(scope: RequestScope, personId: number, vrg: number): Promise<VrgRow | null> {
      if (!tenant.investmentInformation || !Number.isSafeInteger(vrg)) return null;
      const contracts = await accounts.pensionContracts(scope, personId);
      if (!belongsToVrg(contracts, vrg)) return null;
      return (await scope.loaders.vrgByNumber.load(vrg)) ?? null;
    },
    /** Yearly performance of a VRG, oldest first (return and volatility in bp per year, fluctuation reserve in bp). */
    performance(scope: RequestScope, vrg: VrgRow): Promise<VrgPerformanceRow[]> {
      return scope.loaders.vrgPerformanceByVrg.load(vrg.number);
    },
    /** Allocation at 31.12. of `year` (default: the latest year), one row per asset class; shares in bp sum to 10,000. */
    async allocation(scope: RequestScope, vrg: VrgRow, year?: number | null): Promise<VrgAllocationRow[]> {
      return allocationOfYear(await scope.loaders.vrgAllocationsByVrg.load(vrg.number), year);
    },
    /** Report of `year` (default: the latest); null when there is none. */
    async report(scope: RequestScope, vrg: VrgRow, year?: number | null): Promise<VrgReportRow | null> {
      return rowOfYear(await scope.loaders.vrgReportsByVrg.load(vrg.number), year);
    },
    /** All reports of a VRG, newest first. */
    async reports(scope: RequestScope, vrg: VrgRow): Promise<VrgReportRow[]> {
      return [...(await scope.loaders.vrgReportsByVrg.load(vrg.number))].reverse();
    },
    /** The Vorsorgekasse's results (return and management fee in bp per year); null on the regional tenant. */
    async severanceFund(scope: RequestScope): Promise<SeveranceFundInvestmentModel | null> {
      if (!tenant.investmentInformation) return null;
      return { results: await scope.loaders.vkInvestmentResults.load(0) };
    },
  };
}

export type InvestmentService = ReturnType<typeof createInvestmentService>;
