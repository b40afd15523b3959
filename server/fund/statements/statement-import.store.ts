import { and, asc, eq, ne } from 'drizzle-orm';
import type { Db } from '../../../db/client';
import {
  idempotencyKeys,
  persons,
  pkContracts,
  pkStatements,
  vkAccounts,
  vkStatements,
  type PersonRow,
  type PkContractRow,
  type PkStatementRow,
  type VkAccountRow,
  type VkStatementRow,
} from '../../../db/schema';
import type { PkStatementFigures, VkStatementFigures } from './statement-figures';

/** Queries of the statement import (decision 0057). Writes run inside the caller's write transaction. */
export function createStatementImportStore(db: Db) {
  return {
    /** The person with the (normalised) insurance number `svnr`, or undefined. */
    async personBySvnr(svnr: string): Promise<PersonRow | undefined> {
      return (await db.select().from(persons).where(eq(persons.svnr, svnr)).limit(1))[0];
    },
    /** The Pensionskasse contract numbered `contractNumber` (whoever holds it), or undefined. */
    async pkContract(contractNumber: string): Promise<PkContractRow | undefined> {
      return (await db.select().from(pkContracts).where(eq(pkContracts.contractNumber, contractNumber)).limit(1))[0];
    },
    /** The Vorsorgekasse account numbered `accountNumber` (whoever holds it), or undefined. */
    async vkAccount(accountNumber: string): Promise<VkAccountRow | undefined> {
      return (await db.select().from(vkAccounts).where(eq(vkAccounts.accountNumber, accountNumber)).limit(1))[0];
    },
    /** How many Vorsorgekasse accounts the person holds. */
    async vkAccountCount(personId: number): Promise<number> {
      return (await db.select({ id: vkAccounts.id }).from(vkAccounts).where(eq(vkAccounts.personId, personId))).length;
    },
    /** The statements of PK contract `contractId`, oldest first. */
    pkStatements(contractId: number): Promise<PkStatementRow[]> {
      return db.select().from(pkStatements).where(eq(pkStatements.contractId, contractId)).orderBy(asc(pkStatements.stichtag));
    },
    /** The statements of VK account `accountId`, oldest first. */
    vkStatements(accountId: number): Promise<VkStatementRow[]> {
      return db.select().from(vkStatements).where(eq(vkStatements.accountId, accountId)).orderBy(asc(vkStatements.stichtag));
    },
    async insertPkStatement(contractId: number, stichtag: string, figures: PkStatementFigures): Promise<PkStatementRow> {
      return (
        await db
          .insert(pkStatements)
          .values({ contractId, stichtag, ...figures })
          .returning()
      )[0]!;
    },
    async insertVkStatement(accountId: number, stichtag: string, figures: VkStatementFigures): Promise<VkStatementRow> {
      return (
        await db
          .insert(vkStatements)
          .values({ accountId, stichtag, ...figures })
          .returning()
      )[0]!;
    },
    /** True when idempotency key `key` of `scope` was used for another person than `personId` (and is still kept). */
    async keyUsedForOther(scope: string, key: string, personId: number): Promise<boolean> {
      const rows = await db
        .select({ personId: idempotencyKeys.personId })
        .from(idempotencyKeys)
        .where(and(eq(idempotencyKeys.scope, scope), eq(idempotencyKeys.key, key), ne(idempotencyKeys.personId, personId)))
        .limit(1);
      return rows.length > 0;
    },
  };
}

export type StatementImportStore = ReturnType<typeof createStatementImportStore>;
