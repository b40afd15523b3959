import { createHash } from 'node:crypto';
import type { DocumentRow } from '../../../db/schema';
import { err, ok, type Result } from '../../platform/shared/result';
import type { Logger } from '../../log';
import type { TenantDefinition } from '../../tenants';
import type { AccountsService } from '../accounts/accounts.service';
import type { PersonStore } from '../person/person.store';
import { isoInstant, type Clock } from '../../platform/shared/clock';
import { DomainError } from '../../platform/shared/errors';
import type { RequestScope } from '../../platform/shared/request-scope';
import { isoDateVienna } from '@contract/dates';
import { fill } from '@contract/i18n/fill';
import transport from '@contract/i18n/de/transport.json';
import { payoutDueDate } from '../claims/claims.rules';
import {
  countsInOrder,
  isUnread,
  MAX_PAGE_SIZE,
  pageFrom,
  parseDocumentId,
  parsePageRequest,
  type DocumentCategory,
  type DocumentCount,
  type DocumentPage,
} from './documents.rules';
import type { DocumentsStore } from './documents.store';
import { createArchiveCache } from './archive-cache';
import { renderLetter, type LetterContent } from './pdf/letter';
import { claimConfirmationLetter, mergeConfirmationLetter } from './pdf/request-templates';
import { mandateLetter, paymentStatementLetter, pensionModelLetter, taxConfirmationLetter } from './pdf/contract-templates';
import { pkStatementLetter, recipientOf, vkStatementLetter } from './pdf/templates';

/** What `markRead` gives on success: the document as it is now (read). */
export interface MarkedRead {
  document: DocumentRow;
}

/** Result of `markRead`: the document, or NOT_FOUND (the same for an unknown, malformed or another member's id). */
export type MarkReadResult = Result<MarkedRead, 'NOT_FOUND'>;

/** A download: the archive's file name, the archived PDF bytes and their SHA-256 (hex, the ETag). */
export interface ArchivedDocument {
  fileName: string;
  contentType: 'application/pdf';
  bytes: Buffer;
  sha256: string;
}

/** The application a confirmation is issued for: a severance claim or a merge request, by table and row id. */
export interface ConfirmationSource {
  table: 'severance_claims' | 'merge_requests';
  id: number;
}

/** File-name prefix of a confirmation PDF, by source table. */
const CONFIRMATION_FILE_PREFIX: Record<ConfirmationSource['table'], string> = { severance_claims: 'Antragsbestaetigung', merge_requests: 'Zusammenlegung' };

/** Renders a letter to PDF bytes; the default is pdfkit's `renderLetter`, tests pass another "template". */
export type LetterRenderer = typeof renderLetter;

/**
 * The documents archive of the session's person (spec 001 section 2 "Documents"). Every call takes the person id of
 * the session; a document of another member behaves exactly like one that does not exist. The regional tenant has
 * no archive: lists are empty, counts are [], and every id is NOT_FOUND. A document's PDF is rendered once from the
 * stored rows it points at and archived with its SHA-256 (`archive`, at the latest on the first download); every
 * download serves the archived bytes (docs/decisions/0018-archived-documents.md). Built once per
 * process; lists and statement data are read through the DataLoaders of the request's scope.
 */
export function createDocumentsService(deps: {
  store: DocumentsStore;
  personStore: PersonStore;
  accounts: AccountsService;
  tenant: TenantDefinition;
  clock: Clock;
  logger: Logger;
  /** The PDF renderer; pdfkit's letter layout unless a test swaps the template. */
  renderer?: LetterRenderer;
  /** Bound of the in-process cache of archived PDF bytes (`DOCUMENT_CACHE_BYTES`); 0 or absent: no cache. */
  cacheBytes?: number;
}) {
  const { store, personStore, accounts, tenant, clock, logger } = deps;
  const render = deps.renderer ?? renderLetter;
  const cache = createArchiveCache(deps.cacheBytes ?? 0);

  /** The archived bytes named `sha256` of the person's document `documentId` (found by the caller): cached, else read. */
  async function archivedBytes(documentId: number, sha256: string): Promise<Buffer | undefined> {
    const cached = cache.get(sha256);
    if (cached) return cached;
    const bytes = await store.fileContent(documentId);
    if (bytes) cache.put(sha256, bytes);
    return bytes;
  }

  /**
   * The archived PDF of the person's document `row`, rendering and archiving it first if it has none yet. Null when
   * the document has no renderable source (or the person is gone).
   */
  async function archivedFile(scope: RequestScope, row: DocumentRow, personId: number): Promise<{ sha256: string; content: Buffer } | null> {
    const stored = await store.findFile(row.id);
    if (stored) return stored;
    const person = await personStore.findById(personId);
    const content = person ? await letterFor(scope, row, personId) : null;
    if (!person || !content) return null;
    const bytes = await render(content, recipientOf(person), tenant.name);
    const sha256 = createHash('sha256').update(bytes).digest('hex');
    return store.archiveFile({ documentId: row.id, sha256, content: bytes, archivedAt: isoInstant(clock.now()) });
  }

  /** Drops the request's cached documents and counts of the person after a change (a new or a read document). */
  function forget(scope: RequestScope, personId: number): void {
    scope.loaders.documentsByPerson.clear(personId);
    scope.loaders.documentCountsByPerson.clear(personId);
  }

  /** The archived PDF of the person's document `id` (its first download: rendered and archived now), or null. */
  async function renderedFile(scope: RequestScope, id: number, personId: number): Promise<{ sha256: string; content: Buffer } | null> {
    const row = await store.findOwn(id, personId);
    return row ? archivedFile(scope, row, personId) : null;
  }

  /** All documents of the person, newest first; [] without the archive. */
  async function list(scope: RequestScope, personId: number): Promise<DocumentRow[]> {
    if (!tenant.documentsArchive) return [];
    return scope.loaders.documentsByPerson.load(personId);
  }

  /** The confirmation letter of the person's claim `claimId`, or null for an unknown or foreign claim. */
  async function claimLetter(claimId: number, personId: number): Promise<LetterContent | null> {
    const source = await store.severanceClaimOwn(claimId, personId);
    if (!source) return null;
    const submittedOn = isoDateVienna(Date.parse(source.claim.submittedAt));
    return claimConfirmationLetter({
      claim: source.claim,
      account: { accountNumber: source.accountNumber },
      submittedOn,
      dueDate: payoutDueDate(submittedOn),
      files: source.files,
    });
  }

  /** The confirmation letter of the person's merge request `requestId`, or null for an unknown or foreign request. */
  async function mergeLetter(requestId: number, personId: number): Promise<LetterContent | null> {
    const source = await store.mergeRequestOwn(requestId, personId);
    if (!source) return null;
    return mergeConfirmationLetter({ request: source.request, submittedOn: isoDateVienna(Date.parse(source.request.submittedAt)), files: source.files });
  }

  /** The letter of an application confirmation (CLAIM_CONFIRMATION) made from `source`. */
  function confirmationLetter(source: ConfirmationSource, personId: number): Promise<LetterContent | null> {
    return source.table === 'severance_claims' ? claimLetter(source.id, personId) : mergeLetter(source.id, personId);
  }

  /** The letter content of a document from its source row, or null when the source is missing or not the person's. */
  async function letterFor(scope: RequestScope, row: DocumentRow, personId: number): Promise<LetterContent | null> {
    if (row.sourceTable === 'pk_statements' && (row.category === 'PERFORMANCE_STATEMENT' || row.category === 'TAX_CONFIRMATION' || row.category === 'PAYMENT_STATEMENT')) {
      const source = await store.pkStatementOwn(row.sourceId, personId);
      if (!source) return null;
      const { statement, contract } = source;
      if (row.category === 'TAX_CONFIRMATION') return taxConfirmationLetter({ statement, contract, vrgName: await accounts.vrgName(scope, contract.vrg) });
      if (row.category === 'PAYMENT_STATEMENT') return paymentStatementLetter({ statement, contract });
      const [statements, employer, vrgName, performance] = await Promise.all([
        scope.loaders.pkStatementsByContract.load(contract.id),
        accounts.employer(scope, contract.employerId),
        accounts.vrgName(scope, contract.vrg),
        scope.loaders.vrgPerformanceByVrg.load(contract.vrg),
      ]);
      const index = statements.findIndex((s) => s.id === statement.id);
      const year = Number(statement.stichtag.slice(0, 4));
      return pkStatementLetter({
        statement,
        previous: index > 0 ? statements[index - 1]! : null,
        contract,
        employerName: employer.name,
        vrgName,
        vrgReturnBp: performance.find((p) => p.year === year)?.returnBp ?? null,
      });
    }
    if (row.sourceTable === 'vk_statements' && row.category === 'VK_ACCOUNT_STATEMENT') {
      const source = await store.vkStatementOwn(row.sourceId, personId);
      if (!source) return null;
      const { statement, account } = source;
      const [statements, employer] = await Promise.all([scope.loaders.vkStatementsByAccount.load(account.id), accounts.employer(scope, account.employerId)]);
      const index = statements.findIndex((s) => s.id === statement.id);
      return vkStatementLetter({ statement, previous: index > 0 ? statements[index - 1]! : null, account, employerName: employer.name });
    }
    if (row.sourceTable === 'pk_contracts' && row.category === 'PENSION_MODEL_INFO') {
      const contract = await store.pkContractOwn(row.sourceId, personId);
      if (!contract) return null;
      const [employer, customer, vrgName] = await Promise.all([
        accounts.employer(scope, contract.employerId),
        accounts.employer(scope, contract.customerId),
        accounts.vrgName(scope, contract.vrg),
      ]);
      return pensionModelLetter({ contract, employerName: employer.name, customerName: customer.name, vrgName });
    }
    if (row.sourceTable === 'mandates' && row.category === 'TAX_CONFIRMATION') {
      const source = await store.mandateOwn(row.sourceId, personId);
      return source ? mandateLetter(source) : null;
    }
    if (row.sourceTable === 'severance_claims' && row.category === 'CLAIM_CONFIRMATION') return claimLetter(row.sourceId, personId);
    if (row.sourceTable === 'merge_requests' && row.category === 'CLAIM_CONFIRMATION') return mergeLetter(row.sourceId, personId);
    // PAYROLL_ACCOUNT and any unknown pairing: nothing the portal can render.
    logger.warn('document without a renderable source', { documentId: row.id, category: row.category, sourceTable: row.sourceTable });
    return null;
  }

  return {
    list,

    /**
     * One page of the person's documents, newest first, optionally of one category (`first` 1..200, default 50;
     * `after` the `endCursor` of the previous page). Throws BAD_REQUEST (GraphQL BAD_USER_INPUT) for a `first`
     * outside that range or a cursor this server did not make (messages transport.json `pageFirst`, `pageCursor`).
     */
    async page(
      scope: RequestScope,
      personId: number,
      args: { category?: DocumentCategory | null; first?: number | null; after?: string | null },
    ): Promise<DocumentPage<DocumentRow>> {
      const parsed = parsePageRequest(args);
      if (!parsed.ok) {
        throw new DomainError('BAD_REQUEST', parsed.error === 'INVALID_FIRST' ? fill(transport.pageFirst, { max: MAX_PAGE_SIZE }) : transport.pageCursor);
      }
      const { category, first, cursor } = parsed.request;
      if (!tenant.documentsArchive) return pageFrom([], first, { total: 0, unread: 0 });
      // Only the page's rows (one more tells whether another page follows) and the totals of the shared GROUP BY.
      const counts = countsInOrder(await scope.loaders.documentCountsByPerson.load(personId)).filter((c) => category === null || c.category === category);
      const totals = { total: counts.reduce((n, c) => n + c.total, 0), unread: counts.reduce((n, c) => n + c.unread, 0) };
      const rows = totals.total === 0 ? [] : await store.page(personId, category, cursor, first + 1);
      return pageFrom(rows, first, totals);
    },

    /** Total and unread documents per category, every category once (DOCUMENT_CATEGORIES order); [] without the archive. */
    async counts(scope: RequestScope, personId: number): Promise<DocumentCount[]> {
      if (!tenant.documentsArchive) return [];
      return countsInOrder(await scope.loaders.documentCountsByPerson.load(personId));
    },

    /** Number of unread documents of the person (0 without the archive); shares the counts' query. */
    async unreadCount(scope: RequestScope, personId: number): Promise<number> {
      if (!tenant.documentsArchive) return 0;
      return (await scope.loaders.documentCountsByPerson.load(personId)).reduce((n, c) => n + c.total - c.read, 0);
    },

    /**
     * The statement document (Leistungsnachweis or Kontonachricht) made from statement `statementId` of `sourceTable`,
     * or null (none, regional tenant). The statement must already be the person's (reached through `me`).
     */
    async forStatement(scope: RequestScope, personId: number, sourceTable: 'pk_statements' | 'vk_statements', statementId: number): Promise<DocumentRow | null> {
      const category: DocumentCategory = sourceTable === 'pk_statements' ? 'PERFORMANCE_STATEMENT' : 'VK_ACCOUNT_STATEMENT';
      return (await list(scope, personId)).find((d) => d.category === category && d.sourceTable === sourceTable && d.sourceId === statementId) ?? null;
    },

    /**
     * Marks the person's document `rawId` read (idempotent: an already read document keeps its first read time).
     * An unknown, malformed or foreign id, and every id on the regional tenant, gives the same NOT_FOUND result and
     * changes nothing. The request's cached list of the person's documents is dropped.
     */
    async markRead(scope: RequestScope, personId: number, rawId: string | number): Promise<MarkReadResult> {
      const id = parseDocumentId(String(rawId));
      if (id === null || !tenant.documentsArchive || !(await store.findOwn(id, personId))) return err('NOT_FOUND');
      await store.markRead(id, personId, isoInstant(clock.now()));
      forget(scope, personId);
      const document = await store.findOwn(id, personId);
      return document ? ok({ document }) : err('NOT_FOUND');
    },

    /**
     * Issues document `documentId` of the person: renders its PDF from the stored source rows and archives it, unless
     * it is archived already. Call it when a document is created, so the member later receives exactly what was
     * issued. Returns the SHA-256 (hex), or null for a foreign or unknown id or a document without renderable source.
     */
    async archive(scope: RequestScope, personId: number, documentId: number): Promise<string | null> {
      const row = await store.findOwn(documentId, personId);
      return row ? ((await archivedFile(scope, row, personId))?.sha256 ?? null) : null;
    },

    /**
     * Issues the confirmation of an application the person sent in the portal (category CLAIM_CONFIRMATION, "Bestätigungen
     * Ihrer Anträge"): a severance claim (decision 0015) or a merge request (decision 0023), named by `source`. With
     * the documents archive (main tenant) the document is stored and its PDF rendered and archived at once (`archive`,
     * decision 0018); without it (regional tenant) the PDF is only rendered. Resolves to the PDF's file name, title and
     * bytes for the inbox message, or null for an unknown or foreign source. Call it inside the application's write
     * transaction, so an application never stands without its confirmation.
     */
    async issueConfirmation(scope: RequestScope, personId: number, source: ConfirmationSource): Promise<{ fileName: string; title: string; bytes: Buffer } | null> {
      const person = await personStore.findById(personId);
      const content = person ? await confirmationLetter(source, personId) : null;
      if (!person || !content) return null;
      const fileName = `${CONFIRMATION_FILE_PREFIX[source.table]}_${content.documentDate}_${source.id}.pdf`;
      if (!tenant.documentsArchive) return { fileName, title: content.title, bytes: await render(content, recipientOf(person), tenant.name) };
      const row = await store.insert({
        personId,
        category: 'CLAIM_CONFIRMATION',
        fund: 'VK',
        title: content.title,
        documentDate: content.documentDate,
        sourceTable: source.table,
        sourceId: source.id,
        fileName,
        createdAt: isoInstant(clock.now()),
      });
      forget(scope, personId);
      const file = await archivedFile(scope, row, personId);
      return file ? { fileName, title: content.title, bytes: file.content } : null;
    },

    /**
     * The person's document `rawId` (the download route's `?id=`): the archived PDF (archived now if this is its
     * first download) with its SHA-256, and the document marked read. Null for an unknown, malformed or foreign id, a
     * document without a renderable source, and on the regional tenant: the caller answers all of them with the same
     * 404.
     */
    async download(scope: RequestScope, personId: number, rawId: string | number): Promise<ArchivedDocument | null> {
      const id = parseDocumentId(String(rawId));
      if (id === null || !tenant.documentsArchive) return null;
      // The authorisation read (the person's own document) carries the archived file's SHA-256: the ETag, and the key
      // of the bytes in the cache. Without an archived file yet, this first download renders and archives it.
      const found = await store.findOwnWithSha256(id, personId);
      if (!found) return null;
      const bytes = found.sha256 === null ? undefined : await archivedBytes(found.id, found.sha256);
      const file = bytes && found.sha256 !== null ? { sha256: found.sha256, content: bytes } : await renderedFile(scope, found.id, personId);
      if (!file) return null;
      // A repeated download writes nothing: the row just read says whether the document is still unread.
      if (isUnread(found)) {
        await store.markRead(found.id, personId, isoInstant(clock.now()));
        forget(scope, personId);
      }
      return { fileName: found.fileName, contentType: 'application/pdf', bytes: file.content, sha256: file.sha256 };
    },
  };
}

export type DocumentsService = ReturnType<typeof createDocumentsService>;
