/**
 * Statements in (decision 0057): the fund's core system publishes a member's yearly statement of a Pensionskasse
 * contract or a Vorsorgekasse account. One import stores the statement's figures for its Stichtag (the account
 * information and the balance waterfall read them, spec 001 section 3), archives the fund's PDF as the member's
 * document (decision 0018), sends the notice by the member's delivery choice and writes `statement.imported`, all in
 * one write transaction. Built once per process; takes the actor, so the staff workbench calls the same function.
 */
import { createHash } from 'node:crypto';
import { mkdir, rename, writeFile } from 'node:fs/promises';
import { dirname, join, resolve } from 'node:path';
import { afterCommit, writeTransaction, type Db } from '../../../db/client';
import type { PersonRow } from '../../../db/schema';
import type { Config } from '../../config';
import type { Logger } from '../../log';
import type { TenantDefinition } from '../../tenants';
import type { DocumentsStore } from '../../modules/documents/documents.store';
import type { Idempotency } from '../../platform/idempotency/idempotency';
import type { Mailer } from '../../platform/mail/mailer';
import { portalLink, renderMail, salutationFor } from '../../platform/mail/templates';
import { isoInstant, type Clock } from '../../platform/shared/clock';
import { err, ok, type Err, type Result } from '../../platform/shared/result';
import { IDEMPOTENCY_KEY_PATTERN } from '@contract/idempotency';
import { isoDateVienna } from '@contract/dates';
import { formatDate } from '@contract/format';
import { fill } from '@contract/i18n/fill';
import texts from '@contract/i18n/de/fund-import.json';
import { insuranceNumberKind, normalizeSvnr } from '@contract/svnr';
import type { EventActor } from '../events/event-types';
import type { FundEventsStore } from '../events/events.store';
import {
  checkPkFigures,
  checkVkFigures,
  figureRangeRefusal,
  pkFiguresOf,
  vkFiguresOf,
  type FigureRefusal,
  type Neighbours,
  type PkStatementFigures,
  type VkStatementFigures,
} from './statement-figures';
import { decodeStatementPdf } from './statement-pdf';
import type { StatementImportStore } from './statement-import.store';

/** The fund a statement belongs to: PK (Pensionskasse contract) or VK (Vorsorgekasse account). */
export type StatementFund = 'PK' | 'VK';

/** What `importStatement` takes (the GraphQL input `ImportStatementInput` satisfies it). */
export interface ImportStatementInput {
  idempotencyKey: string;
  svnr: string;
  fund: StatementFund;
  /** PK: the contract number (`pk_contracts.contract_number`); VK: the account number (`vk_accounts.account_number`). */
  contractNumber: string;
  /** ISO date, always a 31 December (the tables' Stichtag). */
  stichtag: string;
  /** Exactly the group of `fund`: `pk` for PK, `vk` for VK, all integer cents. */
  figures: { pk?: PkStatementFigures | null; vk?: VkStatementFigures | null };
  /** The statement PDF, base64 (RFC 4648 section 4). */
  pdf: string;
}

/** How the member was told: an e-mail notice (digital delivery chosen and an address known) or the PDF by post. */
export type StatementNotice = 'EMAIL' | 'LETTER';

/** The answer of an import (also the answer replayed for the same key and input). */
export interface ImportedStatement {
  personId: number;
  fund: StatementFund;
  contractNumber: string;
  stichtag: string;
  /** Row id in `pk_statements` or `vk_statements`. */
  statementId: number;
  /** The member's archived document, or null on a tenant without the documents archive. */
  documentId: number | null;
  notice: StatementNotice;
  /** SHA-256 of the archived PDF, 64 lower-case hex digits. */
  pdfSha256: string;
}

/** Refusal codes of `importStatement`; their English messages are `IMPORT_STATEMENT_MESSAGES`. */
export type ImportStatementCode =
  | 'IDEMPOTENCY_KEY_INVALID'
  | 'IDEMPOTENCY_KEY_REUSED'
  | 'SVNR_INVALID'
  | 'UNKNOWN_SVNR'
  | 'CONTRACT_NUMBER_INVALID'
  | 'UNKNOWN_CONTRACT'
  | 'CONTRACT_OF_OTHER_PERSON'
  | 'STICHTAG_INVALID'
  | 'STICHTAG_IN_FUTURE'
  | 'STICHTAG_BEFORE_START'
  | 'STATEMENT_EXISTS'
  | 'FIGURES_FUND_MISMATCH'
  | 'FIGURE_OUT_OF_RANGE'
  | 'FIGURES_DO_NOT_ADD_UP'
  | 'PDF_INVALID'
  | 'PDF_TOO_LARGE';

/** The English message of each refusal (for the integrator's log; decision 0053). */
export const IMPORT_STATEMENT_MESSAGES: Readonly<Record<ImportStatementCode, string>> = {
  IDEMPOTENCY_KEY_INVALID: 'idempotencyKey must be 16 to 100 characters of A-Z, a-z, 0-9, _ and -.',
  IDEMPOTENCY_KEY_REUSED: 'This idempotencyKey was used with other input; use a new key for a new import.',
  SVNR_INVALID: 'svnr is no valid insurance number (10-digit SVNR with its check digit, or R/A number).',
  UNKNOWN_SVNR: 'No person with this svnr.',
  CONTRACT_NUMBER_INVALID: 'contractNumber must be 1 to 40 characters of letters, digits, space, ".", "/" and "-".',
  UNKNOWN_CONTRACT: 'No contract (PK) or account (VK) with this number in this fund.',
  CONTRACT_OF_OTHER_PERSON: 'The contract or account belongs to another person than svnr.',
  STICHTAG_INVALID: 'stichtag must be a 31 December.',
  STICHTAG_IN_FUTURE: 'stichtag lies in the future.',
  STICHTAG_BEFORE_START: 'stichtag lies before the year the contract or account started.',
  STATEMENT_EXISTS: 'A statement for this contract or account and stichtag exists already; an issued statement is not replaced.',
  FIGURES_FUND_MISMATCH: 'figures must hold exactly the group of the fund: pk for PK, vk for VK.',
  FIGURE_OUT_OF_RANGE: 'A figure is out of range (integer cents, at most 10^12, negative only for fluctuationReserveCents and investmentResultCents).',
  FIGURES_DO_NOT_ADD_UP: 'The figures do not add up (the balance equations of the statement tables; see the field).',
  PDF_INVALID: 'pdf is not a base64-encoded PDF (%PDF- header and %%EOF trailer).',
  PDF_TOO_LARGE: 'pdf is larger than 5 MiB.',
};

type ImportResult = Result<ImportedStatement, ImportStatementCode>;

/** The idempotency scope of the import (decision 0057); one key answers one import. */
export const IMPORT_STATEMENT_SCOPE = 'fund.importStatement';

const CONTRACT_NUMBER = /^[A-Za-z0-9][A-Za-z0-9 ./-]{0,39}$/;

/** The neighbours of `stichtag` among `rows` (oldest first) for the roll-forward check. */
function neighboursOf<R extends { stichtag: string }, F>(rows: readonly R[], stichtag: string, figures: (row: R) => F): Neighbours<F> {
  const year = Number(stichtag.slice(0, 4));
  const previous = rows.find((r) => r.stichtag === `${year - 1}-12-31`);
  const next = rows.find((r) => r.stichtag === `${year + 1}-12-31`);
  return { previousYear: previous ? figures(previous) : null, anyEarlier: rows.some((r) => r.stichtag < stichtag), nextYear: next ? figures(next) : null };
}

/** `err` with the refused field, when the refusal is about one. */
const refuse = (code: ImportStatementCode, field?: string): Err<ImportStatementCode> => err(code, field ? [{ field, code }] : []);
const refuseFigures = (r: FigureRefusal): Err<ImportStatementCode> => refuse(r.code, r.field);

/**
 * The statement import of the fund's API. `deps.store` runs the queries, `deps.documents` archives the PDF,
 * `deps.idempotency` keeps one answer per key, `deps.events` records `statement.imported`.
 */
export function createStatementImportService(deps: {
  db: Db;
  store: StatementImportStore;
  documents: DocumentsStore;
  idempotency: Idempotency;
  events: FundEventsStore;
  mailer: Mailer;
  tenant: TenantDefinition;
  config: Pick<Config, 'LETTERS_DIR'>;
  clock: Clock;
  logger: Logger;
}) {
  const { db, store, documents, tenant, clock, logger } = deps;

  /** The checks that need no database: key, SVNR, number, Stichtag, the figures' group, the PDF. */
  function checkShape(input: ImportStatementInput): Result<{ svnr: string; bytes: Buffer; figures: PkStatementFigures | VkStatementFigures }, ImportStatementCode> {
    if (!IDEMPOTENCY_KEY_PATTERN.test(input.idempotencyKey)) return refuse('IDEMPOTENCY_KEY_INVALID', 'idempotencyKey');
    const svnr = normalizeSvnr(input.svnr.slice(0, 40));
    if (insuranceNumberKind(svnr) === null) return refuse('SVNR_INVALID', 'svnr');
    if (!CONTRACT_NUMBER.test(input.contractNumber)) return refuse('CONTRACT_NUMBER_INVALID', 'contractNumber');
    if (!input.stichtag.endsWith('-12-31')) return refuse('STICHTAG_INVALID', 'stichtag');
    if (input.stichtag > isoDateVienna(clock.now())) return refuse('STICHTAG_IN_FUTURE', 'stichtag');
    const { pk, vk } = input.figures;
    const figures = input.fund === 'PK' ? pk : vk;
    if (!figures || (input.fund === 'PK' ? vk : pk)) return refuse('FIGURES_FUND_MISMATCH', 'figures');
    const own = input.fund === 'PK' ? pkFiguresOf(figures as PkStatementFigures) : vkFiguresOf(figures as VkStatementFigures);
    const range = figureRangeRefusal(input.fund, own);
    if (range) return refuseFigures(range);
    const pdf = decodeStatementPdf(input.pdf);
    if ('refused' in pdf) return refuse(pdf.refused, 'pdf');
    return ok({ svnr, bytes: pdf.bytes, figures: own });
  }

  /** Stores the statement of `input.fund` and answers its row id, or the refusal; inside the import's transaction. */
  async function storeStatement(person: PersonRow, input: ImportStatementInput, figures: PkStatementFigures | VkStatementFigures): Promise<Result<number, ImportStatementCode>> {
    const holder = input.fund === 'PK' ? await store.pkContract(input.contractNumber) : await store.vkAccount(input.contractNumber);
    if (!holder) return refuse('UNKNOWN_CONTRACT', 'contractNumber');
    if (holder.personId !== person.id) return refuse('CONTRACT_OF_OTHER_PERSON', 'contractNumber');
    if (Number(input.stichtag.slice(0, 4)) < Number(holder.startDate.slice(0, 4))) return refuse('STICHTAG_BEFORE_START', 'stichtag');
    if (input.fund === 'PK') {
      const rows = await store.pkStatements(holder.id);
      if (rows.some((r) => r.stichtag === input.stichtag)) return refuse('STATEMENT_EXISTS', 'stichtag');
      const refused = checkPkFigures(figures as PkStatementFigures, neighboursOf(rows, input.stichtag, pkFiguresOf));
      if (refused) return refuseFigures(refused);
      return ok((await store.insertPkStatement(holder.id, input.stichtag, figures as PkStatementFigures)).id);
    }
    const rows = await store.vkStatements(holder.id);
    if (rows.some((r) => r.stichtag === input.stichtag)) return refuse('STATEMENT_EXISTS', 'stichtag');
    const refused = checkVkFigures(figures as VkStatementFigures, neighboursOf(rows, input.stichtag, vkFiguresOf));
    if (refused) return refuseFigures(refused);
    return ok((await store.insertVkStatement(holder.id, input.stichtag, figures as VkStatementFigures)).id);
  }

  /**
   * The document's title from the catalogue: "Leistungsnachweis zum …", "Kontonachricht zum …", with the account
   * number when the person holds several Vorsorgekasse accounts (as the seeded documents are titled).
   */
  async function titleOf(person: PersonRow, input: ImportStatementInput): Promise<string> {
    const t = texts.fundImport.document;
    const several = input.fund === 'VK' && (await store.vkAccountCount(person.id)) > 1;
    return fill(several ? t.titleSeveralAccounts : t.title[input.fund], { date: formatDate(input.stichtag), number: input.contractNumber });
  }

  /** The member's document of the statement with the fund's PDF archived as sent; null without the archive. */
  async function archiveDocument(person: PersonRow, input: ImportStatementInput, statementId: number, bytes: Buffer, sha256: string, title: string): Promise<number | null> {
    if (!tenant.documentsArchive) return null;
    const now = isoInstant(clock.now());
    const row = await documents.insert({
      personId: person.id,
      category: input.fund === 'PK' ? 'PERFORMANCE_STATEMENT' : 'VK_ACCOUNT_STATEMENT',
      fund: input.fund,
      title,
      documentDate: input.stichtag,
      sourceTable: input.fund === 'PK' ? 'pk_statements' : 'vk_statements',
      sourceId: statementId,
      fileName: fill(texts.fundImport.document.fileName[input.fund], { year: input.stichtag.slice(0, 4), number: input.contractNumber.replace(/[^A-Za-z0-9-]/g, '') }),
      createdAt: now,
    });
    await documents.archiveFile({ documentId: row.id, sha256, content: bytes, archivedAt: now });
    return row.id;
  }

  /**
   * The notice by the member's delivery choice (PK: `benefitStatementDigital`, VK: `accountStatementByMail`): with
   * digital delivery and an e-mail address a notice without content through the mail outbox (in the transaction);
   * otherwise the PDF goes to LETTERS_DIR for the print service, written once the import committed.
   */
  async function notify(person: PersonRow, input: ImportStatementInput, statementId: number, bytes: Buffer, title: string, origin: string): Promise<StatementNotice> {
    const digital = input.fund === 'PK' ? person.benefitStatementDigital === true : person.accountStatementByMail;
    if (digital && person.email) {
      const t = texts.fundImport.statementNotice;
      const mail = renderMail(tenant, {
        subject: t.subject,
        salutation: salutationFor(person),
        paragraphs: [fill(t.body, { title }), t.contentInPortal],
        link: { label: t.link, url: portalLink(origin, '/dokumente', {}) },
      });
      await deps.mailer.send({ personId: person.id, kind: 'STATEMENT_NOTICE', to: person.email, ...mail });
      return 'EMAIL';
    }
    const relative = join(isoDateVienna(clock.now()).slice(0, 7), `kontoinformation-${input.fund.toLowerCase()}-${statementId}.pdf`);
    afterCommit(() => {
      const file = join(resolve(deps.config.LETTERS_DIR), relative);
      // Written under a temporary name and renamed, so the print service never picks up a half-written file.
      mkdir(dirname(file), { recursive: true })
        .then(() => writeFile(`${file}.part`, bytes))
        .then(() => rename(`${file}.part`, file))
        .then(
          () => logger.info('statement letter written', { statementId, fund: input.fund, file: relative }),
          (error: unknown) => logger.error('statement letter failed', { statementId, fund: input.fund, error: error instanceof Error ? error.message : String(error) }),
        );
    });
    return 'LETTER';
  }

  return {
    /**
     * Imports one yearly statement (decision 0057) for `actor` (a machine client of the fund, later a staff person).
     * Checks, in this order and before anything is written: the key, the insurance number, the number, the Stichtag
     * (a 31 December, not after today in Vienna), the figures' group and ranges, the PDF (content and size); then the person
     * (UNKNOWN_SVNR), the contract or account (UNKNOWN_CONTRACT, CONTRACT_OF_OTHER_PERSON, STICHTAG_BEFORE_START), an
     * existing statement of the Stichtag (STATEMENT_EXISTS) and the sums (FIGURES_DO_NOT_ADD_UP). Then, in one write
     * transaction: the statement row, the document with the PDF archived, the notice (`notice`), the event
     * `statement.imported` and the idempotency key. The same key with the same input answers the first result and
     * writes nothing; the same key with other input is IDEMPOTENCY_KEY_REUSED. A refusal writes nothing.
     * `origin` is the portal's public origin for the notice's link.
     */
    async importStatement(actor: EventActor, input: ImportStatementInput, origin: string): Promise<ImportResult> {
      const shape = checkShape(input);
      if (!shape.ok) return shape;
      const { svnr, bytes, figures } = shape.value;
      const person = await store.personBySvnr(svnr);
      if (!person) return refuse('UNKNOWN_SVNR', 'svnr');
      const pdfSha256 = createHash('sha256').update(bytes).digest('hex');
      // The fingerprint of the input: the PDF by its digest, so a repeat is compared without keeping megabytes.
      const fingerprint = { svnr, fund: input.fund, contractNumber: input.contractNumber, stichtag: input.stichtag, figures, pdfSha256 };
      const result = await deps.idempotency.withIdempotencyKey(IMPORT_STATEMENT_SCOPE, person.id, input.idempotencyKey, fingerprint, () =>
        writeTransaction(db, async (): Promise<ImportResult> => {
          // Keys are kept per person; a key already used for another person's import is another input too.
          if (await store.keyUsedForOther(IMPORT_STATEMENT_SCOPE, input.idempotencyKey, person.id)) return refuse('IDEMPOTENCY_KEY_REUSED', 'idempotencyKey');
          const stored = await storeStatement(person, input, figures);
          if (!stored.ok) return stored;
          const statementId = stored.value;
          const title = await titleOf(person, input);
          const documentId = await archiveDocument(person, input, statementId, bytes, pdfSha256, title);
          const notice = await notify(person, input, statementId, bytes, title, origin);
          const imported: ImportedStatement = {
            personId: person.id,
            fund: input.fund,
            contractNumber: input.contractNumber,
            stichtag: input.stichtag,
            statementId,
            documentId,
            notice,
            pdfSha256,
          };
          await deps.events.record({
            type: 'statement.imported',
            personId: person.id,
            subjectId: `${input.fund}:${statementId}`,
            actor,
            data: { fund: input.fund, contractNumber: input.contractNumber, stichtag: input.stichtag, statementId, documentId, notice },
          });
          return ok(imported);
        }),
      );
      if (!result.ok && result.code === 'IDEMPOTENCY_KEY_REUSED' && result.fieldErrors.length === 0) return refuse('IDEMPOTENCY_KEY_REUSED', 'idempotencyKey');
      return result;
    },
  };
}

export type StatementImportService = ReturnType<typeof createStatementImportService>;
