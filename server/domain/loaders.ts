import DataLoader from 'dataloader';
import type { AccountsStore } from './accounts/accounts.store';
import type { PersonStore } from './person/person.store';

/**
 * Per-request DataLoaders: every list field batches its keys into one query per tick, so a query over many
 * contracts runs one statement query, not one per contract (no N+1). A new set is made for every request, so
 * nothing is cached across members.
 */
export function createLoaders(stores: { accounts: AccountsStore; person: PersonStore }) {
  const batch = <K, V>(fn: (keys: readonly K[]) => V[]) => new DataLoader<K, V>(async (keys) => fn(keys));
  return {
    pkContractsByPerson: batch(stores.accounts.pkContractsByPerson),
    vkAccountsByPerson: batch(stores.accounts.vkAccountsByPerson),
    pkStatementsByContract: batch(stores.accounts.pkStatementsByContract),
    vkStatementsByAccount: batch(stores.accounts.vkStatementsByAccount),
    employerById: batch(stores.accounts.employersById),
    vrgByNumber: batch(stores.accounts.vrgsByNumber),
    unreadCountByPerson: batch(stores.person.unreadCounts),
  };
}

export type Loaders = ReturnType<typeof createLoaders>;
