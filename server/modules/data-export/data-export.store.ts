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

/**
 * The tables archived as plain rows of the person (by their `personId`), each with the column that orders them (oldest
 * first): bank accounts, contact duties and board seats (person.json), forms, own-contribution mandates with their
 * debits and premium applications, consents, the change log, sessions (without their token hash) and login attempts,
 * security events, mails sent and uploads (metadata), and documents (metadata).
 */
const OWN_TABLES = {
  bankAccounts: [bankAccounts, bankAccounts.validFrom],
  contactDuties: [contactDuties, contactDuties.id],
  supervisoryBoardSeats: [supervisoryBoardSeats, supervisoryBoardSeats.since],
  forms: [formSubmissions, formSubmissions.id],
  mandates: [mandates, mandates.id],
  debits: [mandateDebits, mandateDebits.dueDate],
  premiumApplications: [premiumApplications, premiumApplications.personId],
  consents: [consentRecords, consentRecords.id],
  changes: [profileChanges, profileChanges.id],
  sessions: [sessions, sessions.createdAt],
  loginAttempts: [loginAttempts, loginAttempts.id],
  securityEvents: [securityEvents, securityEvents.id],
  sent: [sentMails, sentMails.id],
  uploads: [uploads, uploads.createdAt],
  documents: [documents, documents.id],
} as const satisfies Record<string, readonly [SQLiteTable & { personId: SQLiteColumn }, SQLiteColumn]>;

type OwnTable = keyof typeof OWN_TABLES;

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
    /**
     * The person's plain rows of each named table of `OWN_TABLES` (archived columns, in its order column's order), by
     * name, in the order of `names`.
     */
    async ownRows<N extends OwnTable>(personId: number, ...names: N[]): Promise<Record<N, ArchiveRecord[]>> {
      const out = {} as Record<N, ArchiveRecord[]>;
      for (const name of names) {
        const [table, orderBy] = OWN_TABLES[name];
        out[name] = await rowsOf(table, table.personId, personId, orderBy);
      }
      return out;
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
  };
}

export type DataExportStore = ReturnType<typeof createDataExportStore>;
