import { and, count, desc, eq, inArray, isNull, lt, or, sql, type Placeholder } from 'drizzle-orm';
import { writeTransaction, type Db } from '../../../db/client';
import { preparedBatch, preparedRead } from '../../../db/prepared';
import {
  claimFiles,
  documentFiles,
  severanceClaims,
  documents,
  mandates,
  mergeRequestFiles,
  mergeRequests,
  pkContracts,
  pkStatements,
  vkAccounts,
  vkStatements,
  type DocumentRow,
  type MandateRow,
  type MergeRequestRow,
  type PkContractRow,
  type PkStatementRow,
  type SeveranceClaimRow,
  type VkAccountRow,
  type VkStatementRow,
} from '../../../db/schema';

/**
 * Queries of the documents archive. Every query that reaches a document or the row a PDF is rendered from takes the
 * session's person id and checks ownership in SQL (a statement through its contract or account), so a document id
 * or source id of another member finds nothing.
 */
export function createDocumentsStore(db: Db) {
  const fileOf = preparedRead('document_file', () =>
    db
      .select({ sha256: documentFiles.sha256, content: documentFiles.content })
      .from(documentFiles)
      .where(eq(documentFiles.documentId, sql.placeholder('documentId'))),
  );
  /** The archived PDF of document `documentId`, if it has been archived. Callers check ownership first. */
  async function findFile(documentId: number): Promise<{ sha256: string; content: Buffer } | undefined> {
    return (await fileOf().execute({ documentId }))[0];
  }

  const documentsIn = preparedBatch('documents_in', (ids: readonly (number | Placeholder)[]) =>
    db.select().from(documents).where(inArray(documents.personId, ids)).orderBy(desc(documents.documentDate), desc(documents.id)),
  );
  const ownDocument = eq(documents.personId, sql.placeholder('personId'));
  const ownById = preparedRead('document_own_by_id', () =>
    db
      .select()
      .from(documents)
      .where(and(eq(documents.id, sql.placeholder('id')), ownDocument)),
  );
  const ownWithSha = preparedRead('document_own_with_sha', () =>
    db
      .select({ id: documents.id, fileName: documents.fileName, readAt: documents.readAt, sha256: documentFiles.sha256 })
      .from(documents)
      .leftJoin(documentFiles, eq(documentFiles.documentId, documents.id))
      .where(and(eq(documents.id, sql.placeholder('id')), ownDocument)),
  );
  const contentOf = preparedRead('document_content', () =>
    db
      .select({ content: documentFiles.content })
      .from(documentFiles)
      .where(eq(documentFiles.documentId, sql.placeholder('documentId'))),
  );
  const countsIn = preparedBatch('document_counts_in', (ids: readonly (number | Placeholder)[]) =>
    db
      .select({ personId: documents.personId, category: documents.category, total: count(), read: count(documents.readAt) })
      .from(documents)
      .where(inArray(documents.personId, ids))
      .groupBy(documents.personId, documents.category),
  );
  const pages = documentPageQueries(db);

  return {
    /** Documents per person id (DataLoader batch), newest first (document date, then id, descending). */
    async documentsByPerson(personIds: readonly number[]): Promise<DocumentRow[][]> {
      const rows = await documentsIn(personIds);
      const map = new Map<number, DocumentRow[]>();
      for (const row of rows) {
        const list = map.get(row.personId);
        if (list) list.push(row);
        else map.set(row.personId, [row]);
      }
      return personIds.map((id) => map.get(id) ?? []);
    },
    /** The document `id` when it belongs to `personId`; undefined for an unknown or foreign id alike. */
    async findOwn(id: number, personId: number): Promise<DocumentRow | undefined> {
      return (await ownById().execute({ id, personId }))[0];
    },
    /**
     * The download's authorisation read: of the document `id` when it belongs to `personId`, what a download needs
     * (file name, read time) and the SHA-256 of its archived PDF (null while it has none); undefined for an unknown or
     * foreign id alike. One prepared statement of four columns.
     */
    async findOwnWithSha256(id: number, personId: number): Promise<{ id: number; fileName: string; readAt: string | null; sha256: string | null } | undefined> {
      return (await ownWithSha().execute({ id, personId }))[0];
    },
    /** The archived PDF bytes of document `documentId` (undefined when none). Callers check ownership first. */
    async fileContent(documentId: number): Promise<Buffer | undefined> {
      return (await contentOf().execute({ documentId }))[0]?.content;
    },
    /**
     * Total and read documents per category of each person (DataLoader batch, `GROUP BY person_id, category`): only
     * the categories a person has documents in; unread = total − read.
     */
    async countsByPerson(personIds: readonly number[]): Promise<{ category: DocumentRow['category']; total: number; read: number }[][]> {
      const rows = await countsIn(personIds);
      return personIds.map((id) => rows.filter((r) => r.personId === id).map(({ category, total, read }) => ({ category, total, read })));
    },
    /**
     * Up to `limit` of the person's documents, newest first (document date, then id, descending), of `category` (all
     * when null), strictly after `cursor` (keyset: older than the cursor's document) when given. Prepared.
     */
    async page(personId: number, category: DocumentRow['category'] | null, cursor: { documentDate: string; id: number } | null, limit: number): Promise<DocumentRow[]> {
      const query = pages[category === null ? 'all' : 'category'][cursor === null ? 'first' : 'after'];
      return query().execute({ personId, category, limit, date: cursor?.documentDate, id: cursor?.id });
    },
    /**
     * Sets read_at = `at` (ISO instant) on the person's own document when it is still unread. Returns whether a row
     * changed (false for an already read, unknown or foreign document).
     */
    async markRead(id: number, personId: number, at: string): Promise<boolean> {
      const rows = await writeTransaction(db, () =>
        db
          .update(documents)
          .set({ readAt: at })
          .where(and(eq(documents.id, id), eq(documents.personId, personId), isNull(documents.readAt)))
          .returning({ id: documents.id }),
      );
      return rows.length > 0;
    },
    findFile,
    /**
     * Archives the PDF of document `documentId` unless it already has one: the first archived rendering wins, also
     * when two processes render the same document at once (insert … on conflict do nothing). Returns the archived
     * file, which is the given one only if it was the first.
     */
    async archiveFile(file: { documentId: number; sha256: string; content: Buffer; archivedAt: string }): Promise<{ sha256: string; content: Buffer }> {
      await writeTransaction(db, () =>
        db
          .insert(documentFiles)
          .values({ ...file, byteSize: file.content.length })
          .onConflictDoNothing({ target: documentFiles.documentId }),
      );
      const stored = await findFile(file.documentId);
      if (!stored) throw new Error(`document ${file.documentId} has no archived file after archiving`);
      return stored;
    },
    /** A PK statement with its contract, only when the contract belongs to `personId`. */
    async pkStatementOwn(statementId: number, personId: number): Promise<{ statement: PkStatementRow; contract: PkContractRow } | undefined> {
      const rows = await db
        .select({ statement: pkStatements, contract: pkContracts })
        .from(pkStatements)
        .innerJoin(pkContracts, eq(pkContracts.id, pkStatements.contractId))
        .where(and(eq(pkStatements.id, statementId), eq(pkContracts.personId, personId)))
        .limit(1);
      return rows[0];
    },
    /** A VK statement with its account, only when the account belongs to `personId`. */
    async vkStatementOwn(statementId: number, personId: number): Promise<{ statement: VkStatementRow; account: VkAccountRow } | undefined> {
      const rows = await db
        .select({ statement: vkStatements, account: vkAccounts })
        .from(vkStatements)
        .innerJoin(vkAccounts, eq(vkAccounts.id, vkStatements.accountId))
        .where(and(eq(vkStatements.id, statementId), eq(vkAccounts.personId, personId)))
        .limit(1);
      return rows[0];
    },
    /** A PK contract, only when it belongs to `personId`. */
    /**
     * The person's severance claim `claimId` with its account number and the kinds and names of its files (in the
     * order stored), for the claim confirmation; undefined for an unknown or foreign claim.
     */
    async severanceClaimOwn(
      claimId: number,
      personId: number,
    ): Promise<{ claim: SeveranceClaimRow; accountNumber: string; files: { kind: string; fileName: string }[] } | undefined> {
      const row = (
        await db
          .select({ claim: severanceClaims, accountNumber: vkAccounts.accountNumber })
          .from(severanceClaims)
          .innerJoin(vkAccounts, eq(vkAccounts.id, severanceClaims.accountId))
          .where(and(eq(severanceClaims.id, claimId), eq(severanceClaims.personId, personId)))
          .limit(1)
      )[0];
      if (!row) return undefined;
      const files = await db.select({ kind: claimFiles.kind, fileName: claimFiles.fileName }).from(claimFiles).where(eq(claimFiles.claimId, claimId)).orderBy(claimFiles.id);
      return { ...row, files };
    },
    /** The person's merge request `requestId` with its files (kind and name), or undefined for an unknown or foreign id. */
    async mergeRequestOwn(requestId: number, personId: number): Promise<{ request: MergeRequestRow; files: { kind: string; fileName: string }[] } | undefined> {
      const request = (
        await db
          .select()
          .from(mergeRequests)
          .where(and(eq(mergeRequests.id, requestId), eq(mergeRequests.personId, personId)))
          .limit(1)
      )[0];
      if (!request) return undefined;
      const files = await db
        .select({ kind: mergeRequestFiles.kind, fileName: mergeRequestFiles.fileName })
        .from(mergeRequestFiles)
        .where(eq(mergeRequestFiles.mergeRequestId, requestId))
        .orderBy(mergeRequestFiles.id);
      return { request, files };
    },
    /** Stores a new document of a person (unread) and answers the row. */
    async insert(row: Omit<DocumentRow, 'id' | 'readAt' | 'contentType'>): Promise<DocumentRow> {
      return writeTransaction(db, async () => (await db.insert(documents).values(row).returning())[0]!);
    },
    async pkContractOwn(contractId: number, personId: number): Promise<PkContractRow | undefined> {
      return (
        await db
          .select()
          .from(pkContracts)
          .where(and(eq(pkContracts.id, contractId), eq(pkContracts.personId, personId)))
          .limit(1)
      )[0];
    },
    /** An own-contribution mandate with its contract, only when it belongs to `personId`. */
    async mandateOwn(mandateId: number, personId: number): Promise<{ mandate: MandateRow; contract: PkContractRow } | undefined> {
      const rows = await db
        .select({ mandate: mandates, contract: pkContracts })
        .from(mandates)
        .innerJoin(pkContracts, eq(pkContracts.id, mandates.contractId))
        .where(and(eq(mandates.id, mandateId), eq(mandates.personId, personId)))
        .limit(1);
      return rows[0];
    },
  };
}

export type DocumentsStore = ReturnType<typeof createDocumentsStore>;

/**
 * The four prepared page queries: of one category or of all, from the newest or after a cursor. Placeholders
 * `personId`, `category`, `date` and `id` (the cursor's position) and `limit`; the `documents_person_idx` index
 * (person, category, date) reads them in order.
 */
function documentPageQueries(db: Db) {
  const build = (byCategory: boolean, afterCursor: boolean) =>
    preparedRead(`document_page_${byCategory ? 'category' : 'all'}_${afterCursor ? 'after' : 'first'}`, () => {
      const date = sql.placeholder('date');
      const conditions = [
        eq(documents.personId, sql.placeholder('personId')),
        byCategory ? eq(documents.category, sql.placeholder('category')) : undefined,
        afterCursor ? or(lt(documents.documentDate, date), and(eq(documents.documentDate, date), lt(documents.id, sql.placeholder('id')))) : undefined,
      ];
      return db
        .select()
        .from(documents)
        .where(and(...conditions))
        .orderBy(desc(documents.documentDate), desc(documents.id))
        .limit(sql.placeholder('limit'));
    });
  return {
    all: { first: build(false, false), after: build(false, true) },
    category: { first: build(true, false), after: build(true, true) },
  };
}
