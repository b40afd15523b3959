import DataLoader from 'dataloader';
import type { AccountsStore } from '../modules/accounts/accounts.store';
import type { ClaimsStore } from '../modules/claims/claims.store';
import type { DocumentsStore } from '../modules/documents/documents.store';
import type { InvestmentStore } from '../modules/investment/investment.store';
import type { PersonStore } from '../modules/person/person.store';

/**
 * Per-request DataLoaders: every list field batches its keys into one query per tick, so a query over many
 * contracts runs one statement query, not one per contract (no N+1). A new set is made for every request, so
 * nothing is cached across members.
 */
export function createLoaders(stores: { accounts: AccountsStore; person: PersonStore; documents: DocumentsStore; investment: InvestmentStore; claims: ClaimsStore }) {
  const batch = <K, V>(fn: (keys: readonly K[]) => Promise<V[]>) => new DataLoader<K, V>((keys) => fn(keys));
  return {
    pkContractsByPerson: batch(stores.accounts.pkContractsByPerson),
    vkAccountsByPerson: batch(stores.accounts.vkAccountsByPerson),
    pkStatementsByContract: batch(stores.accounts.pkStatementsByContract),
    vkStatementsByAccount: batch(stores.accounts.vkStatementsByAccount),
    /** The newest statement of a contract or account (the dashboard's figure): one row each, not the whole history. */
    latestPkStatementByContract: batch(stores.accounts.latestPkStatementByContract),
    latestVkStatementByAccount: batch(stores.accounts.latestVkStatementByAccount),
    employerById: batch(stores.accounts.employersById),
    vrgByNumber: batch(stores.accounts.vrgsByNumber),
    /** Documents of a person, newest first (the list, the counts and a statement's document share one query). */
    documentsByPerson: batch(stores.documents.documentsByPerson),
    /** Total and read documents per category of a person (`GROUP BY category`): the counts, the badges and each page's totals. */
    documentCountsByPerson: batch(stores.documents.countsByPerson),
    vrgPerformanceByVrg: batch(stores.investment.performanceByVrg),
    vrgAllocationsByVrg: batch(stores.investment.allocationsByVrg),
    vrgReportsByVrg: batch(stores.investment.reportsByVrg),
    /** The Vorsorgekasse's yearly results; the key is ignored (one fund), use 0. */
    vkInvestmentResults: batch(stores.investment.vkResults),
    /** The newest severance claim of a person (undefined when none). */
    latestClaimByPerson: batch(stores.claims.latestByPerson),
  };
}

export type Loaders = ReturnType<typeof createLoaders>;
