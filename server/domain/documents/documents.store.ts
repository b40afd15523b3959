import { and, desc, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../../db/client';
import {
  documents,
  pkContracts,
  pkStatements,
  vkAccounts,
  vkStatements,
  type DocumentRow,
  type PkContractRow,
  type PkStatementRow,
  type VkAccountRow,
  type VkStatementRow,
} from '../../../db/schema';

/** Batches up to this size run the prepared single-key statement per key instead of one `IN (…)` query. */
const LOOP_BATCH_MAX = 8;

/**
 * Queries of the documents archive. Every query that reaches a document or the row a PDF is rendered from takes the
 * session's person id and checks ownership in SQL (a statement through its contract or account), so a document id
 * or source id of another member finds nothing. Statements are prepared once per process.
 */
export function createDocumentsStore(db: Db) {
  const byPersonOne = db
    .select()
    .from(documents)
    .where(eq(documents.personId, sql.placeholder('personId')))
    .orderBy(desc(documents.documentDate), desc(documents.id))
    .prepare();
  const ownOne = db
    .select()
    .from(documents)
    .where(and(eq(documents.id, sql.placeholder('id')), eq(documents.personId, sql.placeholder('personId'))))
    .prepare();
  const markReadOne = db
    .update(documents)
    .set({ readAt: sql`${sql.placeholder('at')}` })
    .where(and(eq(documents.id, sql.placeholder('id')), eq(documents.personId, sql.placeholder('personId')), isNull(documents.readAt)))
    .prepare();
  const pkStatementOwn = db
    .select({ statement: pkStatements, contract: pkContracts })
    .from(pkStatements)
    .innerJoin(pkContracts, eq(pkContracts.id, pkStatements.contractId))
    .where(and(eq(pkStatements.id, sql.placeholder('id')), eq(pkContracts.personId, sql.placeholder('personId'))))
    .prepare();
  const vkStatementOwn = db
    .select({ statement: vkStatements, account: vkAccounts })
    .from(vkStatements)
    .innerJoin(vkAccounts, eq(vkAccounts.id, vkStatements.accountId))
    .where(and(eq(vkStatements.id, sql.placeholder('id')), eq(vkAccounts.personId, sql.placeholder('personId'))))
    .prepare();
  const pkContractOwn = db
    .select()
    .from(pkContracts)
    .where(and(eq(pkContracts.id, sql.placeholder('id')), eq(pkContracts.personId, sql.placeholder('personId'))))
    .prepare();

  return {
    /** Documents per person id (DataLoader batch), newest first (document date, then id, descending). */
    documentsByPerson(personIds: readonly number[]): DocumentRow[][] {
      if (personIds.length <= LOOP_BATCH_MAX) return personIds.map((personId) => byPersonOne.all({ personId }));
      const rows = db
        .select()
        .from(documents)
        .where(inArray(documents.personId, [...personIds]))
        .orderBy(desc(documents.documentDate), desc(documents.id))
        .all();
      const map = new Map<number, DocumentRow[]>();
      for (const row of rows) {
        const list = map.get(row.personId);
        if (list) list.push(row);
        else map.set(row.personId, [row]);
      }
      return personIds.map((id) => map.get(id) ?? []);
    },
    /** The document `id` when it belongs to `personId`; undefined for an unknown or foreign id alike. */
    findOwn(id: number, personId: number): DocumentRow | undefined {
      return ownOne.get({ id, personId });
    },
    /**
     * Sets read_at = `at` (ISO instant) on the person's own document when it is still unread. Returns whether a row
     * changed (false for an already read, unknown or foreign document).
     */
    markRead(id: number, personId: number, at: string): boolean {
      return markReadOne.run({ id, personId, at }).changes > 0;
    },
    /** A PK statement with its contract, only when the contract belongs to `personId`. */
    pkStatementOwn(statementId: number, personId: number): { statement: PkStatementRow; contract: PkContractRow } | undefined {
      return pkStatementOwn.get({ id: statementId, personId });
    },
    /** A VK statement with its account, only when the account belongs to `personId`. */
    vkStatementOwn(statementId: number, personId: number): { statement: VkStatementRow; account: VkAccountRow } | undefined {
      return vkStatementOwn.get({ id: statementId, personId });
    },
    /** A PK contract, only when it belongs to `personId`. */
    pkContractOwn(contractId: number, personId: number): PkContractRow | undefined {
      return pkContractOwn.get({ id: contractId, personId });
    },
  };
}

export type DocumentsStore = ReturnType<typeof createDocumentsStore>;
