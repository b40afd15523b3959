/**
 * The SQL of the data archive (GDPR Art. 15 and 20; docs/decisions/0052-data-archive.md): the `data_exports` rows,
 * and the reads that span every area of the portal for one person's archive. It is the one named home of these
 * cross-area reads (ARCHITECTURE.md "reads that span areas"); every read takes the person id and filters by it in SQL.
 * Rows are read with all their columns but the secrets and the file bytes (`OMITTED`), so a column another area adds
 * later is in the archive without a change here.
 */
import { and, asc, eq, getTableColumns, inArray, lte, or } from 'drizzle-orm';
import type { SQLiteColumn, SQLiteTable } from 'drizzle-orm/sqlite-core';
import { writeTransaction, type Db } from '../../../db/client';
import {
  bankAccounts,
  claimFiles,
  consentRecords,
  contactDuties,
  dataExports,
  documents,
  formSubmissions,
  loginAttempts,
  mandateDebits,
  mandates,
  mergeRequestFiles,
  mergeRequests,
  messageAttachments,
  messages,
  persons,
  pkContracts,
  pkStatements,
  premiumApplications,
  profileChanges,
  securityEvents,
  sentMails,
  sessions,
  severanceClaims,
  supervisoryBoardSeats,
  uploads,
  vkAccounts,
  vkStatements,
  type DataExportRow,
} from '../../../db/schema';

/**
 * Columns never written to an archive: password and token hashes (a session's `tokenHash`), and file bytes (`content`,
 * written as files of their own). Named once for every table.
 */
const OMITTED: ReadonlySet<string> = new Set(['tokenHash', 'passwordHash', 'content']);

/** One record as it goes into the archive's JSON: column name → value (strings, numbers, booleans, null, parsed JSON). */
export type ArchiveRecord = Record<string, unknown>;

/** Every column of `table` but the omitted ones, for `db.select(…)`. */
function archived(table: SQLiteTable): Record<string, SQLiteColumn> {
  return Object.fromEntries(Object.entries(getTableColumns(table)).filter(([name]) => !OMITTED.has(name))) as Record<string, SQLiteColumn>;
}

export function createDataExportStore(db: Db) {
  /** The person's rows of `table` (filtered by `personColumn`), all archived columns, in the order of `orderBy`. */
  const rowsOf = (table: SQLiteTable, personColumn: SQLiteColumn, personId: number, orderBy: SQLiteColumn): Promise<ArchiveRecord[]> =>
    db.select(archived(table)).from(table).where(eq(personColumn, personId)).orderBy(asc(orderBy)) as Promise<ArchiveRecord[]>;

  /** Rows of `table` whose `parentColumn` is one of `parentIds`, in the order of `orderBy`; [] without parents. */
  const childrenOf = (table: SQLiteTable, parentColumn: SQLiteColumn, parentIds: number[], orderBy: SQLiteColumn): Promise<ArchiveRecord[]> =>
    parentIds.length === 0
      ? Promise.resolve([])
      : (db.select(archived(table)).from(table).where(inArray(parentColumn, parentIds)).orderBy(asc(orderBy)) as Promise<ArchiveRecord[]>);

  const ids = (rows: ArchiveRecord[]) => rows.map((r) => r.id as number);

  return {
    // --- the data_exports rows -------------------------------------------------------------------------------------

    /** Runs `fn` in one write transaction (the READY mark and the mail to the outbox commit together). */
    transaction<T>(fn: () => Promise<T>): Promise<T> {
      return writeTransaction(db, fn);
    },

    /** Adds a PENDING request of `personId` at `requestedAt` (ISO instant); the new row. Joins the caller's write transaction. */
    async insertPending(personId: number, requestedAt: string): Promise<DataExportRow> {
      const rows = await writeTransaction(db, () => db.insert(dataExports).values({ personId, status: 'PENDING', requestedAt }).returning());
      return rows[0]!;
    },
    /** The person's newest request (highest id), or undefined. */
    async newestOf(personId: number): Promise<DataExportRow | undefined> {
      const rows = await db.select().from(dataExports).where(eq(dataExports.personId, personId)).orderBy(asc(dataExports.id));
      return rows.at(-1);
    },
    /** The request `id` when it belongs to `personId`; undefined for an unknown or foreign id alike. */
    async findOwn(id: number, personId: number): Promise<DataExportRow | undefined> {
      return (
        await db
          .select()
          .from(dataExports)
          .where(and(eq(dataExports.id, id), eq(dataExports.personId, personId)))
          .limit(1)
      )[0];
    },
    /** Every PENDING request, oldest first (the job's work list). */
    async pending(): Promise<DataExportRow[]> {
      return db.select().from(dataExports).where(eq(dataExports.status, 'PENDING')).orderBy(asc(dataExports.id));
    },
    /** READY archives whose `expiresAt` is at or before `nowIso`. */
    async expiredBy(nowIso: string): Promise<DataExportRow[]> {
      return db
        .select()
        .from(dataExports)
        .where(and(eq(dataExports.status, 'READY'), lte(dataExports.expiresAt, nowIso)))
        .orderBy(asc(dataExports.id));
    },
    /** Marks PENDING request `id` READY with its file; false when it was no longer PENDING (another run finished it). */
    async markReady(id: number, values: { readyAt: string; expiresAt: string; storageKey: string; byteSize: number }): Promise<boolean> {
      const rows = await writeTransaction(db, () =>
        db
          .update(dataExports)
          .set({ status: 'READY', ...values })
          .where(and(eq(dataExports.id, id), eq(dataExports.status, 'PENDING')))
          .returning({ id: dataExports.id }),
      );
      return rows.length === 1;
    },
    /** Marks READY archive `id` EXPIRED and forgets its file and unlock. */
    async markExpired(id: number): Promise<void> {
      await writeTransaction(db, () =>
        db
          .update(dataExports)
          .set({ status: 'EXPIRED', storageKey: null, unlockedAt: null, unlockedSession: null })
          .where(and(eq(dataExports.id, id), or(eq(dataExports.status, 'READY'), eq(dataExports.status, 'PENDING')))),
      );
    },
    /** Records the download unlock of the person's archive `id` by the session `sessionHash` at `nowIso`. */
    async unlock(id: number, personId: number, sessionHash: string, nowIso: string): Promise<void> {
      await writeTransaction(db, () =>
        db
          .update(dataExports)
          .set({ unlockedAt: nowIso, unlockedSession: sessionHash })
          .where(and(eq(dataExports.id, id), eq(dataExports.personId, personId))),
      );
    },

    // --- the reads across areas for one person's archive -----------------------------------------------------------

    /** The person row (archived columns), or undefined. */
    async person(personId: number): Promise<ArchiveRecord | undefined> {
      return (await rowsOf(persons, persons.id, personId, persons.id))[0];
    },
    /** Bank accounts, contact duties and supervisory-board seats of the person. */
    async personExtras(personId: number) {
      return {
        bankAccounts: await rowsOf(bankAccounts, bankAccounts.personId, personId, bankAccounts.validFrom),
        contactDuties: await rowsOf(contactDuties, contactDuties.personId, personId, contactDuties.id),
        supervisoryBoardSeats: await rowsOf(supervisoryBoardSeats, supervisoryBoardSeats.personId, personId, supervisoryBoardSeats.since),
      };
    },
    /** Pension contracts, each with its statements for every Stichtag (oldest first). */
    async pensionContracts(personId: number): Promise<ArchiveRecord[]> {
      const contracts = await rowsOf(pkContracts, pkContracts.personId, personId, pkContracts.id);
      const statements = await childrenOf(pkStatements, pkStatements.contractId, ids(contracts), pkStatements.stichtag);
      return contracts.map((c) => ({ ...c, statements: statements.filter((s) => s.contractId === c.id) }));
    },
    /** Severance accounts, each with its statements for every Stichtag (oldest first). */
    async severanceAccounts(personId: number): Promise<ArchiveRecord[]> {
      const accounts = await rowsOf(vkAccounts, vkAccounts.personId, personId, vkAccounts.id);
      const statements = await childrenOf(vkStatements, vkStatements.accountId, ids(accounts), vkStatements.stichtag);
      return accounts.map((a) => ({ ...a, statements: statements.filter((s) => s.accountId === a.id) }));
    },
    /** Every message of the person (both inboxes, both directions), oldest first, each with its attachments' metadata. */
    async messages(personId: number): Promise<ArchiveRecord[]> {
      const rows = await rowsOf(messages, messages.personId, personId, messages.id);
      const attachments = await childrenOf(messageAttachments, messageAttachments.messageId, ids(rows), messageAttachments.id);
      return rows.map((m) => ({ ...m, attachments: attachments.filter((a) => a.messageId === m.id) }));
    },
    /** The bytes of message attachment `id` (the caller found it among the person's messages). */
    async attachmentContent(id: number): Promise<Buffer | undefined> {
      return (await db.select({ content: messageAttachments.content }).from(messageAttachments).where(eq(messageAttachments.id, id)))[0]?.content;
    },
    /** Form submissions of the person, oldest first. */
    async forms(personId: number): Promise<ArchiveRecord[]> {
      return rowsOf(formSubmissions, formSubmissions.personId, personId, formSubmissions.id);
    },
    /** Severance claims and merge requests of the person, each with its files' metadata. */
    async claims(personId: number) {
      const claims = await rowsOf(severanceClaims, severanceClaims.personId, personId, severanceClaims.id);
      const files = await childrenOf(claimFiles, claimFiles.claimId, ids(claims), claimFiles.id);
      const merges = await rowsOf(mergeRequests, mergeRequests.personId, personId, mergeRequests.id);
      const mergeFiles = await childrenOf(mergeRequestFiles, mergeRequestFiles.mergeRequestId, ids(merges), mergeRequestFiles.id);
      return {
        severanceClaims: claims.map((c) => ({ ...c, files: files.filter((f) => f.claimId === c.id) })),
        mergeRequests: merges.map((m) => ({ ...m, files: mergeFiles.filter((f) => f.mergeRequestId === m.id) })),
      };
    },
    /** The bytes of claim file `id`. */
    async claimFileContent(id: number): Promise<Buffer | undefined> {
      return (await db.select({ content: claimFiles.content }).from(claimFiles).where(eq(claimFiles.id, id)))[0]?.content;
    },
    /** The bytes of merge-request file `id`. */
    async mergeFileContent(id: number): Promise<Buffer | undefined> {
      return (await db.select({ content: mergeRequestFiles.content }).from(mergeRequestFiles).where(eq(mergeRequestFiles.id, id)))[0]?.content;
    },
    /** Own-contribution mandates, their debits and the premium application of the person. */
    async mandates(personId: number) {
      return {
        mandates: await rowsOf(mandates, mandates.personId, personId, mandates.id),
        debits: await rowsOf(mandateDebits, mandateDebits.personId, personId, mandateDebits.dueDate),
        premiumApplications: await rowsOf(premiumApplications, premiumApplications.personId, personId, premiumApplications.personId),
      };
    },
    /** Consent records of the person, oldest first. */
    async consents(personId: number): Promise<ArchiveRecord[]> {
      return rowsOf(consentRecords, consentRecords.personId, personId, consentRecords.id);
    },
    /** The person's change log, oldest first. */
    async changes(personId: number): Promise<ArchiveRecord[]> {
      return rowsOf(profileChanges, profileChanges.personId, personId, profileChanges.id);
    },
    /** Sessions (without their token hash) and login attempts of the person, oldest first. */
    async logins(personId: number) {
      return {
        sessions: await rowsOf(sessions, sessions.personId, personId, sessions.createdAt),
        loginAttempts: await rowsOf(loginAttempts, loginAttempts.personId, personId, loginAttempts.id),
      };
    },
    /** Security events of the person, oldest first. */
    async securityEvents(personId: number): Promise<ArchiveRecord[]> {
      return rowsOf(securityEvents, securityEvents.personId, personId, securityEvents.id);
    },
    /** Mails sent to the person and their uploads (metadata), oldest first. */
    async mailsAndUploads(personId: number) {
      return {
        sent: await rowsOf(sentMails, sentMails.personId, personId, sentMails.id),
        uploads: await rowsOf(uploads, uploads.personId, personId, uploads.createdAt),
      };
    },
    /** The person's documents (metadata), oldest first. */
    async documents(personId: number): Promise<ArchiveRecord[]> {
      return rowsOf(documents, documents.personId, personId, documents.id);
    },
  };
}

export type DataExportStore = ReturnType<typeof createDataExportStore>;
